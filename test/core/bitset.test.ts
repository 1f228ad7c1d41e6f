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

describe("Bitset made from a list, then changed", () => {
  /** Any list (unsorted, duplicated, beyond the size) and operations after it. */
  const size = fc.integer({ min: 1, max: 100 });
  const list = fc.array(fc.integer({ min: 0, max: 130 }), { maxLength: 60 });
  const operation = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), member: fc.nat(99) }),
    fc.record({ kind: fc.constantFrom("and" as const, "or" as const), other: list }),
    fc.record({ kind: fc.constant("clone" as const) }),
  );

  it("counts and slices its members, as a plain set does, after any changes", () => {
    fc.assert(
      fc.property(size, list, fc.array(operation, { maxLength: 4 }), (n, first, operations) => {
        const inside = (members: readonly number[]) => new Set(members.filter((member) => member < n));
        let [set, model] = [Bitset.ofList(n, first), inside(first)];
        for (const op of operations) {
          if (op.kind === "add") {
            set.add(op.member % n);
            model.add(op.member % n);
          } else if (op.kind === "clone") set = set.clone();
          else {
            const other = inside(op.other);
            set[op.kind](Bitset.ofList(n, op.other));
            model = new Set(op.kind === "and" ? [...model].filter((m) => other.has(m)) : [...model, ...other]);
          }
        }
        const sorted = [...model].sort((a, b) => a - b);
        expect(set.count()).toBe(sorted.length);
        expect(set.slice(0, n)).toEqual(sorted);
        expect(set.slice(1, 3)).toEqual(sorted.slice(1, 3));
        expect(Array.from(set.members(sorted.length))).toEqual(sorted);
        expect(Array.from(set.members(2))).toEqual(sorted.slice(0, 2));
      }),
      { numRuns: 500 },
    );
  });

  it("a set from a list is not changed by changes to its clone, nor the clone by it", () => {
    const original = Bitset.ofList(64, [1, 5, 9]);
    const copy = original.clone();
    copy.add(7);
    original.and(Bitset.ofList(64, [5]));
    expect([original.slice(0, 64), copy.slice(0, 64), copy.count()]).toEqual([[5], [1, 5, 7, 9], 4]);
  });
});
