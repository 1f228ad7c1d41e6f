/**
 * The lean index writer against lunr's own Builder: joined back together,
 * the chunks hold exactly the Builder's serialized index (terms, their
 * numbering, postings and BM25 scores, key order included), whatever the
 * documents and wherever the chunks are cut.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refOf } from "../../../src/core/site-format.js";
import { chunkIndex, type FieldVectorEntry, type InvertedIndexEntry, type SerializedIndex } from "../../../src/site/search/lunr-chunks.js";
import { indexDocuments, type SearchDocument } from "../../../src/site/search/term-index.js";
import { lunrBuilderIndex } from "../../support/lunr-builder.js";

/** Stop words, stems that collide ("charts", "charting"), integer-like refs and words, accents, repeats. */
const WORDS = ["the", "and", "a", "chart", "charts", "charting", "map", "maps", "10", "2", "ais", "éclair", "x", "zz", "constructor"];
const documents = fc
  .array(fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), { maxLength: 60 })
  .map((lists): SearchDocument[] => lists.map((words, ordinal) => ({ ref: refOf(ordinal), words })));
const limits = fc.record({ targetBytes: fc.integer({ min: 50, max: 4000 }), maxTerms: fc.integer({ min: 1, max: 20 }) });

/** The chunks joined: their postings in order, and each document's vector slices merged by term number. */
function joined(
  json: readonly string[],
): Pick<SerializedIndex, "invertedIndex" | "fieldVectors"> & Omit<SerializedIndex, "invertedIndex" | "fieldVectors"> {
  const chunks = json.map((text) => JSON.parse(text) as SerializedIndex);
  const vectors = new Map<string, [number, number][]>();
  for (const chunk of chunks)
    for (const [fieldRef, elements] of chunk.fieldVectors) {
      const pairs = vectors.get(fieldRef) ?? vectors.set(fieldRef, []).get(fieldRef)!;
      for (let i = 0; i < elements.length; i += 2) pairs.push([elements[i]!, elements[i + 1]!]);
    }
  const fieldVectors: FieldVectorEntry[] = [...vectors].map(([ref, pairs]) => [ref, pairs.sort((a, b) => a[0] - b[0]).flat()]);
  const invertedIndex: InvertedIndexEntry[] = chunks.flatMap((chunk) => chunk.invertedIndex);
  const [first] = chunks;
  return { version: first?.version ?? "", fields: first?.fields ?? [], pipeline: first?.pipeline ?? [], invertedIndex, fieldVectors };
}

/** The Builder's index as the chunks can hold it: documents whose vector is empty appear in no chunk. */
function expected(index: SerializedIndex) {
  const fieldVectors = index.fieldVectors.filter(([, elements]) => elements.length > 0);
  return { ...index, fieldVectors: [...fieldVectors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
}

describe("the search index writer", () => {
  it("writes, chunk by chunk, exactly the index lunr's Builder serializes", () => {
    fc.assert(
      fc.property(documents, limits, (docs, cut) => {
        const chunks = chunkIndex(indexDocuments(docs), cut);
        const reference = lunrBuilderIndex(docs);
        const ours = joined(chunks.map((chunk) => chunk.json));
        expect(JSON.stringify(ours.invertedIndex)).toBe(JSON.stringify(reference.invertedIndex));
        const sortedVectors = [...ours.fieldVectors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        expect(sortedVectors).toEqual(expected(reference).fieldVectors);
        if (chunks.length > 0)
          expect([ours.version, ours.fields, ours.pipeline]).toEqual([reference.version, reference.fields, reference.pipeline]);
        for (const chunk of chunks) expect(chunk.terms).toBeLessThanOrEqual(cut.maxTerms);
      }),
      { numRuns: 150 },
    );
  });

  it("writes a chunk byte for byte as the Builder's index cut at the same terms would read", () => {
    const docs: SearchDocument[] = [
      { ref: "0", words: ["charts", "map", "the", "10"] },
      { ref: "a", words: ["chart", "ais", "ais"] },
      { ref: "10", words: ["maps", "charting", "zz"] },
      { ref: "b", words: [] },
    ];
    const [chunk] = chunkIndex(indexDocuments(docs));
    const reference = lunrBuilderIndex(docs);
    const vectors = reference.fieldVectors.filter(([, elements]) => elements.length > 0);
    const built = `{"version":${JSON.stringify(reference.version)},"fields":["text"],"invertedIndex":${JSON.stringify(reference.invertedIndex)},"fieldVectors":${JSON.stringify(vectors)},"pipeline":["stemmer"]}`;
    expect(chunk?.json).toBe(built);
  });

  it("has no chunk for no documents, nor for documents of stop words only", () => {
    expect(chunkIndex(indexDocuments([]))).toEqual([]);
    expect(chunkIndex(indexDocuments([{ ref: "0", words: ["the", "and"] }]))).toEqual([]);
  });
});
