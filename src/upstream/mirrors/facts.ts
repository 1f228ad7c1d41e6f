/**
 * A repository's facts beyond its counts (docs/API.md#repositories), read
 * in the same requests: its canonical web URL, whether it is archived, its
 * open issues, its last push and its default branch. Every value is checked
 * on its own: a malformed one is left out (the caller keeps yesterday's), and
 * the mirror's counts still stand.
 */
import { BOUNDS, cleanText, isLongerThan } from "../../core/bounds.js";
import { timeOf } from "../registry/dates.js";
import { isCount } from "./outcome.js";

export interface RepositoryFacts {
  readonly url?: string;
  readonly archived?: boolean;
  /** Open issues without pull requests. */
  readonly openIssues?: number;
  /** Last push (GitLab: last activity); null when the platform says there is none. */
  readonly pushedAt?: string | null;
  /** Null when the platform says there is none (an empty repository). */
  readonly defaultBranch?: string | null;
}

/** The five facts as a platform answered them, any type. */
export interface RawFacts {
  readonly url: unknown;
  readonly archived: unknown;
  readonly openIssues: unknown;
  readonly pushedAt: unknown;
  readonly defaultBranch: unknown;
}

export const FACT_KEYS = ["url", "archived", "openIssues", "pushedAt", "defaultBranch"] as const;

/** The well-formed ones of `raw`; the others are left out. */
export function repositoryFacts(raw: RawFacts): RepositoryFacts {
  const checked: Record<string, unknown> = {
    url: webUrl(raw.url),
    archived: typeof raw.archived === "boolean" ? raw.archived : undefined,
    openIssues: isCount(raw.openIssues) ? raw.openIssues : undefined,
    pushedAt: raw.pushedAt === null ? null : timestamp(raw.pushedAt),
    defaultBranch: raw.defaultBranch === null ? null : branchName(raw.defaultBranch),
  };
  return Object.fromEntries(Object.entries(checked).filter(([, value]) => value !== undefined)) as RepositoryFacts;
}

/** Every fact was answered well-formed today. */
export function hasEveryFact(facts: RepositoryFacts): boolean {
  return FACT_KEYS.every((key) => facts[key] !== undefined);
}

/** An absolute http(s) URL without white space, at most `BOUNDS.homepage` long: a cut URL would point elsewhere. */
function webUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || isLongerThan(value, BOUNDS.homepage) || cleanText(value) !== value || /\s/.test(value)) return undefined;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol) ? value : undefined;
  } catch {
    return undefined;
  }
}

function timestamp(value: unknown): string | undefined {
  // Longer than any way of writing a date: not worth parsing.
  const time = typeof value === "string" && value.length <= 64 ? timeOf(value) : undefined;
  return time === undefined ? undefined : new Date(time).toISOString();
}

/** A branch name as git allows it is short and plain: a long one or one with controls is no answer, not one to cut. */
function branchName(value: unknown): string | undefined {
  return typeof value === "string" &&
    value !== "" &&
    !isLongerThan(value, BOUNDS.version) &&
    cleanText(value) === value &&
    !/\s/.test(value)
    ? value
    : undefined;
}
