/** The stop words the read side drops are lunr's (lunr.stopWordFilter), which the build's index left out. */
import fc from "fast-check";
import lunr from "lunr";
import { describe, expect, it } from "vitest";
import { isStopWord } from "../../../src/core/search/stop-words.js";
import { sampleWords } from "./sample-words.js";

const lunrFilter = lunr.stopWordFilter as unknown as (token: lunr.Token) => lunr.Token | undefined;
const lunrDrops = (word: string) => lunrFilter(new lunr.Token(word, {})) === undefined;

describe("isStopWord", () => {
  it("drops exactly lunr's 119 words", async () => {
    const words = await sampleWords();
    expect(words.filter(isStopWord)).toEqual(words.filter(lunrDrops));
    expect(new Set(words.filter(isStopWord)).size).toBeGreaterThan(100);
  });

  it("agrees with lunr on any word, names of Object's own members included", () => {
    for (const word of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "The", "THE", ""]) {
      expect(isStopWord(word), word).toBe(lunrDrops(word));
    }
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."aehinorstuwy"), maxLength: 8 }), (word) => isStopWord(word) === lunrDrops(word)),
    );
  });
});
