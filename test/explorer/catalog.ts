/**
 * Seeded catalogs for the explorer's browser tests, built by the CLI into
 * real sites: enough plugins for four pages (and two in the largest
 * category), categories from a config (one whose name gets no feed), other
 * tags, web-UI plugins, a few mirrors whose counts are older than the build
 * (stale), missing homepages, licenses and descriptions; every fact a
 * plugin's view shows (READMEs, repositories, downloads with their weekly
 * history, releases, engines, trust); a host with releases, prereleases and
 * dist-tags for `compat`, and a site URL, so the site has feeds. The tests
 * never hard-code what the API answers: they ask it and compare the page
 * with its answers.
 */
import type { CatalogSnapshot, Compatibility, Mirror, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { makePlugin, makeSnapshot } from "../support/fixtures.js";
import { seededRandom } from "../support/large-catalog.js";
import {
  HEAVY_READMES,
  HOSTILE_README,
  ORDINARY_README,
  ORDINARY_VERSION,
  ordinaryFacts,
  ordinaryMirrors,
  readmeMirror,
} from "./details.js";

/** The last category's name, lower-cased, is not made of a-z 0-9 . _ -: the build writes no feed for it. */
export const CATEGORIES = [
  "acme-category-charts",
  "acme-category-ais",
  "acme-category-data",
  "acme-category-empty",
  "acme-category-über",
] as const;
export const FEEDLESS_CATEGORY = CATEGORIES[4];
export const WEB_UI_KEYWORD = "acme-webapp";
export const BUILT_AT = "2025-03-04T02:00:00.000Z";
/** The site's public URL as the build knows it (its feeds' links): not where the tests serve it. */
export const SITE_URL = "https://plugins.example/acme/";

/** The config `build` reads (docs/API.md#configuration). */
export const CONFIG = {
  keywords: ["acme-plugin"],
  categories: [...CATEGORIES],
  webUiKeywords: [WEB_UI_KEYWORD],
};

/** The host of contract section 12, as the build last read its packument: versions in publication order. */
export const HOST: Compatibility = {
  host: "node-red",
  ranges: ["node-red.version", "engines.node-red"],
  versions: [
    "0.20.0",
    "1.0.0",
    "4.0.0-beta.1",
    "3.1.0",
    "4.0.0",
    "4.0.2",
    "10.0.0",
    "4.0.0-beta.2",
    "2.2.3",
    "4.0.0-alpha.10",
    "4.0.0-alpha.9",
  ],
  distTags: { latest: "4.0.2", next: "4.0.0-beta.2" },
  readAt: BUILT_AT,
};
/** What the generated plugins declare as their host range (null: none), in turn. */
const HOST_RANGES = [">=4.0.0", "^3.0.0", null, ">=2.0.0 <4", ">=4.0.0-beta.1", "*"];

const TOPICS = ["wind", "solar", "anchor", "depth", "engine", "battery", "tide", "radar", "autopilot", "weather", "compass", "bilge"];
const KINDS = ["logger", "gauge", "monitor", "alarm", "dashboard", "bridge", "exporter", "chart"];
const OTHER_TAGS = ["nmea2000", "marine", "sailing", "influxdb", "mqtt"];
export const PEOPLE = ["jane-doe", "tom", "sailor42", "mia", "ole"];
const DAY_MS = 86_400_000;

/**
 * `size` generated plugins and the ones the tests name (LONG_PLUGIN, ORDINARY_PLUGIN, BARE_PLUGIN, HOSTILE_PLUGIN),
 * with the host and the site URL.
 */
export function explorerCatalog(size = 200): CatalogSnapshot {
  const plugins = [...generatedPlugins(size), LONG_PLUGIN, ORDINARY_PLUGIN, BARE_PLUGIN, HOSTILE_PLUGIN];
  return { ...makeSnapshot(plugins, BUILT_AT), compatibility: HOST, siteUrl: SITE_URL };
}

/** The same catalog as a site without a host and without a site URL has it: no compat control, no feeds. */
export function withoutHostOrSiteUrl(snapshot: CatalogSnapshot): CatalogSnapshot {
  const { compatibility: _host, siteUrl: _url, ...rest } = snapshot;
  return rest;
}

/** A small catalog, plus a plugin per README of `HEAVY_READMES` and one with `HARMLESS_README`: `README_PLUGINS`. */
export function readmeCatalog(): CatalogSnapshot {
  const catalog = explorerCatalog(20);
  return { ...catalog, plugins: [...catalog.plugins, ...README_PLUGINS.values()] };
}

export const HARMLESS_README = "# Harmless";

/** One plugin per README, by that README's name in HEAVY_READMES (and "harmless"), each with the README's repository. */
export const README_PLUGINS: ReadonlyMap<string, SnapshotPlugin> = new Map(
  [["harmless", HARMLESS_README] as const, ...Object.entries(HEAVY_READMES).map(([name, { readme }]) => [name, readme] as const)].map(
    ([name, readme], i) => [
      name,
      makePlugin({
        npmName: `acme-plugin-readme-${i}`,
        name: `README ${i}`,
        description: `A README: ${name}.`,
        readme,
        tags: ["acme-plugin"],
        mirrors: readmeMirror(BUILT_AT),
      }),
    ],
  ),
);

function generatedPlugins(size: number): SnapshotPlugin[] {
  const random = seededRandom(1010);
  // The facts of sections 11 and 12 draw from their own stream: the rest of each plugin stays as it was without them.
  const facts = seededRandom(2020);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const plugins: SnapshotPlugin[] = [];
  for (let i = 0; i < size; i++) {
    const topic = pick(TOPICS);
    const kind = pick(KINDS);
    const npmName = i % 9 === 0 ? `@acme/${topic}-${kind}-${i}` : `acme-plugin-${topic}-${kind}-${i}`;
    const hasWebUi = random() < 0.35;
    const categories = CATEGORIES.slice(0, 3).filter((_, k) => random() < [0.45, 0.25, 0.15][k]!);
    if (i % 23 === 4) categories.push(FEEDLESS_CATEGORY);
    const tags = [...categories, ...(random() < 0.6 ? [pick(OTHER_TAGS)] : []), ...(hasWebUi ? [WEB_UI_KEYWORD] : []), "acme-plugin"];
    const stars = Math.floor(random() ** 2 * 3000);
    const forks = Math.floor(stars / (3 + random() * 10));
    const stale = i % 17 === 3;
    const day = (offset: number) => new Date(Date.UTC(2021, 0, 1) + offset * DAY_MS).toISOString();
    const published = Math.floor(random() * 900);
    const description = i % 11 === 5 ? "" : `${capital(kind)} for ${topic} data on board, with ${pick(TOPICS)} readings.`;
    const version = `${1 + (i % 4)}.${i % 10}.${i % 3}`;
    const [publishedAt, updatedAt] = [day(published), day(published + Math.floor(random() * 400))];
    const mirror: Mirror = {
      platform: i % 10 === 0 ? "gitlab" : "github",
      path: `${pick(PEOPLE)}/${topic}-${kind}-${i}`,
      stars,
      forks,
      checkedAt: stale ? "2025-03-01T02:00:00.000Z" : BUILT_AT,
      archived: i % 23 === 5,
      openIssues: Math.floor(facts() * 40),
      pushedAt: i % 6 === 1 ? null : updatedAt,
      defaultBranch: ["main", "master", null][i % 3] ?? null,
    };
    plugins.push(
      makePlugin({
        npmName,
        name: `${capital(topic)} ${capital(kind)} ${i}`,
        // Some mention the ordinary plugin by name, so that a search for its name finds others it must rank above.
        description: i % 20 === 1 && description ? `${description} Pairs with Breeze Ledger.` : description,
        readme: `# ${topic} ${kind}\n\nMeasures ${topic} and ${pick(TOPICS)}.`,
        version,
        license: i % 13 === 7 ? "" : pick(["MIT", "Apache-2.0", "ISC", "GPL-3.0-or-later"]),
        homepage: i % 4 === 0 ? null : `https://example.org/${topic}-${kind}-${i}`,
        hasWebUi,
        tags: [...new Set(tags)],
        creators: [pick(PEOPLE), ...(random() < 0.3 ? [pick(PEOPLE)] : [])].filter((v, k, all) => all.indexOf(v) === k),
        publishedAt,
        updatedAt,
        mirrors: [mirror],
        ...generatedFacts(facts, i, version, publishedAt, updatedAt),
      }),
    );
  }
  return plugins;
}

/** Downloads with up to 26 weeks of history, dependents, up to ten releases from the first to the latest, engines, trust. */
function generatedFacts(random: () => number, i: number, version: string, publishedAt: string, updatedAt: string) {
  const built = Date.parse(BUILT_AT);
  const lastMonth = Math.floor(random() ** 3 * 40_000);
  const lastWeek = Math.floor(lastMonth * (0.18 + 0.12 * random()));
  const weeks = i % 5 === 4 ? i % 7 : 26;
  const weekly = Array.from({ length: weeks }, (_, k) => ({
    date: new Date(built - (weeks - 1 - k) * 7 * DAY_MS).toISOString().slice(0, 10),
    count: k === weeks - 1 ? lastWeek : Math.floor(lastWeek * (0.5 + random())),
  }));
  const count = 1 + (i % 14);
  const [first, latest] = [Date.parse(publishedAt), Date.parse(updatedAt)];
  const recent = Array.from({ length: Math.min(count, 10) }, (_, k) => ({
    version: k === 0 ? version : `0.${count - k}.0`,
    publishedAt: new Date(count === 1 ? latest : latest - Math.floor(((latest - first) * k) / (count - 1))).toISOString(),
  }));
  return {
    downloads: { lastWeek, lastMonth, weekly },
    dependents: Math.floor(random() ** 2 * 60),
    releases: {
      count,
      recent,
      times: recent.map((r) => r.publishedAt).filter((time) => Date.parse(time) >= built - 365 * DAY_MS),
    },
    engines: { node: [">=18", null, ">=20.19"][i % 3] ?? null, host: HOST_RANGES[i % HOST_RANGES.length] ?? null },
    trust: { provenance: i % 4 === 0, installScripts: i % 15 === 7 },
  };
}

/**
 * A plugin at the bounds of what one may bring (docs/API.md#untrusted-input), the most starred, so on the first page:
 * 100 tags (every tenth of about 100 characters), a 200-character name, a 2,000-character description of one word,
 * 256-character version and license. None of its tags is a category.
 */
export const LONG_PLUGIN = makePlugin({
  npmName: "acme-plugin-long",
  name: "Unbroken".repeat(25),
  description: "Supercalifragilistic".repeat(100),
  readme: `# ${"Unbroken".repeat(25)}\n\n${"Supercalifragilistic".repeat(100)}`,
  version: `1.0.0-${"rc".repeat(125)}`,
  license: "LicenseRef-".repeat(23).padEnd(256, "x"),
  homepage: "https://example.org/long",
  tags: Array.from({ length: 100 }, (_, i) => (i % 10 === 9 ? `long-tag-${i}-${"z".repeat(88)}` : `tag-${i}`)),
  creators: ["ole"],
  mirrors: [{ platform: "github", path: "ole/long", stars: 3_100, forks: 3 }],
  publishedAt: "2022-01-01T00:00:00.000Z",
  updatedAt: "2023-01-01T00:00:00.000Z",
});

/** A plugin with every fact of section 11, and a display name no other plugin has in its name. */
export const ORDINARY_PLUGIN = makePlugin({
  npmName: "@jane-doe/wind-logger",
  name: "Breeze Ledger",
  description: "Logs wind speed and direction from NMEA 2000 to InfluxDB.",
  readme: ORDINARY_README,
  version: ORDINARY_VERSION,
  license: "MIT",
  homepage: "https://github.com/jane-doe/wind-logger#readme",
  tags: ["acme-category-charts", "acme-category-data", "influxdb", "acme-plugin"],
  creators: ["jane-doe"],
  mirrors: ordinaryMirrors(BUILT_AT),
  publishedAt: "2022-04-01T09:00:00.000Z",
  updatedAt: ordinaryFacts(BUILT_AT).releases.recent[0]?.publishedAt ?? BUILT_AT,
  ...ordinaryFacts(BUILT_AT),
});

/** A plugin that brings nothing but its listing: no README, repository, downloads, releases, engines or license. */
export const BARE_PLUGIN = makePlugin({
  npmName: "acme-plugin-bare",
  name: "Bare Bones",
  description: "Nothing but a package.",
  license: "",
  tags: ["acme-plugin"],
  creators: ["tom"],
  trust: { provenance: false, installScripts: true },
});

/** A plugin whose README carries every classic script and exfiltration vector (details.ts). */
export const HOSTILE_PLUGIN = makePlugin({
  npmName: "acme-plugin-hostile",
  name: "Hostile Readme",
  description: "A README written to harm the page.",
  readme: HOSTILE_README,
  tags: ["acme-plugin"],
  creators: ["mia"],
  mirrors: readmeMirror(BUILT_AT),
});

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
