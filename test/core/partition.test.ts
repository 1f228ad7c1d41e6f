/** `partitionPoint`: the first index of a range from which a predicate holds, as a linear scan finds it. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partitionPoint } from "../../src/core/partition.js";

describe("partitionPoint", () => {
  it("finds the first index at which the predicate holds, within the range, as a scan does (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 })),
        fc.integer({ min: -60, max: 60 }),
        fc.nat(),
        fc.nat(),
        (values, value, a, b) => {
          const sorted = values.sort((x, y) => x - y);
          const [from, to] = [Math.min(a, b) % (sorted.length + 1), Math.max(a, b) % (sorted.length + 1)].sort((x, y) => x - y) as [
            number,
            number,
          ];
          let expected = from;
          while (expected < to && sorted[expected]! < value) expected++;
          expect(partitionPoint(from, to, (index) => sorted[index]! >= value)).toBe(expected);
        },
      ),
    );
  });

  it("gives the range's end when the predicate never holds, and its start when it always does", () => {
    expect(partitionPoint(2, 9, () => false)).toBe(9);
    expect(partitionPoint(2, 9, () => true)).toBe(2);
    expect(partitionPoint(4, 4, () => true)).toBe(4);
  });
});
