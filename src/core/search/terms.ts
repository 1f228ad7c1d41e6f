/**
 * Query and document terms (docs/API.md#search): normalized words, English
 * stop words dropped, the rest stemmed with lunr's Porter stemmer. Both the
 * index build and the query path call these, so they cannot disagree.
 */
import lunr from "lunr";
import { splitWords } from "../text.js";

const stopWordFilter = lunr.stopWordFilter as unknown as (token: lunr.Token) => lunr.Token | undefined;
const stemmer = lunr.stemmer as unknown as (token: lunr.Token) => lunr.Token;

export function isStopWord(word: string): boolean {
  return stopWordFilter(new lunr.Token(word, {})) === undefined;
}

export function stem(word: string): string {
  return stemmer(new lunr.Token(word, {})).toString();
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
