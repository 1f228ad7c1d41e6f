/**
 * One plugin's share of the Lunr export (docs/API.md#bounds): a document keeps at most
 * `termsPerDocument` distinct terms there, the ones the catalog met first; a catalog with
 * no document over the bound exports exactly what it did.
 */
import lunr from "lunr";
import { describe, expect, it } from "vitest";
import { chunkIndex } from "../../../src/site/search/lunr-chunks.js";
import { lunrShare } from "../../../src/site/search/lunr-share.js";
import { indexDocuments, type SearchDocument } from "../../../src/site/search/term-index.js";

const distinct = (count: number, stem: string): string[] => Array.from({ length: count }, (_, i) => `${stem}${i.toString(36)}x`);

/** Every term a document has in the exported chunks. */
function exportedTermsOf(documents: readonly SearchDocument[], termsPerDocument: number): Map<string, string[]> {
  const byRef = new Map<string, string[]>();
  for (const chunk of chunkIndex(lunrShare(indexDocuments(documents), termsPerDocument))) {
    const index = lunr.Index.load(JSON.parse(chunk.json) as object);
    const serialized = index.toJSON() as unknown as { invertedIndex: [string, { text: Record<string, unknown> }][] };
    for (const [term, posting] of serialized.invertedIndex)
      for (const ref of Object.keys(posting.text)) byRef.set(ref, [...(byRef.get(ref) ?? []), term]);
  }
  return byRef;
}

describe("lunrShare", () => {
  it("is the index itself when no document is over the bound", () => {
    const index = indexDocuments([{ ref: "0", words: distinct(50, "a") }]);
    expect(lunrShare(index, 50)).toBe(index);
  });

  it("keeps a long document's shared terms first, then its own in order; other documents untouched", () => {
    const shared = distinct(30, "s");
    const documents = [
      { ref: "0", words: shared },
      { ref: "1", words: ["title", ...distinct(500, "own"), ...shared] },
    ];
    const terms = exportedTermsOf(documents, 100);
    expect(terms.get("0")).toHaveLength(30);
    const long = terms.get("1") ?? [];
    expect(long).toHaveLength(100);
    // All 30 shared terms, then the first 70 of its own: "title" and the first 69 "own…" words.
    for (const term of shared.map((word) => lunr.stemmer(new lunr.Token(word, {})).toString())) expect(long).toContain(term);
    expect(long).toContain("titl");
    expect(long).toContain("own1wx");
    expect(long).not.toContain("own1xx");
  });

  it("numbers the kept terms 0, 1, 2… in the order they were met, and every chunk loads", () => {
    const index = lunrShare(indexDocuments([{ ref: "0", words: distinct(400, "w") }]), 120);
    expect([...index.termNumbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(chunkIndex(index).length).toBeGreaterThan(0);
  });
});
