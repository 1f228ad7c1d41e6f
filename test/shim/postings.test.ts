import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refOf } from "../../src/core/site-format.js";
import { buildLunrIndex } from "../../src/site/search-index.js";
import { packParsed, packPostings, scanPostings, type InvertedIndex } from "../../src/shim/postings.js";

const plain = (packed: { terms: readonly string[]; starts: Uint32Array; ordinals: Uint32Array }) => ({
  terms: [...packed.terms],
  starts: [...packed.starts],
  ordinals: [...packed.ordinals],
});

/** Documents of words in several scripts, indexed by lunr itself: the real shape of a chunk. */
const documents = fc.array(
  fc.array(fc.constantFrom("chart", "charts", "influx", "café", "δέλτα", "風速", "data", "the", "x1", "2024"), { minLength: 1, maxLength: 6 }),
  { minLength: 1, maxLength: 30 },
);

function lunrIndex(words: readonly (readonly string[])[]): InvertedIndex {
  return buildLunrIndex(words.map((w, ordinal) => ({ ref: refOf(ordinal * 37), words: w }))).invertedIndex as unknown as InvertedIndex;
}

const parse = (text: string) => JSON.parse(text) as InvertedIndex;

describe("packing a chunk's postings", () => {
  it("the fast scan of JSON.stringify's text gives exactly what parsing gives", () => {
    fc.assert(
      fc.property(documents, (words) => {
        const index = lunrIndex(words);
        const scanned = scanPostings(JSON.stringify(index));
        expect(scanned).toBeDefined();
        expect(plain(scanned!)).toEqual(plain(packParsed(index)));
      }),
    );
  });

  it("other valid Lunr JSON (white space, escapes, metadata, two fields) takes the general path to the same postings", () => {
    const index: InvertedIndex = [
      ["a\"b", { _index: 0, text: { "1": {}, a: { position: [[0, 1]] } } }],
      ["c", { _index: 1, title: { "2": {} }, text: { "2": {}, "3": {} } }],
    ];
    for (const text of [JSON.stringify(index, null, 2), JSON.stringify(index)]) {
      expect(scanPostings(text)).toBeUndefined();
      expect(plain(packPostings(text, parse))).toEqual({ terms: ["a\"b", "c"], starts: [0, 2, 5], ordinals: [1, 10, 2, 2, 3] });
    }
  });

  it("an empty index packs to no terms", () => {
    expect(plain(scanPostings("[]")!)).toEqual({ terms: [], starts: [0], ordinals: [] });
  });

  it("text that is not a Lunr inverted index is refused, never packed into wrong postings", () => {
    for (const text of ["", "[", "{}", "[[\"a\",{\"_index\":0,\"text\":{\"!\":{}}}]]", "[[\"a\",{\"_index\":0,\"text\":{\"1\":{}}}]] trailing"]) {
      expect(() => packPostings(text, parse)).toThrow();
    }
  });
});
