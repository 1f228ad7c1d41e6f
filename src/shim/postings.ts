/**
 * A chunk's Lunr inverted index, packed into flat arrays: term i's ordinals
 * are `ordinals[starts[i] .. starts[i+1])`.
 *
 * Lunr serializes postings as `[term, { _index, <field>: { <ref>: {} } }]`,
 * one object per posting; `JSON.parse` builds them all only for us to throw
 * them away, and that was most of the cost of a search that reads a chunk
 * for the first time. The site writes the index with `JSON.stringify` and
 * no metadata, so `scanPostings` reads that exact text directly; anything
 * else that is valid Lunr JSON (whitespace, escapes, metadata) takes the
 * general path through `JSON.parse`.
 */
import { ordinalOf } from "../core/site-format.js";

export interface PackedPostings {
  /** In Lunr's order, which is code-unit order. */
  readonly terms: readonly string[];
  readonly starts: Uint32Array;
  readonly ordinals: Uint32Array;
}

/** Lunr's serialized inverted index. */
export type InvertedIndex = readonly (readonly [string, Readonly<Record<string, unknown>>])[];

/**
 * @param parse the general path: JSON text to an inverted index (throws on bad JSON).
 * @throws when the text is not a Lunr inverted index.
 */
export function packPostings(text: string, parse: (text: string) => InvertedIndex): PackedPostings {
  return scanPostings(text) ?? packParsed(parse(text));
}

/** The general path: a parsed index. A document in two fields is listed twice, which sets one bit. */
export function packParsed(invertedIndex: InvertedIndex): PackedPostings {
  if (!Array.isArray(invertedIndex)) throw new TypeError("a Lunr inverted index is an array");
  const terms: string[] = [];
  const starts: number[] = [0];
  const ordinals: number[] = [];
  for (const [term, posting] of invertedIndex) {
    terms.push(term);
    for (const field in posting) if (field !== "_index") for (const ref in posting[field] as object) ordinals.push(ordinalOf(ref));
    starts.push(ordinals.length);
  }
  if (ordinals.some(Number.isNaN)) throw new TypeError("a document ref is not an ordinal in base 36");
  return { terms, starts: Uint32Array.from(starts), ordinals: Uint32Array.from(ordinals) };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The fast path, for exactly what `JSON.stringify` writes for a Lunr index
 * without metadata: `[["term",{"_index":7,"field":{"ref":{},…}}],…]`.
 * Undefined at the first thing it does not expect.
 */
export function scanPostings(text: string): PackedPostings | undefined {
  const terms: string[] = [];
  const starts: number[] = [0];
  const ordinals: number[] = [];
  let at = 0;
  const expect = (literal: string): boolean => {
    if (!text.startsWith(literal, at)) return false;
    at += literal.length;
    return true;
  };
  /** A JSON string without escapes, from the opening quote at `at`. */
  const string = (): string | undefined => {
    if (text.charCodeAt(at) !== QUOTE) return undefined;
    for (let end = at + 1; end < text.length; end++) {
      const code = text.charCodeAt(end);
      if (code === BACKSLASH) return undefined;
      if (code === QUOTE) {
        const value = text.slice(at + 1, end);
        at = end + 1;
        return value;
      }
    }
    return undefined;
  };
  const refs = (): boolean => {
    if (!expect("{")) return false;
    if (expect("}")) return true;
    do {
      const ref = string();
      if (ref === undefined || !expect(":{}")) return false;
      ordinals.push(ordinalOf(ref));
    } while (expect(","));
    return expect("}");
  };
  const posting = (): boolean => {
    if (!expect("{")) return false;
    do {
      const key = string();
      if (key === undefined || !expect(":")) return false;
      if (key === "_index") {
        const digits = at;
        while (at < text.length && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39) at++;
        if (at === digits) return false;
      } else if (!refs()) {
        return false;
      }
    } while (expect(","));
    return expect("}");
  };

  if (!expect("[")) return undefined;
  if (!expect("]")) {
    do {
      if (!expect("[")) return undefined;
      const term = string();
      if (term === undefined || !expect(",") || !posting() || !expect("]")) return undefined;
      terms.push(term);
      starts.push(ordinals.length);
    } while (expect(","));
    if (!expect("]")) return undefined;
  }
  if (at !== text.length || ordinals.some(Number.isNaN)) return undefined;
  return { terms, starts: Uint32Array.from(starts), ordinals: Uint32Array.from(ordinals) };
}
