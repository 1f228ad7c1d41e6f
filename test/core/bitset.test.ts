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
