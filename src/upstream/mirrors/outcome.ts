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
    }
  /** The platform says it does not exist: it counts 0. */
  | { readonly kind: "missing" }
  /** Could not be read today (rate limit, outage, malformed answer): keep yesterday's counts. */
  | { readonly kind: "unavailable"; readonly reason: string };

export const unavailable = (reason: string): MirrorOutcome => ({ kind: "unavailable", reason });

export function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** Splits work into batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
