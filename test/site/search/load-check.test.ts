/** The build's check that a search chunk loads back in Lunr, patched and stock, with exactly its terms. */
import { describe, expect, it } from "vitest";
import { checkChunk } from "../../../src/site/search/load-check.js";
import { lunrBuilderIndex } from "../../support/lunr-builder.js";

describe("checkChunk", () => {
  const index = lunrBuilderIndex([{ ref: "0", words: ["alpha", "beta"] }]);
  const terms = index.invertedIndex.map(([term]) => term);

  it("passes a chunk that loads back with exactly its terms", () => {
    expect(checkChunk(JSON.stringify(index), terms)).toBeUndefined();
  });

  it("reports a chunk that lost a term it should hold", () => {
    const json = JSON.stringify({ ...index, invertedIndex: index.invertedIndex.slice(0, 1) });
    expect(checkChunk(json, terms)).toMatch(/lost 1 term/);
  });

  it("reports a chunk that holds a term it should not", () => {
    expect(checkChunk(JSON.stringify(index), terms.slice(0, 1))).toMatch(/invented 1/);
  });
});
