import { cleanText } from "../../core/bounds.js";
import type { RepositoryFacts } from "./facts.js";

/** What reading one mirror's counts today gave. */
export type MirrorOutcome =
  | {
      readonly kind: "found";
      /** The repository as the platform names it now (after renames and transfers). */
      readonly canonicalPath: string;
      /** The owner login in the platform's casing. */
      readonly owner: string;
      readonly stars: number;
      readonly forks: number;
      /** What else the same answer said; a fact it did not give well-formed is absent (yesterday's stands for it). */
      readonly facts: RepositoryFacts;
    }
  /** The platform says it does not exist: it counts 0. */
  | { readonly kind: "missing" }
  /** Could not be read today (rate limit, outage, malformed answer): keep yesterday's counts. */
  | { readonly kind: "unavailable"; readonly reason: string };

export const unavailable = (reason: string): MirrorOutcome => ({ kind: "unavailable", reason });

/**
 * Far above any repository's stars or forks (GitHub's most-starred has under a million), and low enough that a
 * plugin's sum over its mirrors stays an exact integer: a larger number is a malformed answer, not a count.
 */
export const MAX_COUNT = 1_000_000_000;

export function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_COUNT;
}

/** An owner's login as a platform may answer it: one path segment, at most 256 characters. */
export function isOwnerLogin(value: unknown): value is string {
  return typeof value === "string" && value.length <= 256 && /^[^/\s]+$/.test(value) && !DOTS.test(value) && cleanText(value) === value;
}

/**
 * `owner/name` (GitLab: `group/sub/name`) as a platform may answer it, and as the build may ask for it: no white
 * space, controls, empty segment, or a `.` or `..` segment (which a URL would resolve into another path).
 */
export function isRepositoryPath(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= 512 &&
    /^[^/\s]+(\/[^/\s]+)+$/.test(value) &&
    !value.split("/").some((segment) => DOTS.test(segment)) &&
    cleanText(value) === value
  );
}

const DOTS = /^\.{1,2}$/;

/** Splits work into batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
