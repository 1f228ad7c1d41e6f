/**
 * A seeded catalog for the explorer's browser tests: enough plugins for
 * four pages (and two in the largest category), categories from a config, other tags, web-UI plugins, a few
 * mirrors whose counts are older than the build (stale), missing homepages,
 * licenses and descriptions. The tests never hard-code what it holds: they
 * ask the API and compare the page with its answers.
 */
import type { CatalogSnapshot, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { makePlugin, makeSnapshot } from "../support/fixtures.js";
import { seededRandom } from "../support/large-catalog.js";

export const CATEGORIES = ["acme-category-charts", "acme-category-ais", "acme-category-data", "acme-category-empty"] as const;
export const WEB_UI_KEYWORD = "acme-webapp";
export const BUILT_AT = "2025-03-04T02:00:00.000Z";

/** The config `build` reads (docs/API.md#configuration). */
export const CONFIG = {
  keywords: ["acme-plugin"],
  categories: [...CATEGORIES],
  webUiKeywords: [WEB_UI_KEYWORD],
};

const TOPICS = ["wind", "solar", "anchor", "depth", "engine", "battery", "tide", "radar", "autopilot", "weather", "compass", "bilge"];
const KINDS = ["logger", "gauge", "monitor", "alarm", "dashboard", "bridge", "exporter", "chart"];
const OTHER_TAGS = ["nmea2000", "marine", "sailing", "influxdb", "mqtt"];
export const PEOPLE = ["jane-doe", "tom", "sailor42", "mia", "ole"];

export function explorerCatalog(size = 200): CatalogSnapshot {
  const random = seededRandom(1010);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const plugins: SnapshotPlugin[] = [];
  for (let i = 0; i < size; i++) {
    const topic = pick(TOPICS);
    const kind = pick(KINDS);
    const npmName = i % 9 === 0 ? `@acme/${topic}-${kind}-${i}` : `acme-plugin-${topic}-${kind}-${i}`;
    const hasWebUi = random() < 0.35;
    const categories = CATEGORIES.slice(0, 3).filter((_, k) => random() < [0.45, 0.25, 0.15][k]!);
    const tags = [...categories, ...(random() < 0.6 ? [pick(OTHER_TAGS)] : []), ...(hasWebUi ? [WEB_UI_KEYWORD] : []), "acme-plugin"];
    const stars = Math.floor(random() ** 2 * 3000);
    const forks = Math.floor(stars / (3 + random() * 10));
    const stale = i % 17 === 3;
    const day = (offset: number) => new Date(Date.UTC(2021, 0, 1) + offset * 86_400_000).toISOString();
    const published = Math.floor(random() * 900);
    plugins.push(
      makePlugin({
        npmName,
        name: `${capital(topic)} ${capital(kind)} ${i}`,
        description: i % 11 === 5 ? "" : `${capital(kind)} for ${topic} data on board, with ${pick(TOPICS)} readings.`,
        readme: `# ${topic} ${kind}\n\nMeasures ${topic} and ${pick(TOPICS)}.`,
        version: `${1 + (i % 4)}.${i % 10}.${i % 3}`,
        license: i % 13 === 7 ? "" : pick(["MIT", "Apache-2.0", "ISC", "GPL-3.0-or-later"]),
        homepage: i % 4 === 0 ? null : `https://example.org/${topic}-${kind}-${i}`,
        hasWebUi,
        tags: [...new Set(tags)],
        creators: [pick(PEOPLE), ...(random() < 0.3 ? [pick(PEOPLE)] : [])].filter((v, k, all) => all.indexOf(v) === k),
        publishedAt: day(published),
        updatedAt: day(published + Math.floor(random() * 400)),
        mirrors: [
          {
            platform: i % 10 === 0 ? "gitlab" : "github",
            path: `${pick(PEOPLE)}/${topic}-${kind}-${i}`,
            stars,
            forks,
            checkedAt: stale ? "2025-03-01T02:00:00.000Z" : BUILT_AT,
          },
        ],
      }),
    );
  }
  return makeSnapshot([...plugins, LONG_PLUGIN], BUILT_AT);
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
  version: `1.0.0-${"rc".repeat(125)}`,
  license: "LicenseRef-".repeat(23).padEnd(256, "x"),
  homepage: "https://example.org/long",
  tags: Array.from({ length: 100 }, (_, i) => (i % 10 === 9 ? `long-tag-${i}-${"z".repeat(88)}` : `tag-${i}`)),
  creators: ["ole"],
  mirrors: [{ platform: "github", path: "ole/long", stars: 3_100, forks: 3 }],
  publishedAt: "2022-01-01T00:00:00.000Z",
  updatedAt: "2023-01-01T00:00:00.000Z",
});

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
