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
          expect(pack.header.sets[3 * i + 2]).toBe(expected.length <= Math.ceil(plugins / 32) ? SET_LIST : SET_BITMAP);
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
    const header = (text: string) => {
      const json = new TextEncoder().encode(text);
      const bytes = new Uint8Array((4 + json.byteLength + 3) & ~3);
      new DataView(bytes.buffer).setUint32(0, json.byteLength, true);
      bytes.set(json, 4);
      return bytes;
    };
    const [badKey, badSet, badKind] = [
      new SetPack(header('{"keys":["a",7],"sets":[0,0,0,0,0,0]}'), 64, "badKey"),
      new SetPack(header('{"keys":["a"],"sets":[0,9,0]}'), 64, "badSet"),
      new SetPack(header('{"keys":["a"],"sets":[0,0,5]}'), 64, "badKind"),
    ];
    expect(() => badKey.find("b")).toThrow(/badKey is not a set pack/);
    expect(() => badSet.set(0)).toThrow(/badSet is not a set pack/);
    expect(() => badKind.set(0)).toThrow(/badKind is not a set pack/);
    expect(() => new SetPack(header('{"keys":["a"],"sets":[0,0]}'), 64, "short")).toThrow(/short is not a set pack/);
  });
});
