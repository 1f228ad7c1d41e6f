import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderPage, renderPageFromJson } from "../../src/core/response.js";
import { shardRecords, shardText } from "../../src/core/site-format.js";
import { RecordStore, type ShardRef } from "../../src/shim/records.js";
import { makePlugin } from "../support/fixtures.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JSON text of strings that stress UTF-8: accents, non-Latin scripts, emoji, escapes, commas and brackets. */
const jsonRecord = fc.string({ unit: fc.constantFrom("a", "é", "風", "🙂", "\n", "\"", ",", "]", "\\", " ") }).map((text) => JSON.stringify({ text }));

describe("record shards on bytes", () => {
  it("shardRecords takes apart exactly what shardText wrote, without decoding", () => {
    fc.assert(
      fc.property(fc.array(jsonRecord, { maxLength: 20 }), (records) => {
        const parts = shardRecords(encoder.encode(shardText(records)));
        expect(parts.map((part) => decoder.decode(part))).toEqual(records);
      }),
    );
  });

  it("a page rendered from record bytes is byte for byte the JSON of { total, page, perPage, pages, plugins }", () => {
    fc.assert(
      fc.property(fc.array(jsonRecord, { maxLength: 8 }), fc.nat(), fc.integer({ min: 1 }), (records, total, page) => {
        const meta = { total, page, perPage: 50, pages: Math.ceil(total / 50) };
        const expected = JSON.stringify({ ...meta, plugins: records.map((record) => JSON.parse(record) as unknown) });
        expect(decoder.decode(renderPageFromJson(meta, records.map((record) => encoder.encode(record))))).toBe(expected);
      }),
    );
  });

  it("renderPage gives the contract's key order", () => {
    const plugin = makePlugin({ slug: "a", name: "Ä 風 🙂" });
    const body = JSON.parse(decoder.decode(renderPage({ total: 1, page: 1, perPage: 50, pages: 1, plugins: [plugin] }))) as Record<string, unknown>;
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
  const refs: (ShardRef & { readonly ordinals: number[] })[] = [];
  for (const [name, order] of [["stars", Array.from({ length: SIZE }, (_, i) => i)], ["other", permuted]] as const) {
    for (let start = 0; start < SIZE; start += SHARD) {
      const ordinals = order.slice(start, start + SHARD);
      const file = `${name}-${start / SHARD}`;
      files.set(file, encoder.encode(shardText(ordinals.map(recordOf))));
      refs.push({ file, ordinals });
    }
  }
  const shardBytes = Math.max(...[...files.values()].map((bytes) => bytes.byteLength));

  function store(maxBytes: number) {
    const reads: string[] = [];
    const records = new RecordStore(SIZE, maxBytes, async (file) => (reads.push(file), files.get(file)!));
    return { records, reads };
  }

  const ordinalOf = (record: Uint8Array) => (JSON.parse(decoder.decode(record)) as { ordinal: number }).ordinal;

  it("under eviction, every record it hands out is the one asked for, and a shard read fills it in at once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.record({ read: fc.integer({ min: 0, max: refs.length - 1 }) }), fc.record({ ask: fc.uniqueArray(fc.integer({ min: 0, max: SIZE - 1 }), { maxLength: 12 }) })), { maxLength: 60 }),
        fc.integer({ min: 2, max: 6 }),
        async (steps, shardsThatFit) => {
          const { records } = store(shardsThatFit * shardBytes);
          for (const step of steps) {
            if ("read" in step) {
              const ref = refs[step.read]!;
              const read = await records.shard(ref);
              expect(read.map(ordinalOf)).toEqual([...ref.ordinals]);
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

  it("keeps within its byte bound: reading every shard twice over with room for three keeps at most three shards' records", async () => {
    const { records } = store(3 * shardBytes);
    for (const ref of [...refs, ...refs]) await records.shard(ref);
    const kept = Array.from({ length: SIZE }, (_, ordinal) => records.get(ordinal)).filter((record) => record !== undefined);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(3 * SHARD);
  });

  it("reads a shard once however many ask at the same time, and not again while it is kept", async () => {
    const { records, reads } = store(100 * shardBytes);
    await Promise.all([records.shard(refs[0]!), records.shard(refs[0]!), records.shard(refs[0]!)]);
    await records.shard(refs[0]!);
    expect(reads).toEqual([refs[0]!.file]);
  });

  it("refuses a shard whose record count disagrees with the manifest", async () => {
    const { records } = store(100 * shardBytes);
    await expect(records.shard({ file: refs[0]!.file, ordinals: refs[0]!.ordinals.slice(1) })).rejects.toThrow(/holds 30 records where the manifest implies 29/);
  });
});
