/**
 * A package's releases from its packument (docs/API.md#releases): the
 * versions in `versions` that have a date in `time`, the latest few, and the
 * publication times of the last year that any later build counts
 * `releases.lastYear` from. One pass over the versions, with bounded heaps:
 * linear in the packument, whatever the number of versions.
 */
import { BOUNDS, boundedText, cleanText } from "../../core/bounds.js";
import { RECENT_RELEASES, RELEASE_TIMES, type Releases } from "../../snapshot/schema.js";
import { timeOf } from "./dates.js";
import { TopK } from "./top-k.js";
import { compareVersions, RankedVersion } from "./version-order.js";

const DAY_MS = 86_400_000;
/** How far back `times` reaches from the read: any build within a year of it counts its last year's releases from them. */
export const RELEASE_WINDOW_MS = 365 * DAY_MS;

/** A dated version: ordered by date, newest first, ties by version (version-order.ts). */
export class Release extends RankedVersion {
  constructor(
    version: string,
    readonly time: number,
  ) {
    super(version);
  }
}

/** Positive when `a` is the later release. */
export function compareReleases(a: Release, b: Release): number {
  return a.time - b.time || compareVersions(a, b);
}

/**
 * @param versions the packument's `versions` (only its keys are read)
 * @param time the packument's `time`
 * @param readAt when the packument was read, epoch ms
 */
export function releasesOf(versions: Readonly<Record<string, unknown>>, time: Readonly<Record<string, unknown>>, readAt: number): Releases {
  const recent = new TopK<Release>(RECENT_RELEASES, compareReleases);
  const times = new TopK<number>(RELEASE_TIMES, (a, b) => a - b);
  const since = readAt - RELEASE_WINDOW_MS;
  let count = 0;
  for (const version of Object.keys(versions)) {
    const at = Object.hasOwn(time, version) ? timeOf(time[version]) : undefined;
    // A key that cleans to nothing (only control characters) is no version anyone could ask for or be shown.
    if (at === undefined || cleanText(version) === "") continue;
    count++;
    recent.push(new Release(version, at));
    if (at >= since) times.push(at);
  }
  return {
    count,
    recent: recent.sorted().map((release) => ({ version: boundedText(release.version, BOUNDS.version), publishedAt: iso(release.time) })),
    times: times.sorted().map(iso),
  };
}

const iso = (time: number): string => new Date(time).toISOString();
