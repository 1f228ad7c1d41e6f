import { describe, expect, it } from "vitest";
import { chunkIndex } from "../../../src/site/search/lunr-chunks.js";
import { lunr, stockTokenSetToString } from "../../../src/site/search/lunr-patch.js";
import { indexDocuments } from "../../../src/site/search/term-index.js";

/** A TokenSet node with the given edges to children of the given ids. */
function node(edges: Record<string, number>): lunr.TokenSet {
  const set = new lunr.TokenSet() as lunr.TokenSet & { edges: Record<string, lunr.TokenSet> };
  for (const [label, id] of Object.entries(edges)) {
    const child = new lunr.TokenSet() as lunr.TokenSet & { id: number };
    child.id = id;
    set.edges[label] = child;
  }
  return set;
}

describe("lunr bug #503 (TokenSet keys without a separator)", () => {
  it("stock lunr gives two different nodes the same key; the patched one does not", () => {
    const a = node({ "1": 12, "3": 4 });
    const b = node({ "1": 1, "2": 34 });
    expect(stockTokenSetToString.call(a)).toBe(stockTokenSetToString.call(b));
    expect(a.toString()).not.toBe(b.toString());
  });

  it("every chunk of a built index loads back with exactly its terms", () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(7)}x${i % 13}`);
    const documents = Array.from({ length: 200 }, (_, d) => ({
      ref: d.toString(36),
      words: words.filter((_, i) => i % 200 === d || i % 37 === d % 37),
    }));
    const chunks = chunkIndex(indexDocuments(documents), { targetBytes: 4096, maxTerms: 300 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      const loaded = lunr.Index.load(JSON.parse(chunk.json) as object);
      // Each chunk is a working lunr index on its own, not just loadable.
      expect(loaded.search(chunk.first).length).toBeGreaterThan(0);
    }
  });
});
