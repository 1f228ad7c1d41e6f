/**
 * The facts of contract section 11 for a sample plugin: heavy-tailed
 * downloads with some zeros and a weekly history of 0 to 26 weeks,
 * dependents, releases consistent with the plugin's dates and version,
 * engines (valid and invalid Node.js ranges as written; host ranges, valid
 * or none, as the build keeps them) and trust flags. Drawn from the facts'
 * own stream, so that every other value of a seed stays as it was before
 * these facts existed.
 */
import type { Downloads, Releases, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { iso } from "./dates.js";
import type { Random } from "./random.js";
import { WeightedTable } from "./weighted.js";

const DAY = 86_400_000;
const YEAR = 365 * DAY;

const NODE_RANGES = new WeightedTable<string | null>([
  [null, 40],
  [">=18", 18],
  [">=16.0.0", 12],
  ["^18 || ^20 || ^22", 8],
  [">=20.19", 8],
  ["14.x", 4],
  ["node >= 12", 2],
  ["latest", 1],
]);
/** What the build keeps: a range semver accepts, or none (a manifest's invalid range is read as none). */
const HOST_RANGES = new WeightedTable<string | null>([
  [null, 55],
  [">=3.0.0", 14],
  [">=2.0.0", 9],
  ["^4.0.0", 8],
  [">=1.3.7 <4", 5],
  ["3.x || 4.x", 4],
  [">=4.0.0-beta.1", 3],
  ["*", 2],
]);

export type Facts = Required<Pick<SnapshotPlugin, "downloads" | "dependents" | "releases" | "engines" | "trust">>;

interface Dates {
  readonly version: string;
  readonly publishedAt: string;
  readonly updatedAt: string;
  readonly generatedAt: number;
}

export function facts(random: Random, dates: Dates): Facts {
  return {
    downloads: downloads(random, dates.generatedAt),
    dependents: random.chance(0.6) ? 0 : Math.floor(random.logNormal(3, 1.5)),
    releases: releases(random, dates),
    engines: { node: NODE_RANGES.draw(random), host: HOST_RANGES.draw(random) },
    trust: { provenance: random.chance(0.12), installScripts: random.chance(0.06) },
  };
}

/** Last month's downloads: 10% none, else log-normal around 300; a week about a quarter of that; history around it. */
function downloads(random: Random, generatedAt: number): Downloads {
  const lastMonth = random.chance(0.1) ? 0 : Math.min(50_000_000, Math.floor(random.logNormal(300, 2)));
  const lastWeek = Math.floor(lastMonth * (0.18 + 0.12 * random.float()));
  const weeks = random.int(0, 26);
  const weekly = Array.from({ length: weeks }, (_, i) => {
    const ago = weeks - 1 - i;
    const count = ago === 0 ? lastWeek : Math.floor(lastWeek * (0.6 + 0.8 * random.float()));
    return { date: iso(generatedAt - ago * 7 * DAY).slice(0, 10), count };
  });
  return { lastWeek, lastMonth, weekly };
}

/** The current version at `updatedAt`, the first release at `publishedAt`, older versions stepping back between. */
function releases(random: Random, dates: Dates): Releases {
  const [published, updated] = [Date.parse(dates.publishedAt), Date.parse(dates.updatedAt)];
  const versions = olderVersions(dates.version, published === updated ? 1 : 2 + Math.floor(random.float() ** 2 * 45));
  const middle = Array.from(
    { length: Math.max(0, versions.length - 2) },
    () => published + Math.floor(random.float() * (updated - published)),
  );
  const times = [updated, ...middle.sort((a, b) => b - a), ...(versions.length > 1 ? [published] : [])];
  const all = versions.map((version, i) => ({ version, time: times[i] ?? published }));
  return {
    count: all.length,
    recent: all.slice(0, 10).map((release) => ({ version: release.version, publishedAt: iso(release.time) })),
    times: all.filter((release) => release.time >= dates.generatedAt - YEAR).map((release) => iso(release.time)),
  };
}

/**
 * `version` and `count - 1` earlier ones, newest first, stepping back through patches, minors and majors (a
 * prerelease's base version is not released yet, so the first step goes below it); below 0.0.0, alphas of 0.0.0.
 */
function olderVersions(version: string, count: number): string[] {
  const [major = 0, minor = 0, patch = 0] = version
    .replace(/-.*$/, "")
    .split(".")
    .map((part) => Number(part));
  const versions = [version];
  let [x, y, z] = [major, minor, patch];
  while (versions.length < count) {
    if (z > 0) z--;
    else if (y > 0) [y, z] = [y - 1, 3];
    else if (x > 0) [x, y, z] = [x - 1, 4, 2];
    else break;
    versions.push(`${x}.${y}.${z}`);
  }
  for (let alpha = count - versions.length; alpha > 0; alpha--) versions.push(`0.0.0-alpha.${alpha}`);
  return versions;
}
