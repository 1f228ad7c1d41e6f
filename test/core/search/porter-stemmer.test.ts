/** The read side's stemmer is lunr's (lunr.stemmer), which stemmed the index: the same stem for every word. */
import fc from "fast-check";
import lunr from "lunr";
import { describe, expect, it } from "vitest";
import { porterStem } from "../../../src/core/search/porter-stemmer.js";
import { sampleWords } from "./sample-words.js";

const lunrStemmer = lunr.stemmer as unknown as (token: lunr.Token) => lunr.Token;
const lunrStem = (word: string) => lunrStemmer(new lunr.Token(word, {})).toString();

/** Suffixes every step of the algorithm looks for, to be put after random stems. */
const SUFFIXES = (
  "s ss sses ies eed ed ing ated bled ized hopping filing y ational tional enci anci izer bli alli entli eli ousli ization " +
  "ation ator alism iveness fulness ousness aliti iviti biliti logi icate ative alize iciti ical ful ness al ance ence er " +
  "ic able ible ant ement ment ent ou ism ate iti ous ive ize sion tion e ll"
).split(" ");

describe("porterStem", () => {
  it("stems every word of the sample catalog as lunr does", async () => {
    const words = await sampleWords();
    expect(words.length).toBeGreaterThan(3000);
    const differing = words.filter((word) => porterStem(word) !== lunrStem(word));
    expect(differing).toEqual([]);
  });

  it("stems random words with the algorithm's suffixes as lunr does (initial y, non-ASCII letters and digits too)", () => {
    const stem = fc.string({ unit: fc.constantFrom(..."abcdeilmnorstuvwxyzé1"), maxLength: 9 });
    fc.assert(
      fc.property(stem, fc.constantFrom("", ...SUFFIXES), (start, suffix) => porterStem(start + suffix) === lunrStem(start + suffix)),
      { numRuns: 20_000 },
    );
  });
});
