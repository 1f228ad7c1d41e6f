/**
 * What users of this catalog would type: its own searchable words (stop words and pure numbers dropped) weighted by
 * document frequency, its tags and creator logins weighted by how many plugins carry them, and per plugin the facts
 * the filters test (so that filtered queries can pick pages in range).
 */
import { isStopWord } from "../../src/core/search/terms.js";
import { searchableWords } from "../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import type { Random } from "../../tools/sample/random.js";

/** Draws as users type: half the time in proportion to weight (common terms), half uniformly (in a long tail, rare ones). */
export type Draw<T> = (rng: Random) => T;

function weighted<T>(entries: Iterable<readonly [T, number]>): Draw<T> {
  const positive = [...entries].filter(([, weight]) => weight > 0);
  const items = positive.map(([item]) => item);
  let total = 0;
  const cumulative = positive.map(([, weight]) => (total += weight));
  return (rng) => {
    if (items.length === 0) throw new RangeError("cannot sample an empty list");
    if (!rng.chance(0.5)) return rng.pick(items);
    const target = rng.float() * total;
    let [low, high] = [0, cumulative.length - 1];
    while (low < high) {
      const mid = (low + high) >>> 1;
      [low, high] = cumulative[mid]! > target ? [low, mid] : [mid + 1, high];
    }
    return items[low]!;
  };
}

type PluginFacts = { readonly tags: ReadonlySet<string>; readonly creators: ReadonlySet<string>; readonly web: boolean };
/** `tags` as spelled in the snapshot; `facts` lower-cased, as the filters compare. */
export type Vocabulary = { readonly plugins: number; readonly facts: readonly PluginFacts[] } & Readonly<
  Record<"words" | "tags" | "creators", Draw<string>>
>;
const HAS_LETTER = /\p{L}/u;

export function buildVocabulary(snapshot: CatalogSnapshot): Vocabulary {
  const [documentFrequency, tags, creators] = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const tally = (counts: Map<string, number>, keys: Iterable<string>): void => {
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const lower = (list: readonly string[]): Set<string> => new Set(list.map((item) => item.toLowerCase()));
  const facts = snapshot.plugins.map((plugin): PluginFacts => {
    tally(documentFrequency, new Set(searchableWords(plugin)));
    tally(tags, plugin.tags);
    tally(creators, plugin.creators);
    return { tags: lower(plugin.tags), creators: lower(plugin.creators), web: plugin.hasWebUi };
  });
  const words = weighted([...documentFrequency].filter(([word]) => HAS_LETTER.test(word) && !isStopWord(word)));
  return { plugins: snapshot.plugins.length, words, tags: weighted(tags), creators: weighted(creators), facts };
}

export type FilterChoice = { readonly category?: string; readonly author?: string; readonly web?: boolean };

/** How many plugins pass these filters (docs/API.md#parameters: case-insensitive, one leading `@` ignored). */
export function countMatching(vocabulary: Vocabulary, { category, author, web }: FilterChoice): number {
  const [tag, login] = [category?.toLowerCase(), author?.replace(/^@/, "").toLowerCase()];
  const passes = (plugin: PluginFacts): boolean =>
    (tag === undefined || plugin.tags.has(tag)) && (login === undefined || plugin.creators.has(login)) && (web !== true || plugin.web);
  return vocabulary.facts.filter(passes).length;
}
