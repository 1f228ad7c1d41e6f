/** Bitset counts against plain sets: `countAnd` and `countAndNot` are what `/api/facets` counts with. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bitset } from "../../src/core/bitset.js";

/** A size (word boundaries included) and two member lists inside it. */
const twoSets = fc.integer({ min: 0, max: 130 }).chain((size) => {
  const members = size === 0 ? fc.constant([]) : fc.array(fc.integer({ min: 0, max: size - 1 }), { maxLength: 140 });
  return fc.tuple(fc.constant(size), members, members);
});

describe("Bitset counts", () => {
  it("countAnd is |a ∩ b| and countAndNot is |a \\ b|, bit 31 and partial last words included", () => {
    fc.assert(
      fc.property(twoSets, ([size, a, b]) => {
        const setA = new Set(a);
        const setB = new Set(b);
        const bitsA = Bitset.of(size, a);
        const bitsB = Bitset.of(size, b);
        expect(bitsA.countAnd(bitsB)).toBe([...setA].filter((m) => setB.has(m)).length);
        expect(bitsA.countAndNot(bitsB)).toBe([...setA].filter((m) => !setB.has(m)).length);
        expect(bitsA.countAnd(bitsB)).toBe(bitsA.clone().and(bitsB).count());
      }),
      { numRuns: 500 },
    );
  });

  it("counts a full set against itself and against nothing", () => {
    const full = Bitset.full(100);
    expect(full.countAnd(full)).toBe(100);
    expect(full.countAndNot(new Bitset(100))).toBe(100);
    expect(full.countAndNot(full)).toBe(0);
  });
});

describe("Bitset positions", () => {
  /** A size and an ascending, duplicate-free member list inside it. */
  const sized = fc.integer({ min: 1, max: 200 }).chain((size) =>
    fc.tuple(
      fc.constant(size),
      fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { maxLength: 120 }).map((members) => [...members].sort((a, b) => a - b)),
    ),
  );

  it("ofList / addAll hold exactly the members; slice(start, end) is the members of those ranks", () => {
    fc.assert(
      fc.property(sized, fc.nat(130), fc.nat(130), ([size, members], a, b) => {
        const set = Bitset.ofList(size, Uint32Array.from(members));
        expect(set.count()).toBe(members.length);
        expect(Array.from({ length: size }, (_, i) => i).filter((i) => set.has(i))).toEqual(members);
        const [start, end] = [Math.min(a, b), Math.max(a, b)];
        expect(set.slice(start, end)).toEqual(members.slice(start, end));
      }),
      { numRuns: 300 },
    );
  });

  it("ranks(members) is, for each, the number of smaller members of the set", () => {
    fc.assert(
      fc.property(sized, fc.uniqueArray(fc.nat(199), { maxLength: 40 }), ([size, members], asked) => {
        const set = Bitset.ofList(size, members);
        const ascending = asked.filter((member) => member < size).sort((a, b) => a - b);
        expect(set.ranks(ascending)).toEqual(ascending.map((member) => members.filter((m) => m < member).length));
      }),
      { numRuns: 300 },
    );
  });
});
