/** fast-check generators for small catalogs full of ties, and for queries over them. */
import fc from "fast-check";
import type { CatalogSnapshot, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { makePlugin, makeSnapshot } from "./fixtures.js";
import type { ReferenceQuery, Sort } from "./reference.js";

export const WORDS = [
  "chart",
  "charts",
  "charting",
  "chartjs",
  "map",
  "maps",
  "wind",
  "windvane",
  "influx",
  "influxdb",
  "café",
  "Cafe",
  "the",
  "and",
  "of",
  "plugin",
  "plugins",
  "run",
  "running",
  "happy",
  "happyfeet",
  "δέλτα",
  "風速",
  "data",
  "db",
  "AIS",
] as const;
export const TAGS = ["charts", "Charts", "ais", "AIS", "maps", "ärger", "Ärger", "art", "chart"] as const;
export const CREATORS = ["alice", "Alice", "bob", "@odd", "odd", "carol", "ALICE"] as const;
export const NAMES = ["Chart 2", "chart 2", "Chärt 2", "Chart 02", "Chart 10", "alpha", "Zeta", "~", "Éclair", "zeta", "Δέλτα"] as const;
const TIMES = ["2024-01-01T00:00:00.000Z", "2024-01-01T00:00:00.001Z", "2023-06-30T12:00:00.000Z", "2025-02-03T04:05:06.789Z"] as const;

const words = (max: number): fc.Arbitrary<string> => fc.array(fc.constantFrom(...WORDS), { maxLength: max }).map((w) => w.join(" "));

const slug = fc.stringMatching(/^[a-z0-9._~-]{1,5}$/);

interface Draft {
  slug: string;
  name: string;
  description: string;
  readme: string;
  stars: number;
  updatedAt: string;
  tags: string[];
  creators: string[];
  hasWebUi: boolean;
}

const draft = (s: string): fc.Arbitrary<Draft> =>
  fc.record({
    slug: fc.constant(s),
    name: fc.oneof(
      fc.constantFrom(...NAMES),
      words(3).filter((w) => w !== ""),
    ),
    description: words(4),
    readme: words(6),
    stars: fc.integer({ min: 0, max: 4 }),
    updatedAt: fc.constantFrom(...TIMES),
    tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3, comparator: (a, b) => a.toLowerCase() === b.toLowerCase() }),
    creators: fc.uniqueArray(fc.constantFrom(...CREATORS), { maxLength: 3 }),
    hasWebUi: fc.boolean(),
  });

function toPlugin(d: Draft): SnapshotPlugin {
  return makePlugin({
    slug: d.slug,
    npmName: `pkg-${d.slug}`,
    name: d.name,
    description: d.description,
    readme: d.readme,
    totalStars: d.stars,
    updatedAt: d.updatedAt,
    tags: d.tags,
    creators: d.creators,
    hasWebUi: d.hasWebUi,
  });
}

/** 0–`max` plugins with few distinct star counts, timestamps and names: ties everywhere. */
export function catalogArbitrary(max = 60, min = 0): fc.Arbitrary<CatalogSnapshot> {
  return fc
    .integer({ min, max })
    .chain((n) => fc.uniqueArray(slug, { minLength: n, maxLength: n }))
    .chain((slugs) => fc.tuple(...slugs.map(draft)))
    .map((drafts) => makeSnapshot(drafts.map(toPlugin)));
}

const withCaseNoise = (value: string): fc.Arbitrary<string> => fc.constantFrom(value, value.toUpperCase(), value.toLowerCase());

/** A query word: a vocabulary word, a prefix of one, a stop word, or punctuation. */
const queryWord = fc.oneof(
  fc.constantFrom(...WORDS).chain(withCaseNoise),
  fc.constantFrom(...WORDS).chain((w) => fc.integer({ min: 1, max: Math.max(1, [...w].length) }).map((n) => [...w].slice(0, n).join(""))),
  fc.constantFrom("the", "a", "of", "-", "+", "*", ":", "~", "^", "!!", "foo_bar.js", "influx-db"),
);

export interface GeneratedQuery {
  readonly params: Record<string, string>;
  readonly reference: ReferenceQuery;
}

export const sortArbitrary: fc.Arbitrary<Sort> = fc.constantFrom("stars", "recent", "name", "downloads", "relevance");

/** Sometimes `arbitrary`, sometimes absent; `presence` is the share of present values. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, presence: number): fc.Arbitrary<T | undefined> {
  const weight = Math.round(presence * 10);
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 10 - weight }, { arbitrary, weight });
}

/** A random query; each of q, category, author and web is present with probability `presence`. */
export function queryArbitrary(presence = 0.5): fc.Arbitrary<GeneratedQuery> {
  return fc
    .record({
      q: sometimes(
        fc.array(queryWord, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
        presence,
      ),
      category: sometimes(fc.constantFrom(...TAGS, "nope", "chart").chain(withCaseNoise), presence),
      author: sometimes(
        fc.tuple(fc.constantFrom("", "@", "@@"), fc.constantFrom(...CREATORS, "nobody")).chain(([at, c]) => withCaseNoise(`${at}${c}`)),
        presence,
      ),
      web: sometimes(fc.constant(true), presence).map((w) => w === true),
      sort: sortArbitrary,
    })
    .map(({ q, category, author, web, sort }) => {
      const params: Record<string, string> = { sort };
      const reference: ReferenceQuery = { sort, web };
      if (q !== undefined) {
        params["q"] = q;
        reference.q = q;
      }
      if (category !== undefined) {
        params["category"] = category;
        reference.category = category;
      }
      if (author !== undefined) {
        params["author"] = author;
        reference.author = author;
      }
      if (web) params["web"] = "1";
      return { params, reference };
    });
}

/** Words with shared prefixes and stems (`wind`/`winds`/`windy`, `chart`/`charting`), for scores that differ by little. */
const SCORED_WORDS = [
  "wind",
  "winds",
  "windy",
  "windlass",
  "chart",
  "charts",
  "charting",
  "chat",
  "anchor",
  "anchors",
  "alarm",
  "data",
] as const;

const scoredText = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...SCORED_WORDS, "the", "of"), { minLength: min, maxLength: max }).map((w) => w.join(" "));

/**
 * Catalogs for `sort=relevance`: every field from a dozen related words, in lengths from none to dozens, names
 * that are and are not their npm names, few star counts: scores spread, repeat and tie, as BM25F makes them.
 */
export function relevanceCatalogArbitrary(max = 40): fc.Arbitrary<CatalogSnapshot> {
  const plugin = fc.record({
    name: scoredText(1, 3),
    ownNpmName: fc.boolean(),
    description: scoredText(0, 8),
    readme: fc.oneof(scoredText(0, 4), scoredText(10, 60)),
    stars: fc.integer({ min: 0, max: 3 }),
    tag: fc.constantFrom("charts", "ais"),
  });
  return fc.array(plugin, { minLength: 1, maxLength: max }).map((drafts) =>
    makeSnapshot(
      drafts.map((d, i) =>
        makePlugin({
          slug: `p${i}`,
          // An npm name made of the display name's words is still another string: both count in the name field.
          npmName: d.ownNpmName ? `p${i}-${d.name.replaceAll(" ", "-")}` : `p${i}`,
          name: d.ownNpmName ? d.name : `p${i}`,
          description: d.description,
          readme: d.readme,
          totalStars: d.stars,
          tags: [d.tag],
        }),
      ),
    ),
  );
}

/** A search over `relevanceCatalogArbitrary`'s words: whole words, prefixes, repeats, stop words. */
export const relevanceQueryArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...SCORED_WORDS),
      fc.constantFrom(...SCORED_WORDS).chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n))),
      fc.constantFrom("the", "WIND", "Winds"),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((w) => w.join(" "));
