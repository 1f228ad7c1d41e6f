/**
 * What users of this catalog would type: its own searchable words (stop words
 * and pure numbers dropped) weighted by document frequency, its tags and
 * creator logins weighted by how many plugins carry them, and per plugin the
 * facts the filters test (so filtered queries can pick pages in range).
 */
import { isStopWord } from "../../src/core/search/terms.js";
import { searchableWords } from "../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { WeightedList } from "./weighted.js";

export interface PluginFacts {
  readonly tags: ReadonlySet<string>;
  readonly creators: ReadonlySet<string>;
  readonly web: boolean;
}

export interface Vocabulary {
  readonly plugins: number;
  /** Searchable words, weight = document frequency. */
  readonly words: WeightedList<string>;
  /** Tags as spelled in the snapshot, weight = plugins tagged. */
  readonly tags: WeightedList<string>;
  /** Creator logins, weight = plugins created. */
  readonly creators: WeightedList<string>;
  readonly facts: readonly PluginFacts[];
}

const HAS_LETTER = /\p{L}/u;

export function buildVocabulary(snapshot: CatalogSnapshot): Vocabulary {
  const documentFrequency = new Map<string, number>();
  const tags = new Map<string, number>();
  const creators = new Map<string, number>();
  const facts: PluginFacts[] = [];
  for (const plugin of snapshot.plugins) {
    for (const word of new Set(searchableWords(plugin))) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    for (const tag of plugin.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    for (const login of plugin.creators) creators.set(login, (creators.get(login) ?? 0) + 1);
    facts.push({
      tags: new Set(plugin.tags.map((tag) => tag.toLowerCase())),
      creators: new Set(plugin.creators.map((login) => login.toLowerCase())),
      web: plugin.hasWebUi,
    });
  }
  const words = [...documentFrequency].filter(([word]) => HAS_LETTER.test(word) && !isStopWord(word));
  return {
    plugins: snapshot.plugins.length,
    words: new WeightedList(words),
    tags: new WeightedList(tags),
    creators: new WeightedList(creators),
    facts,
  };
}

export interface FilterChoice {
  readonly category?: string;
  readonly author?: string;
  readonly web?: boolean;
}

/** How many plugins pass these filters (CONTRACT section 2: case-insensitive, one leading `@` ignored). */
export function countMatching(vocabulary: Vocabulary, filters: FilterChoice): number {
  const category = filters.category?.toLowerCase();
  const author = filters.author?.replace(/^@/, "").toLowerCase();
  let count = 0;
  for (const plugin of vocabulary.facts) {
    if (category !== undefined && !plugin.tags.has(category)) continue;
    if (author !== undefined && !plugin.creators.has(author)) continue;
    if (filters.web === true && !plugin.web) continue;
    count++;
  }
  return count;
}
