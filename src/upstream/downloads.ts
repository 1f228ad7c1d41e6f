/**
 * A member's download counts and dependents (docs/API.md#downloads): today's
 * from the search result that listed it, each falling back to the previous
 * build's value, else 0; and the weekly history the catalog carries from build
 * to build, one entry per UTC ISO week with a build.
 */
import { DOWNLOAD_WEEKS, type Downloads, type SnapshotPlugin } from "../snapshot/schema.js";
import type { ListedCounts } from "./registry/counts.js";

export interface WeeklyCount {
  /** `YYYY-MM-DD`, UTC. */
  readonly date: string;
  readonly count: number;
}

export interface MemberCounts {
  readonly downloads: Downloads;
  readonly dependents: number;
  /** Some count of today's search result was absent or malformed, and the previous value (else 0) stands for it. */
  readonly fellBack: boolean;
}

/**
 * @param day the build's day, `YYYY-MM-DD` (UTC)
 */
export function memberCounts(listed: ListedCounts, before: SnapshotPlugin | undefined, day: string): MemberCounts {
  const lastWeek = listed.lastWeek ?? before?.downloads?.lastWeek ?? 0;
  const lastMonth = listed.lastMonth ?? before?.downloads?.lastMonth ?? 0;
  return {
    downloads: { lastWeek, lastMonth, weekly: nextWeekly(before?.downloads?.weekly ?? [], day, lastWeek) },
    dependents: listed.dependents ?? before?.dependents ?? 0,
    fellBack: listed.lastWeek === undefined || listed.lastMonth === undefined || listed.dependents === undefined,
  };
}

/**
 * The history after a build on `day` read `count`: the previous history's entry of the same ISO week is replaced,
 * else today's is appended; the newest `DOWNLOAD_WEEKS` are kept, oldest first. An entry of a later week than the
 * build's (a clock set back, a hand-made snapshot) is dropped: a history is in order and ends with the latest build.
 * A history not in order, or with two entries of one week, is put in order keeping each week's latest entry.
 *
 * @example nextWeekly([{ date: "2026-11-16", count: 5 }], "2026-11-20", 7) // [{ date: "2026-11-20", count: 7 }]
 */
export function nextWeekly(previous: readonly WeeklyCount[], day: string, count: number): WeeklyCount[] {
  const week = weekOf(day);
  // A snapshot holds at most DOWNLOAD_WEEKS entries: sorting them costs nothing.
  const earlier = previous.filter((entry) => weekOf(entry.date) < week).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const byWeek = new Map<number, WeeklyCount>();
  for (const entry of earlier) byWeek.set(weekOf(entry.date), { date: entry.date, count: entry.count });
  return [...byWeek.values(), { date: day, count }].slice(-DOWNLOAD_WEEKS);
}

const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of the Monday that starts the ISO week of `day` (`YYYY-MM-DD`). */
export function weekOf(day: string): number {
  const days = Math.floor(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);
  // 1970-01-01 was a Thursday, three days after a Monday.
  return days - ((((days + 3) % 7) + 7) % 7);
}
