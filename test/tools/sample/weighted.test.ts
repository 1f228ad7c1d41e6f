import { describe, expect, it } from "vitest";
import { Random } from "../../../tools/sample/random.js";
import { WeightedTable, zipfTable } from "../../../tools/sample/weighted.js";

/** The obvious implementation: linear scan over cumulative weights. */
function reference<T>(entries: readonly (readonly [T, number])[], target: number): T | undefined {
  let cumulative = 0;
  for (const [item, weight] of entries) {
    cumulative += weight;
    if (target < cumulative) return item;
  }
  return undefined;
}

describe("WeightedTable", () => {
  it("draws exactly what a linear scan over the same uniform integer would", () => {
    const shapes = new Random(99);
    for (let table = 0; table < 50; table++) {
      // Tiny weights put item boundaries at nearly every target, where an off-by-one in the guide would show.
      const maxWeight = table % 2 === 0 ? 3 : 5_000_000;
      const entries = Array.from(
        { length: shapes.int(1, 300) },
        (_, i) => [i, shapes.chance(0.2) ? shapes.int(1, 3) : shapes.int(1, maxWeight)] as const,
      );
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      const weighted = new WeightedTable(entries);
      const a = new Random(table);
      const b = new Random(table);
      let mismatches = 0;
      for (let i = 0; i < 2000; i++) if (weighted.draw(a) !== reference(entries, b.int(0, total - 1))) mismatches++;
      expect(mismatches, `table ${table}`).toBe(0);
    }
  });

  it("rejects empty tables and non-positive or fractional weights", () => {
    expect(() => new WeightedTable([])).toThrow(RangeError);
    expect(() => new WeightedTable([["a", 0]])).toThrow(RangeError);
    expect(() => new WeightedTable([["a", 1.5]])).toThrow(RangeError);
  });

  it("gives a Zipf table a steep head and a reachable tail", () => {
    const words = Array.from({ length: 500 }, (_, i) => `w${i}`);
    const table = zipfTable(words);
    const random = new Random(1);
    const counts = new Map<string, number>();
    for (let i = 0; i < 100_000; i++) {
      const w = table.draw(random);
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    expect(counts.get("w0") ?? 0).toBeGreaterThan(5 * (counts.get("w50") ?? 0));
    expect(counts.size).toBeGreaterThan(450);
  });
});
