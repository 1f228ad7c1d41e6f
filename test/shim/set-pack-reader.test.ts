/** A `SetPack` reads back exactly what the site wrote, in either encoding, and refuses what is not one. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bitset } from "../../src/core/bitset.js";
import { SET_BITMAP, SET_LIST } from "../../src/core/site-format.js";
import { HttpProblem } from "../../src/shim/problem.js";
import { SetPack } from "../../src/shim/set-pack-reader.js";
import { encodeSetPack } from "../../src/site/set-pack-writer.js";

const members = (set: Bitset): number[] => Array.from({ length: set.size }, (_, i) => i).filter((i) => set.has(i));

/** A catalog size and sets over it under distinct, sorted keys (some of them non-ASCII). */
const packs = fc.integer({ min: 1, max: 300 }).chain((plugins) =>
  fc.tuple(
    fc.constant(plugins),
    fc
      .uniqueArray(
        fc.record({
          key: fc.string({ unit: fc.constantFrom("a", "b", "é", "風", ":", '"'), minLength: 1, maxLength: 6 }),
          members: fc
            .uniqueArray(fc.integer({ min: 0, max: plugins - 1 }), { maxLength: plugins })
            .map((list) => [...list].sort((a, b) => a - b)),
        }),
        { selector: (set) => set.key, maxLength: 12 },
      )
      .map((sets) => [...sets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))),
  ),
);

describe("set packs", () => {
  it("give back every set by its key, as a list or a bitmap, whichever is smaller", () => {
    fc.assert(
      fc.property(packs, ([plugins, sets]) => {
        const pack = new SetPack(encodeSetPack(plugins, sets), plugins, "test");
        expect(pack.size).toBe(sets.length);
        sets.forEach(({ key, members: expected }, i) => {
          expect(pack.find(key)).toBe(i);
          expect(members(pack.set(i))).toEqual(expected);
          const union = new Bitset(plugins);
          pack.addTo(union, i);
          expect(members(union)).toEqual(expected);
          expect(pack.kind(i)).toBe(expected.length <= Math.ceil(plugins / 32) ? SET_LIST : SET_BITMAP);
        });
        expect(pack.find("absent key")).toBe(-1);
      }),
      { numRuns: 300 },
    );
  });

  it("read at any byte offset (a view into a larger buffer) the same", () => {
    const bytes = encodeSetPack(64, [
      { key: "a", members: [1, 2, 63] },
      { key: "b", members: Array.from({ length: 40 }, (_, i) => i) },
    ]);
    const shifted = new Uint8Array(bytes.byteLength + 3);
    shifted.set(bytes, 3);
    const pack = new SetPack(shifted.subarray(3), 64, "shifted");
    expect(members(pack.set(0))).toEqual([1, 2, 63]);
    expect(pack.set(1).count()).toBe(40);
  });

  it("refuse bytes that are not a pack of this catalog", () => {
    const good = encodeSetPack(64, [{ key: "a", members: Array.from({ length: 40 }, (_, i) => i) }]);
    const broken = [new Uint8Array(0), good.subarray(0, good.byteLength - 4), new TextEncoder().encode('{"keys":[]}xx')];
    for (const bytes of broken) expect(() => new SetPack(bytes, 64, "broken").set(0)).toThrow(HttpProblem);
    // A bitmap written for 64 plugins is not one of a 1,000-plugin catalog: found out when the set is used.
    const other = new SetPack(good, 1_000, "other");
    expect(() => other.set(0)).toThrow(/other is not a set pack of this catalog/);
    expect(() => other.addTo(new Bitset(1_000), 0)).toThrow(/other is not a set pack of this catalog/);
  });

  it("refuse a key or a set entry that is not one, when it is used", () => {
    /** A pack written word by word: the JSON header, the count, the set table, the key ends, the key text, the body. */
    const raw = (parts: { header?: string; count: number; table: number[]; ends: number[]; keys: string; body?: number[] }) => {
      const json = new TextEncoder().encode(parts.header ?? "{}");
      const keys = new TextEncoder().encode(parts.keys);
      const tableStart = (4 + json.byteLength + 3) & ~3;
      const keysStart = tableStart + 4 * (1 + parts.table.length + parts.ends.length);
      const bodyStart = (keysStart + keys.byteLength + 3) & ~3;
      const bytes = new Uint8Array(bodyStart + 4 * (parts.body ?? []).length);
      const view = new DataView(bytes.buffer);
      view.setUint32(0, json.byteLength, true);
      bytes.set(json, 4);
      [parts.count, ...parts.table, ...parts.ends].forEach((word, i) => {
        view.setUint32(tableStart + 4 * i, word, true);
      });
      bytes.set(keys, keysStart);
      (parts.body ?? []).forEach((word, i) => {
        view.setUint32(bodyStart + 4 * i, word, true);
      });
      return bytes;
    };
    const [badKey, badSet, badKind] = [
      new SetPack(raw({ count: 2, table: [0, 0, 0, 0, 0, 0], ends: [2, 1], keys: "ab" }), 64, "badKey"),
      new SetPack(raw({ count: 1, table: [0, 9, 0], ends: [1], keys: "a" }), 64, "badSet"),
      new SetPack(raw({ count: 1, table: [0, 0, 5], ends: [1], keys: "a" }), 64, "badKind"),
    ];
    expect(() => badKey.find("b")).toThrow(/badKey is not a set pack/);
    expect(() => badKey.key(2)).toThrow(/badKey is not a set pack/);
    expect(() => badSet.set(0)).toThrow(/badSet is not a set pack/);
    expect(() => badKind.set(0)).toThrow(/badKind is not a set pack/);
    expect(() => badKind.set(1)).toThrow(/badKind is not a set pack/);
    // What the reader checks at once: the parts fit in the file, the header is an object with a group per set.
    const refused = [
      raw({ count: 3, table: [0, 0, 0], ends: [1], keys: "a" }),
      raw({ count: 1, table: [0, 0, 0], ends: [400], keys: "a" }),
      raw({ header: "[]", count: 1, table: [0, 0, 0], ends: [1], keys: "a" }),
      raw({ header: '{"groups":[0,0]}', count: 1, table: [0, 0, 0], ends: [1], keys: "a" }),
    ];
    for (const bytes of refused) expect(() => new SetPack(bytes, 64, "short")).toThrow(/short is not a set pack/);
    expect(raw({ count: 1, table: [0, 1, 0], ends: [1], keys: "a", body: [7] })).toEqual(encodeSetPack(64, [{ key: "a", members: [7] }]));
  });
});
