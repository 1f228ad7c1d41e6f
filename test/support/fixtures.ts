/**
 * Small, valid catalog snapshots for the tests, and the hand-crafted catalogs
 * that the contract suite uses to expose each rule of docs/API.md (listing, sorting, search).
 *
 * `makeSnapshot` checks every catalog against the snapshot schema, so a
 * fixture mistake fails loudly here rather than as a puzzling API answer.
 */
import type { Plugin } from "../../src/core/plugin.js";
import {
  type CatalogSnapshot,
  type Mirror,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type SnapshotPlugin,
  snapshotSchema,
} from "../../src/snapshot/schema.js";
import { slugFor } from "../../src/snapshot/slug.js";

export const DEFAULT_GENERATED_AT = "2025-03-04T02:00:00.000Z";

let counter = 0;

/**
 * A valid `SnapshotPlugin`. Defaults: the slug follows from `npmName`, the
 * display name is the npm name, totals are the sums of `mirrors`. When only
 * `totalStars`/`totalForks` are given, one GitHub mirror carrying them is made
 * up so that the snapshot stays valid.
 */
export function makePlugin(overrides: Partial<SnapshotPlugin> = {}): SnapshotPlugin {
  counter += 1;
  const npmName = overrides.npmName ?? `plugin-${counter}`;
  const slug = overrides.slug ?? slugFor(npmName);
  const mirrors: Mirror[] =
    overrides.mirrors ??
    (overrides.totalStars !== undefined || overrides.totalForks !== undefined
      ? [
          {
            platform: "github",
            path: `owner/${slug.replace(/[^a-z0-9-]/g, "-") || "repo"}`,
            stars: overrides.totalStars ?? 0,
            forks: overrides.totalForks ?? 0,
          },
        ]
      : []);
  const plugin: SnapshotPlugin = {
    slug,
    npmName,
    name: overrides.name ?? npmName,
    description: overrides.description ?? "",
    version: overrides.version ?? "1.0.0",
    license: overrides.license ?? "MIT",
    homepage: overrides.homepage === undefined ? null : overrides.homepage,
    totalStars: overrides.totalStars ?? mirrors.reduce((sum, m) => sum + m.stars, 0),
    totalForks: overrides.totalForks ?? mirrors.reduce((sum, m) => sum + m.forks, 0),
    hasWebUi: overrides.hasWebUi ?? false,
    publishedAt: overrides.publishedAt ?? "2023-01-01T00:00:00.000Z",
    updatedAt: overrides.updatedAt ?? "2024-01-01T00:00:00.000Z",
    tags: overrides.tags ?? [],
    readme: overrides.readme ?? "",
    creators: overrides.creators ?? ["maintainer"],
    mirrors,
  };
  if (overrides.registry !== undefined) plugin.registry = overrides.registry;
  // The facts of contract section 11 and 12, when a test gives them.
  for (const key of ["readmeCut", "downloads", "dependents", "releases", "engines", "trust"] as const) {
    if (overrides[key] !== undefined) Object.assign(plugin, { [key]: overrides[key] });
  }
  return plugin;
}

/** A valid snapshot (checked against the schema). */
export function makeSnapshot(plugins: readonly SnapshotPlugin[], generatedAt: string = DEFAULT_GENERATED_AT): CatalogSnapshot {
  const snapshot: CatalogSnapshot = { format: SNAPSHOT_FORMAT, formatVersion: SNAPSHOT_VERSION, generatedAt, plugins: [...plugins] };
  const checked = snapshotSchema.safeParse(snapshot);
  if (!checked.success) throw new Error(`invalid test fixture: ${checked.error.message}`);
  return snapshot;
}

/**
 * The Plugin object the API must show for a snapshot record. The type is the
 * product's own; the key order the contract requires is checked against
 * PLUGIN_KEYS below, written out here independently of the code.
 */
export type WirePlugin = Plugin;

export const PLUGIN_KEYS = [
  "slug",
  "npmName",
  "name",
  "description",
  "version",
  "license",
  "homepage",
  "totalStars",
  "totalForks",
  "hasWebUi",
  "publishedAt",
  "updatedAt",
  "tags",
] as const;

export const PAGE_KEYS = ["total", "page", "perPage", "pages", "plugins"] as const;

/** Written from PLUGIN_KEYS, not from the product's projection, so that a key the product drops or reorders shows. */
export function wireView(p: SnapshotPlugin): WirePlugin {
  return Object.fromEntries(PLUGIN_KEYS.map((key) => [key, key === "tags" ? [...p.tags] : p[key]])) as unknown as WirePlugin;
}

// ---------------------------------------------------------------------------
// CORE: parameters, filters, paging, response shape. Stars all distinct, so
// the default order is unambiguous: the array order below.
// ---------------------------------------------------------------------------

export const CORE_PLUGINS: readonly SnapshotPlugin[] = [
  makePlugin({
    npmName: "alpha-charts",
    name: "Alpha Charts",
    totalStars: 120,
    totalForks: 12,
    description: "Charts for AIS data",
    tags: ["Charts", "ais"],
    creators: ["Alice", "bob-smith"],
    hasWebUi: true,
    homepage: "https://alpha.example.org/",
    license: "Apache-2.0",
    version: "2.3.4",
    publishedAt: "2021-02-03T04:05:06.789Z",
    updatedAt: "2024-06-01T10:00:00.000Z",
    mirrors: [
      { platform: "github", path: "alice/alpha-charts", stars: 100, forks: 10 },
      { platform: "gitlab", path: "group/sub/alpha-charts", stars: 20, forks: 2 },
    ],
  }),
  makePlugin({
    npmName: "beta-maps",
    name: "Beta Maps",
    totalStars: 95,
    description: "Maps and charts",
    tags: ["maps", "charts"],
    creators: ["Carol"],
    updatedAt: "2024-05-01T00:00:00.000Z",
  }),
  makePlugin({
    npmName: "gamma-chart",
    name: "Gamma Chart",
    totalStars: 80,
    tags: ["chart"],
    creators: ["alice"],
    hasWebUi: true,
    description: "",
  }),
  makePlugin({
    npmName: "delta-ais",
    name: "Delta AIS",
    totalStars: 77,
    tags: ["AIS", "Ärger"],
    creators: ["odd"],
    homepage: "http://delta.example.com",
    license: "",
  }),
  makePlugin({ npmName: "epsilon", name: "Epsilon", totalStars: 60, tags: ["charting"], creators: ["@odd"], hasWebUi: true }),
  makePlugin({ npmName: "@acme/zeta", name: "Zeta", totalStars: 50, tags: ["CHARTS"], creators: ["alice2"] }),
  makePlugin({ npmName: "eta", name: "Eta", totalStars: 42, tags: ["ärger"], creators: ["Bob-Smith"], hasWebUi: true }),
  makePlugin({ npmName: "theta", name: "Theta", totalStars: 30, tags: ["art"], creators: ["alice-cooper"] }),
  makePlugin({ npmName: "iota", name: "Iota", totalStars: 20, tags: [], creators: [], hasWebUi: true }),
  makePlugin({ npmName: "kappa", name: "Kappa", totalStars: 10, tags: ["Charts"], creators: ["ALICE"] }),
  makePlugin({ npmName: "lambda", name: "Lambda", totalStars: 5, tags: ["ais"], creators: ["Carol", "Alice"], hasWebUi: true }),
  makePlugin({ npmName: "mu", name: "Mu", totalStars: 0, tags: ["charts"], creators: ["dave"] }),
];

export const CORE = makeSnapshot(CORE_PLUGINS, "2025-03-04T02:00:00.000Z");

/** Same plugins, one star count changed, built a day later: a different catalog. */
export const CORE_NEXT_DAY = makeSnapshot(
  CORE_PLUGINS.map((p) =>
    p.slug === "mu"
      ? makePlugin({ ...p, mirrors: [{ platform: "github", path: "dave/mu", stars: 200, forks: 0 }], totalStars: 200, totalForks: 0 })
      : p,
  ),
  "2025-03-05T02:00:00.000Z",
);

// ---------------------------------------------------------------------------
// SORT: ties everywhere; slugs whose code-unit order differs from a locale
// order ("a_b" < "a0" and "a~" < "ab" in ICU, the reverse in code units;
// "a9" < "a10" numerically); names equal under the collator.
// ---------------------------------------------------------------------------

export const SORT_PLUGINS: readonly SnapshotPlugin[] = [
  makePlugin({
    slug: "a~",
    npmName: "sort-tilde",
    name: "Chart 2",
    totalStars: 7,
    updatedAt: "2024-04-30T23:59:59.999Z",
    downloads: { lastWeek: 25, lastMonth: 100, weekly: [] },
  }),
  makePlugin({
    slug: "ab",
    npmName: "sort-ab",
    name: "chart 2",
    totalStars: 7,
    updatedAt: "2024-04-30T23:59:59.999Z",
    downloads: { lastWeek: 25, lastMonth: 100, weekly: [] },
  }),
  makePlugin({
    slug: "a_b",
    npmName: "sort-underscore",
    name: "Chärt 2",
    totalStars: 7,
    updatedAt: "2024-05-01T00:00:00.000Z",
    downloads: { lastWeek: 12, lastMonth: 50, weekly: [] },
  }),
  makePlugin({ slug: "a0", npmName: "sort-zero", name: "Chart 02", totalStars: 7, updatedAt: "2024-05-01T00:00:00.000Z" }),
  makePlugin({
    slug: "a10",
    npmName: "sort-ten",
    name: "Chart 10",
    totalStars: 7,
    updatedAt: "2024-05-01T00:00:00.000Z",
    downloads: { lastWeek: 25, lastMonth: 100, weekly: [] },
  }),
  makePlugin({
    slug: "a9",
    npmName: "sort-nine",
    name: "Zeta",
    totalStars: 7,
    updatedAt: "2024-05-01T00:00:00.001Z",
    downloads: { lastWeek: 1, lastMonth: 5, weekly: [] },
  }),
  makePlugin({
    slug: "a-b",
    npmName: "sort-hyphen",
    name: "alpha",
    totalStars: 7,
    updatedAt: "2020-01-01T00:00:00.000Z",
    downloads: { lastWeek: 1, lastMonth: 7, weekly: [] },
  }),
  makePlugin({
    slug: "a.b",
    npmName: "sort-dot",
    name: "~",
    totalStars: 7,
    updatedAt: "2020-01-01T00:00:00.000Z",
    downloads: { lastWeek: 1, lastMonth: 7, weekly: [] },
  }),
  makePlugin({
    slug: "z",
    npmName: "sort-z",
    name: "Éclair",
    totalStars: 8,
    updatedAt: "2023-01-01T00:00:00.000Z",
    downloads: { lastWeek: 12, lastMonth: 50, weekly: [] },
  }),
  makePlugin({
    slug: "0",
    npmName: "sort-0",
    name: "Δέλτα",
    totalStars: 6,
    updatedAt: "2022-01-01T00:00:00.000Z",
    downloads: { lastWeek: 25, lastMonth: 100, weekly: [] },
  }),
  makePlugin({ slug: "b", npmName: "sort-b", name: "日本", totalStars: 7, updatedAt: "2021-01-01T00:00:00.000Z" }),
];

export const SORT = makeSnapshot(SORT_PLUGINS);

/** Expected slug orders for SORT, worked out by hand from docs/API.md#sorting. */
export const SORT_EXPECTED = {
  stars: ["z", "a-b", "a.b", "a0", "a10", "a9", "a_b", "ab", "a~", "b", "0"],
  recent: ["a9", "a0", "a10", "a_b", "ab", "a~", "z", "0", "b", "a-b", "a.b"],
  name: ["a.b", "a-b", "a0", "a_b", "ab", "a~", "a10", "z", "a9", "0", "b"],
  // Ties of downloads (100, 50, 7, and none: 0) broken by stars, then slug in code-unit order.
  downloads: ["a10", "ab", "a~", "0", "z", "a_b", "a-b", "a.b", "a9", "a0", "b"],
} as const;

// ---------------------------------------------------------------------------
// SEARCH: each word below lives in exactly one place, so a hit shows which
// field (or which part of a README) the implementation indexed.
// ---------------------------------------------------------------------------

export const RICH_README = [
  "# Anemometer guide",
  "",
  "Reads the **pluviometer** and _barograph_ values.",
  "",
  'See the [windvane manual](https://example.com/barometerlink "hovertitle") for details.',
  "",
  "![thermograph picture](https://img.example.org/hygrometer.png)",
  "",
  "[![compasslogo](https://badges.example.org/compassimg.svg)](https://example.org/compasshref)",
  "",
  "Also read the [sextant docs][ref].",
  "",
  "[ref]: https://example.net/astrolabe",
  "",
  'Inline <span class="pyranometer" data-note="ceilometer">disdrometer</span> readings.',
  "",
  '<p align="center">',
  '  <img src="psychrometer.png" alt="nephoscope" width="200">',
  "</p>",
  "",
  "```js",
  "const lysimeter = require('tiltmeter');",
  "```",
  "",
  "~~~",
  "odograph",
  "~~~",
  "",
  "- transit theodolite",
  "",
].join("\n");

/** A README whose only prose sits inside a block-level HTML element. */
export const HTML_BLOCK_README = ['<div align="right">', "heliograph", "</div>", ""].join("\n");

export const SEARCH_PLUGINS: readonly SnapshotPlugin[] = [
  makePlugin({
    npmName: "@acme/aquarium-watch",
    name: "Zebrafish Monitor",
    description: "Watches humidity.",
    totalStars: 90,
    tags: ["telemetry"],
    license: "MPL-2.0",
    homepage: "https://homepageonly.example.org/",
  }),
  makePlugin({ npmName: "@acme/beacon-lamp", name: "Lighthouse Keeper", description: "Guides ships at night.", totalStars: 85 }),
  makePlugin({
    npmName: "greenhouse-climate",
    name: "Greenhouse Climate",
    description: "Tracks humidity and temperature.",
    totalStars: 80,
  }),
  makePlugin({
    npmName: "weather-station",
    name: "Weather Station",
    description: "Collects readings.",
    readme: RICH_README,
    totalStars: 75,
  }),
  makePlugin({ npmName: "html-block", name: "Html Block", description: "Shows a block.", readme: HTML_BLOCK_README, totalStars: 74 }),
  makePlugin({ npmName: "cafe-menu", name: "Café Crème", description: "Menus for the CAFÉ terrace.", totalStars: 70 }),
  makePlugin({ npmName: "@acme/foo_bar.js", description: "Underscored.", totalStars: 65 }),
  makePlugin({ npmName: "influx-writer", name: "Influx Writer", description: "Writes points to influx-db.", totalStars: 60 }),
  makePlugin({ npmName: "influxdb-exporter", name: "InfluxDB Exporter", description: "Exports series.", totalStars: 55 }),
  makePlugin({ npmName: "chart-plugins", name: "Chart Plugins", description: "Draws charts.", totalStars: 50 }),
  makePlugin({ npmName: "chartjs-adapter", name: "Chartjs Adapter", description: "Adapter.", totalStars: 45 }),
  makePlugin({ npmName: "happyfeet-dance", name: "Happyfeet Dance", description: "Dancing penguins.", totalStars: 40 }),
  makePlugin({ npmName: "the-who-tribute", name: "The Who Tribute", description: "", totalStars: 35 }),
  makePlugin({ npmName: "rain-high", name: "Gauge", description: "rain gauge", totalStars: 30 }),
  makePlugin({ npmName: "rain-mid", name: "Rain", description: "", totalStars: 20 }),
  makePlugin({
    npmName: "rain-low",
    name: "Accumulator",
    description: "",
    readme: "rain rain rain rain rain rain rain rain",
    totalStars: 10,
  }),
  makePlugin({ npmName: "meteo-ru", name: "Метеостанция", description: "Данные для яхты", totalStars: 9 }),
  makePlugin({ npmName: "kaze", name: "風速計 Sensor", description: "", totalStars: 8 }),
  makePlugin({ npmName: "delta-tools", name: "Δέλτα Tools", description: "", totalStars: 7 }),
];

export const SEARCH = makeSnapshot(SEARCH_PLUGINS);

/** One plugin: for ETags of distinct queries whose bodies are identical. */
export const SINGLE = makeSnapshot([
  makePlugin({ npmName: "solo", name: "Solo", totalStars: 3, tags: ["charts"], creators: ["alice"], hasWebUi: true }),
]);

export const EMPTY = makeSnapshot([]);
