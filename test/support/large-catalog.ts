/**
 * A deterministic, seeded catalog big enough to cross every internal
 * boundary an implementation may have: many pages at every page size, many
 * hundred plugins in each order, and a search vocabulary of thousands of
 * terms with shared prefixes, digits and accents. READMEs are plain words so
 * the reference model applies to them.
 */
import type { CatalogSnapshot, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { makePlugin, makeSnapshot } from "./fixtures.js";

/** mulberry32: a tiny seeded PRNG, so the catalog is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ne",
  "ru",
  "sa",
  "ti",
  "vo",
  "zen",
  "qua",
  "bri",
  "dor",
  "é",
  "th",
  "ch",
  "ing",
  "s",
  "er",
  "1",
  "12",
  "3",
];

export interface LargeCatalog {
  readonly snapshot: CatalogSnapshot;
  /** Distinct words used in the texts (before normalization). */
  readonly vocabulary: readonly string[];
  readonly tags: readonly string[];
  readonly creators: readonly string[];
}

export function makeLargeCatalog(size = 1200, seed = 20250304): LargeCatalog {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const word = (): string => {
    let w = "";
    const n = 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; i++) w += pick(SYLLABLES);
    return random() < 0.1 ? w.toUpperCase() : w;
  };
  const vocabulary = [...new Set(Array.from({ length: 6000 }, word))];
  const words = (n: number): string =>
    Array.from({ length: n }, () => (random() < 0.05 ? pick(["the", "and", "of", "a"]) : pick(vocabulary))).join(" ");
  const tags = Array.from({ length: 25 }, (_, i) => (i % 5 === 0 ? `Tag-${i}` : `tag${i}`));
  const creators = Array.from({ length: 40 }, (_, i) => (i % 7 === 0 ? `User${i}` : `user-${i}`));
  const times = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000 + (i % 3)).toISOString());
  const names = ["Chart 2", "chart 2", "Chärt 2", "Chart 10", "alpha", "Zeta", "~", "Éclair"];
  const plugins: SnapshotPlugin[] = [];
  for (let i = 0; i < size; i++) {
    const slug = `${word()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x")}-${i}`;
    const pluginTags = [...new Set(Array.from({ length: Math.floor(random() * 4) }, () => pick(tags)))];
    const pluginCreators = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(creators)))];
    plugins.push(
      makePlugin({
        slug,
        npmName: random() < 0.2 ? `@scope${i % 9}/${slug}` : slug,
        name: random() < 0.15 ? pick(names) : words(1 + Math.floor(random() * 3)),
        description: words(Math.floor(random() * 12)),
        readme: words(Math.floor(random() * 60)),
        totalStars: Math.floor(random() * 40),
        updatedAt: pick(times),
        tags: pluginTags,
        creators: pluginCreators,
        hasWebUi: random() < 0.4,
      }),
    );
  }
  return { snapshot: makeSnapshot(plugins, "2025-03-04T02:00:00.000Z"), vocabulary, tags, creators };
}

export const LARGE = makeLargeCatalog();
