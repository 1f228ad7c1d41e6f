/**
 * Query terms (docs/API.md#search): normalized words, English stop words
 * dropped, the rest stemmed, as the build's lunr pipeline made the index's
 * terms from the same normalized words (lunr's stop-word filter and Porter
 * stemmer, which stop-words.ts and porter-stemmer.ts reproduce exactly).
 */
import { splitWords } from "../text.js";
import { porterStem } from "./porter-stemmer.js";
import { isStopWord } from "./stop-words.js";

export { isStopWord };

export function stem(word: string): string {
  return porterStem(word);
}

/** What a `q` asks for: every term must match; the last also by prefix. */
export interface SearchTerms {
  /** Stems that must match an indexed term exactly (all but the last). */
  readonly exact: readonly string[];
  /** The last term: matches its stem exactly, or any term starting with either form. */
  readonly last: { readonly typed: string; readonly stem: string };
}

/** Returns null when no term is left (only stop words or punctuation): such a `q` matches nothing. */
export function parseSearchText(q: string): SearchTerms | null {
  const words = splitWords(q).filter((word) => !isStopWord(word));
  const typed = words.pop();
  if (typed === undefined) return null;
  return { exact: words.map(stem), last: { typed, stem: stem(typed) } };
}

/** The canonical text of a parsed search, for cache keys and ETags. */
export function searchKey(terms: SearchTerms): string {
  return [...terms.exact, `${terms.last.typed}|${terms.last.stem}*`].join(" ");
}
