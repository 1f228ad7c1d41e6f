import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderPage, renderPageFromJson } from "../../src/core/page-body.js";
import { type RecordFileContents, readRecordFile, recordAt } from "../../src/shim/record-file-reader.js";
import { RecordStore } from "../../src/shim/record-store.js";
import { encodeRecordFile, type RecordSource } from "../../src/site/record-file-writer.js";
import { makePlugin } from "../support/fixtures.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JSON text of strings that stress UTF-8: accents, non-Latin scripts, emoji, escapes, commas and brackets. */
const jsonRecord = fc
  .string({ unit: fc.constantFrom("a", "é", "風", "🙂", "\n", '"', ",", "]", "\\", " ") })
  .map((text) => JSON.stringify({ text }));

/** Records by ordinal, with ranks that are a function of the ordinal. */
function sourceOf(records: readonly string[]): RecordSource {
  const ranks = (k: number) => Uint32Array.from(records, (_, ordinal) => (ordinal * k + 1) % records.length);
  return { json: records.map((record) => encoder.encode(record)), ranks: { recent: ranks(3), name: ranks(5), downloads: ranks(7) } };
}

const recordsOf = (contents: RecordFileContents): Uint8Array[] => Array.from({ length: contents.count }, (_, i) => recordAt(contents, i));

describe("record files on bytes", () => {
  it("readRecordFile takes apart exactly what encodeRecordFile wrote (records, ordinals, ranks), without decoding", () => {
    fc.assert(
      fc.property(
        fc
          .array(jsonRecord, { maxLength: 20 })
          .chain((records) => fc.tuple(fc.constant(records), fc.shuffledSubarray(records.map((_, i) => i)))),
        ([records, ordinals]) => {
          const source = sourceOf(records);
          const contents = readRecordFile(encodeRecordFile(source, ordinals), "test");
          expect(recordsOf(contents).map((part) => decoder.decode(part))).toEqual(ordinals.map((ordinal) => records[ordinal]));
          expect([...contents.ordinals]).toEqual(ordinals);
          expect([...contents.ranks.recent]).toEqual(ordinals.map((ordinal) => source.ranks.recent[ordinal]));
          expect([...contents.ranks.name]).toEqual(ordinals.map((ordinal) => source.ranks.name[ordinal]));
        },
      ),
    );
  });

  it("a file cut short or padded is refused, not misread", () => {
    const bytes = encodeRecordFile(sourceOf(['{"a":1}', '{"b":2}']), [0, 1]);
    for (const broken of [bytes.subarray(0, bytes.byteLength - 1), new Uint8Array([...bytes, 0x20]), bytes.subarray(0, 3)]) {
      expect(() => readRecordFile(broken, "broken")).toThrow(/broken is not a record file/);
    }
  });

  it("a page rendered from record bytes is byte for byte the JSON of { total, page, perPage, pages, plugins }", () => {
    fc.assert(
      fc.property(fc.array(jsonRecord, { maxLength: 8 }), fc.nat(), fc.integer({ min: 1 }), (records, total, page) => {
        const meta = { total, page, perPage: 50, pages: Math.ceil(total / 50) };
        const expected = JSON.stringify({ ...meta, plugins: records.map((record) => JSON.parse(record) as unknown) });
        expect(
          decoder.decode(
            renderPageFromJson(
              meta,
              records.map((record) => encoder.encode(record)),
            ),
          ),
        ).toBe(expected);
      }),
    );
  });

  it("renderPage gives the contract's key order", () => {
    const plugin = makePlugin({ slug: "a", name: "Ä 風 🙂" });
    const body = JSON.parse(decoder.decode(renderPage({ total: 1, page: 1, perPage: 50, pages: 1, plugins: [plugin] }))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(body)).toEqual(["total", "page", "perPage", "pages", "plugins"]);
  });
});

describe("RecordStore", () => {
  const SIZE = 300;
  const SHARD = 30;
  // A second order: a fixed permutation of the ordinals.
  const permuted = Array.from({ length: SIZE }, (_, i) => (i * 7 + 3) % SIZE);
  const recordOf = (ordinal: number) => JSON.stringify({ ordinal, padding: "x".repeat(ordinal % 17) });
  const files = new Map<string, Uint8Array>();
  const refs: { readonly file: string; readonly ordinals: number[] }[] = [];
  const source = sourceOf(Array.from({ length: SIZE }, (_, ordinal) => recordOf(ordinal)));
  for (const [name, order] of [
    ["stars", Array.from({ length: SIZE }, (_, i) => i)],
    ["other", permuted],
  ] as const) {
    for (let start = 0; start < SIZE; start += SHARD) {
      const ordinals = order.slice(start, start + SHARD);
      const file = `${name}-${start / SHARD}`;
      files.set(file, encodeRecordFile(source, ordinals));
      refs.push({ file, ordinals });
    }
  }
  const shardBytes = Math.max(...refs.map((ref) => ref.ordinals.reduce((sum, ordinal) => sum + source.json[ordinal]!.byteLength, 0)));

  function store(maxBytes: number) {
    const reads: string[] = [];
    const records = new RecordStore(SIZE, maxBytes, async (file) => {
      reads.push(file);
      return files.get(file)!;
    });
    return { records, reads };
  }

  const ordinalOf = (record: Uint8Array) => (JSON.parse(decoder.decode(record)) as { ordinal: number }).ordinal;

  it("under eviction, every record it hands out is the one asked for, and a shard read fills it in at once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ read: fc.integer({ min: 0, max: refs.length - 1 }) }),
            fc.record({ ask: fc.uniqueArray(fc.integer({ min: 0, max: SIZE - 1 }), { maxLength: 12 }) }),
          ),
          { maxLength: 60 },
        ),
        fc.integer({ min: 2, max: 6 }),
        async (steps, shardsThatFit) => {
          const { records } = store(shardsThatFit * shardBytes);
          for (const step of steps) {
            if ("read" in step) {
              const ref = refs[step.read]!;
              const read = await records.file(ref.file);
              expect(recordsOf(read).map(ordinalOf)).toEqual([...ref.ordinals]);
              expect(records.present([...ref.ordinals])?.map(ordinalOf)).toEqual([...ref.ordinals]);
            } else {
              const found = records.present(step.ask);
              if (found !== undefined) expect(found.map(ordinalOf)).toEqual(step.ask);
            }
          }
        },
      ),
    );
  });

  it("keeps only the records a file adds when memory holds the rest, counting only their bytes", async () => {
    const bytesOf = (ordinals: readonly number[]) => ordinals.reduce((sum, ordinal) => sum + source.json[ordinal]!.byteLength, 0);
    const stars = refs.slice(0, 4);
    const other = refs.find((ref) => ref.file === "other-0")!;
    const held = new Set(stars.flatMap((ref) => ref.ordinals));
    const added = other.ordinals.filter((ordinal) => !held.has(ordinal));
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThan(other.ordinals.length);
    // Room for the four shards and the records other-0 adds (each kept file counts one byte more), not for other-0 whole.
    const { records } = store(stars.reduce((sum, ref) => sum + bytesOf(ref.ordinals) + 1, 0) + bytesOf(added) + 1);
    for (const ref of stars) await records.file(ref.file);
    await records.file(other.file);
    expect(records.present(other.ordinals)?.map(ordinalOf)).toEqual(other.ordinals);
    for (const ref of stars) expect(records.present(ref.ordinals)?.map(ordinalOf), ref.file).toEqual(ref.ordinals);
  });

  it("keeps within its byte bound: reading every shard twice over with room for three keeps at most three shards' records", async () => {
    const { records } = store(3 * shardBytes);
    for (const ref of [...refs, ...refs]) await records.file(ref.file);
    const kept = Array.from({ length: SIZE }, (_, ordinal) => records.get(ordinal)).filter((record) => record !== undefined);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(3 * SHARD);
  });

  it("reads a shard once however many ask at the same time, and not again while it is kept", async () => {
    const { records, reads } = store(100 * shardBytes);
    await Promise.all([records.file(refs[0]!.file), records.file(refs[0]!.file), records.file(refs[0]!.file)]);
    await records.file(refs[0]!.file);
    expect(reads).toEqual([refs[0]!.file]);
  });

  it("places each record of a file whose ordinals are a shuffled run (a shard of another order) under its own ordinal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: SIZE - 8 }),
        fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: 8 }),
        async (first, offsets) => {
          const ordinals = offsets.map((offset) => first + offset);
          const file = encodeRecordFile(source, ordinals);
          const records = new RecordStore(SIZE, 100 * shardBytes, async () => file);
          await records.file("shuffled");
          expect(records.present(ordinals)?.map(ordinalOf)).toEqual(ordinals);
          for (const ordinal of ordinals) expect(records.rank("recent", ordinal)).toBe(source.ranks.recent[ordinal]);
        },
      ),
    );
  });

  it("takes a file said to be of stars order as one run, and refuses one that does not start and end where it should", async () => {
    const { records } = store(100 * shardBytes);
    await records.file(refs[1]!.file, SHARD, SHARD);
    expect(records.present(refs[1]!.ordinals)?.map(ordinalOf)).toEqual(refs[1]!.ordinals);
    expect(records.rank("name", SHARD + 3)).toBe(source.ranks.name[SHARD + 3]);
    await expect(store(100 * shardBytes).records.file(refs[1]!.file, SHARD, 0)).rejects.toThrow(/is not a record file/);
  });

  it("refuses a shard whose record count disagrees with the manifest", async () => {
    const { records } = store(100 * shardBytes);
    await expect(records.file(refs[0]!.file, 29)).rejects.toThrow(/holds 30 records where the manifest implies 29/);
  });
});
