/**
 * The shim's postings blocks against brute force: cut into blocks of a few
 * terms, every prefix of every term (and strings that match nothing) finds
 * exactly the documents of the terms it starts, and every term exactly its
 * own; a prefix whose terms run past a block, or cost many words to join,
 * is answered from a stored union.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Bitset } from "../../src/core/bitset.js";
import { ordinalOf, refOf, seriesFile, seriesLength } from "../../src/core/site-format.js";
import { SearchIndex } from "../../src/shim/search.js";
import { SetPack } from "../../src/shim/set-pack-reader.js";
import { writePostingsBlocks } from "../../src/site/postings-blocks.js";
import { indexDocuments, termOrdinals } from "../../src/site/search/term-index.js";
import { lunrBuilderIndex, postingsOf } from "../support/lunr-builder.js";

const members = (set: Bitset): number[] => Array.from({ length: set.size }, (_, i) => i).filter((i) => set.has(i));

/** Documents of words over few letters, so that terms share long prefixes. */
const documents = fc.array(fc.array(fc.stringMatching(/^[abé]{1,5}$/), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 70 });

function blocksOf(words: readonly (readonly string[])[], blockBytes: number) {
  const documents = words.map((w, ordinal) => ({ ref: refOf(ordinal), words: w }));
  const index = indexDocuments(documents);
  const files = new Map<string, Uint8Array>();
  let next = 0;
  const add = (kind: string, bytes: Uint8Array) => {
    const path = `catalog/data/${kind}.${(next++).toString(16).padStart(16, "0")}.bin`;
    files.set(path, bytes);
    return path;
  };
  const blocks = writePostingsBlocks(add, index.terms, termOrdinals(index, ordinalOf), words.length, blockBytes);
  // What to expect comes from lunr's own Builder, not from the index the blocks were written from.
  return { blocks, files, postings: postingsOf(lunrBuilderIndex(documents)) };
}

describe("postings blocks", () => {
  it("answer every term and every prefix exactly, across block boundaries", async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.integer({ min: 20, max: 400 }), async (words, blockBytes) => {
        const { blocks, files, postings } = blocksOf(words, blockBytes);
        const search = new SearchIndex(blocks, { read: async (path) => files.get(path) ?? null }, words.length);
        const expected = (matches: (term: string) => boolean) =>
          [...new Set([...postings].filter(([term]) => matches(term)).flatMap(([, docs]) => docs))].sort((a, b) => a - b);
        const prefixes = new Set(
          [...postings.keys()].flatMap((term) => Array.from({ length: term.length }, (_, i) => term.slice(0, i + 1))),
        );
        for (const prefix of [...prefixes, "c", "ab~", "éz", "zz"]) {
          const found = await search.match({ exact: [], last: { typed: prefix, stem: prefix } });
          expect(members(found), prefix).toEqual(expected((term) => term.startsWith(prefix)));
        }
        for (const term of postings.keys()) {
          const found = await search.match({ exact: [term], last: { typed: term, stem: term } });
          expect(members(found), term).toEqual(expected((other) => other === term));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("store the union of a prefix whose terms run past their block's end, in the block of its first term", () => {
    const words = Array.from({ length: 40 }, (_, i) => [`ab${"c".repeat(i % 7)}${i}`]);
    const { blocks, files } = blocksOf(words, 60);
    expect(seriesLength(blocks.files)).toBeGreaterThan(3);
    const packs = Array.from(
      { length: seriesLength(blocks.files) },
      (_, i) => new SetPack(files.get(seriesFile(blocks.files, i)!)!, 40, "block"),
    );
    const keysOf = (pack: SetPack) => Array.from({ length: pack.size }, (_, i) => pack.key(i));
    const unions = packs.flatMap((pack) => keysOf(pack).slice(pack.header.terms));
    expect(unions).toContain("a");
    expect(unions).toContain("ab");
    // Each union sits in the block that holds its first term.
    for (const pack of packs) {
      for (const union of keysOf(pack).slice(pack.header.terms))
        expect(
          keysOf(pack)
            .slice(0, pack.header.terms)
            .some((term) => term.startsWith(union)),
        ).toBe(true);
    }
  });

  it("store the union of a prefix of many terms in one block, however few plugins each has", () => {
    // 40 rare terms under `trac` (one plugin each), 20 under `tide`, in one block: scored one by one, `trac` would be
    // 40 frequency runs and passes; its union is one. `tide`'s 20 are few enough to take one by one.
    const words = [
      ...Array.from({ length: 40 }, (_, i) => [`trac${String.fromCharCode(97 + (i % 26))}${"x".repeat(Math.floor(i / 26) + 1)}`]),
      ...Array.from({ length: 20 }, (_, i) => [`tide${String.fromCharCode(97 + i)}`]),
    ];
    const { blocks, files } = blocksOf(words, 1_000_000);
    expect(seriesLength(blocks.files)).toBe(1);
    const pack = new SetPack(files.get(seriesFile(blocks.files, 0)!)!, words.length, "block");
    const unions = Array.from({ length: pack.size }, (_, i) => pack.key(i)).slice(pack.header.terms);
    expect(unions).toContain("trac");
    expect(unions).not.toContain("tide");
  });
});
