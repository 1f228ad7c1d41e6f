/**
 * Seeded catalogs for `compat`: a host with releases, prereleases, build
 * metadata, a version listed twice, one npm's semver cannot read, and
 * dist-tags (one naming a version never published); plugins whose declared
 * ranges are valid (prerelease-bearing ones too), invalid or missing.
 */
import fc from "fast-check";
import type { CatalogSnapshot, Compatibility, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { catalogArbitrary } from "./arbitraries.js";
import { makePlugin, makeSnapshot } from "./fixtures.js";
import { makeLargeCatalog, seededRandom } from "./large-catalog.js";

const RELEASES = [0, 1, 2, 3, 4].flatMap((major) =>
  [0, 1, 2, 3].flatMap((minor) => [0, 1, 2].map((patch) => `${major}.${minor}.${patch}`)),
);
const PRERELEASES = [
  "1.0.0-beta.0",
  "2.0.0-rc.1",
  "3.1.0-alpha.0",
  "4.0.0-beta.1",
  "4.0.0-rc.2",
  "5.0.0-beta.0",
  "5.0.0-beta.2",
  "5.0.0-rc.1",
];

/** What the host published, as its packument lists them (oldest first, a duplicate and an odd one included). */
export const HOST_VERSIONS: readonly string[] = [...RELEASES, ...PRERELEASES, "2.0.1+build.5", "1.0.0", "not-a-version"];

export const HOST: Compatibility = {
  host: "acme-host",
  ranges: ["acme.host", "engines.acme-host"],
  versions: [...HOST_VERSIONS],
  distTags: { latest: "4.3.2", next: "5.0.0-rc.1", beta: "5.0.0-beta.2", lts: "3.3.2", "Mixed-Case": "1.0.0", gone: "9.9.9" },
};

/** Values `compat` refuses on this host: unknown, `v`-prefixed, wrong-case tags, a tag of an unpublished version, odd ones. */
export const REFUSED = [
  "9.9.9",
  "v4.3.2",
  "=4.3.2",
  "LATEST",
  "Latest",
  "mixed-case",
  "gone",
  "not-a-version",
  "4.3",
  "4",
  "^4.3.2",
  " 4.3.2",
  "🦊",
];

/** Every value `compat` accepts on this host: each published version, each tag of a published version. */
export const ACCEPTED: readonly string[] = [
  ...new Set(HOST_VERSIONS.filter((v) => v !== "not-a-version")),
  "latest",
  "next",
  "beta",
  "lts",
  "Mixed-Case",
];

const VALID_RANGES = (major: number, minor: number): string[] => [
  `^${major}.${minor}.0`,
  `>=${major}.${minor}`,
  `~${major}.${minor}.1`,
  `${major}.x`,
  `<${major}`,
  `${major}.0.0 - ${major + 1}.${minor}.0`,
  `^${major} || ^${major + 1}`,
  `>=${major}.0.0-0`,
  `^${major}.0.0-beta.1`,
  `>=1.0.0 <${major}.${minor}.0-rc.0`,
  "*",
  "",
];
const INVALID_RANGES = ["garbage", ">>1", "latest", "^1..2", "=>2", "1.2.3.4", "x || y y", "^~1"];

/** A declared range, or none: `engines` absent, or its `host` null. */
function drawRange(random: () => number): SnapshotPlugin["engines"] | undefined {
  const roll = random();
  if (roll < 0.2) return undefined;
  if (roll < 0.3) return { node: ">=18", host: null };
  if (roll < 0.45) return { node: null, host: INVALID_RANGES[Math.floor(random() * INVALID_RANGES.length)]! };
  const ranges = VALID_RANGES(Math.floor(random() * 6), Math.floor(random() * 4));
  return { node: null, host: ranges[Math.floor(random() * ranges.length)]! };
}

/** `snapshot` with the host and a seeded range (or none) for each plugin. */
export function withCompat(snapshot: CatalogSnapshot, seed: number, compatibility: Compatibility = HOST): CatalogSnapshot {
  const random = seededRandom(seed);
  const plugins = snapshot.plugins.map((plugin) => {
    const engines = drawRange(random);
    return engines === undefined ? plugin : { ...plugin, engines };
  });
  return { ...snapshot, compatibility, plugins };
}

/** Random catalogs of the arbitraries (ties everywhere, the reference's vocabulary), with ranges and the host. */
export function compatCatalogArbitrary(max = 60): fc.Arbitrary<CatalogSnapshot> {
  return fc.tuple(catalogArbitrary(max), fc.integer({ min: 1, max: 2 ** 31 })).map(([catalog, seed]) => withCompat(catalog, seed));
}

// ---------------------------------------------------------------------------
// COMPAT: a hand-made catalog whose answers are worked out by hand (and with
// semver) in the contract suite. Stars all distinct: the array order is the
// stars order.
// ---------------------------------------------------------------------------

const range = (host: string | null): Pick<SnapshotPlugin, "engines"> => ({ engines: { node: null, host } });

export const COMPAT_HOST: Compatibility = {
  host: "acme-host",
  ranges: ["engines.acme-host"],
  versions: ["1.0.0", "2.0.0", "3.0.0", "3.1.0", "4.0.0", "4.1.0-beta.1", "4.1.2"],
  distTags: { latest: "4.1.2", next: "4.1.0-beta.1", old: "1.0.0" },
};

export const COMPAT_PLUGINS: readonly SnapshotPlugin[] = [
  makePlugin({ npmName: "any-host", totalStars: 100, tags: ["charts"], hasWebUi: true, creators: ["bob"] }),
  makePlugin({
    npmName: "needs-four",
    totalStars: 90,
    tags: ["charts"],
    creators: ["alice"],
    description: "wind charts",
    ...range(">=4.0.0"),
  }),
  makePlugin({ npmName: "three-only", totalStars: 80, tags: ["maps"], hasWebUi: true, ...range("^3.0.0") }),
  makePlugin({ npmName: "three-or-four", totalStars: 70, tags: ["Charts"], creators: ["alice"], ...range("^3 || ^4") }),
  makePlugin({ npmName: "broken-range", totalStars: 60, tags: ["maps"], description: "wind maps", ...range("garbage") }),
  makePlugin({ npmName: "before-two", totalStars: 50, tags: ["charts"], ...range("<2") }),
  makePlugin({ npmName: "four-one-pre", totalStars: 40, hasWebUi: true, ...range(">=4.1.0-beta.0") }),
  makePlugin({ npmName: "null-host", totalStars: 30, engines: { node: ">=18", host: null } }),
  makePlugin({ npmName: "exact-beta", totalStars: 20, tags: ["charts"], ...range("4.1.0-beta.1") }),
];

export const COMPAT: CatalogSnapshot = { ...makeSnapshot(COMPAT_PLUGINS), compatibility: COMPAT_HOST, categories: ["charts", "maps"] };

/** The same catalog whose build never read its host's versions (the registry failed every day so far). */
export const COMPAT_UNREAD: CatalogSnapshot = { ...COMPAT, compatibility: { host: "acme-host", ranges: ["engines.acme-host"] } };

/** A seeded catalog of 150 plugins with the generated host, for combinations checked against the model. */
export const COMPAT_GENERATED: CatalogSnapshot = withCompat(makeLargeCatalog(150, 12).snapshot, 12);
