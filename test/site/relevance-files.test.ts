/**
 * The relevance files written by the build (site/relevance-files.ts) read back by the shim
 * (shim/frequency-file-reader.ts): every width, sets of every size, lengths past 16 bits.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FREQUENCY_U16, FREQUENCY_U32, FREQUENCY_WIDE } from "../../src/core/site-format.js";
import { FrequencyFile, type FrequencyRun, readLengthsFile } from "../../src/shim/frequency-file-reader.js";
import { CatalogUnavailable } from "../../src/shim/problem.js";
import { averageLengths, encodeFrequencyFile, encodeLengthsFile, type FieldCounts, scoreOrder } from "../../src/site/relevance-files.js";

/** One entry's three counts, as the reader's run holds them. */
function entry(run: FrequencyRun, i: number): [number, number, number] {
  if (run.width === FREQUENCY_U16) {
    const v = run.halves![i]!;
    return [v >>> 12, (v >>> 7) & 31, v & 127];
  }
  if (run.width === FREQUENCY_U32) {
    const v = run.words![i]!;
    return [v >>> 24, (v >>> 14) & 1023, v & 16383];
  }
  return [run.words![3 * i]!, run.words![3 * i + 1]!, run.words![3 * i + 2]!];
}

/** Counts mostly small, sometimes past a narrower width's field. */
const count = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 20 }), weight: 8 }, fc.integer({ min: 0, max: 200_000 }));
const setCounts = fc
  .array(fc.tuple(count, count, count), { maxLength: 30 })
  .map((entries): FieldCounts => [entries.map((e) => e[0]), entries.map((e) => e[1]), entries.map((e) => e[2])]);

describe("frequency files", () => {
  it("give back every set's counts, each in the narrowest width that holds them", () => {
    fc.assert(
      fc.property(fc.array(setCounts, { maxLength: 8 }), (sets) => {
        const file = new FrequencyFile(encodeFrequencyFile(sets), "test");
        sets.forEach((counts, k) => {
          const run = file.run(k);
          expect(run.count).toBe(counts[0].length);
          const max = (f: number) => Math.max(0, ...Array.from(counts[f]!));
          const narrowest =
            max(0) < 16 && max(1) < 32 && max(2) < 128
              ? FREQUENCY_U16
              : max(0) < 256 && max(1) < 1024 && max(2) < 16384
                ? FREQUENCY_U32
                : FREQUENCY_WIDE;
          expect(run.width).toBe(narrowest);
          for (let i = 0; i < run.count; i++) expect(entry(run, i)).toEqual([counts[0][i], counts[1][i], counts[2][i]]);
        });
      }),
    );
  });

  it("read the same from a view at an odd offset, and refuse what is not one", () => {
    const bytes = encodeFrequencyFile([
      [
        [1, 2],
        [0, 3],
        [5, 6],
      ],
    ]);
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    expect(entry(new FrequencyFile(shifted.subarray(1), "x").run(0), 1)).toEqual([2, 3, 6]);
    expect(() => new FrequencyFile(new Uint8Array(3), "x")).toThrow(CatalogUnavailable);
    expect(() => new FrequencyFile(bytes, "x").run(1)).toThrow(CatalogUnavailable);
    const broken = bytes.slice();
    new DataView(broken.buffer).setUint32(8, 7, true); // an unknown width
    expect(() => new FrequencyFile(broken, "x").run(0)).toThrow(CatalogUnavailable);
  });
});

describe("lengths files", () => {
  it("give back each field's lengths, past 16 bits too, and their means", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(count, count, count), { maxLength: 40 }), (rows) => {
        const lengths: FieldCounts = [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])];
        const read = readLengthsFile(encodeLengthsFile(lengths), rows.length, "test");
        for (let f = 0; f < 3; f++) expect(Array.from(read[f]!)).toEqual(lengths[f]);
        const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
        expect(averageLengths(lengths)).toEqual([mean(rows.map((r) => r[0])), mean(rows.map((r) => r[1])), mean(rows.map((r) => r[2]))]);
      }),
    );
  });

  it("refuse a file of another catalog's size", () => {
    expect(() => readLengthsFile(encodeLengthsFile([[1], [2], [3]]), 2, "x")).toThrow(CatalogUnavailable);
  });
});

describe("score orders", () => {
  // Two plugins whose weights x differ by about 3·10⁻⁹ of x: README lengths 2 and 1 over a mean of 10⁹, each with the
  // term 10 times there. Their scores differ by about 10⁻¹⁰ of a score (the score draws weights together), a tie,
  // so the plugin of more stars (ordinal 0) comes first although its weight is the lower.
  const counts: FieldCounts = [
    [0, 0],
    [0, 0],
    [10, 10],
  ];
  const lengths: FieldCounts = [
    [0, 0],
    [0, 0],
    [2, 1],
  ];
  const averages: [number, number, number] = [1, 1, 1e9];

  it("tie by score, not by weight: scores within the tie rule go by ordinal", () => {
    const x = (length: number) => 10 / (1 - 0.75 + (0.75 * length) / 1e9);
    const score = (length: number) => (x(length) * 2.2) / (x(length) + 1.2);
    expect((x(1) - x(2)) / x(1)).toBeGreaterThan(1e-9);
    expect((score(1) - score(2)) / score(1)).toBeLessThan(1e-9);
    expect(Array.from(scoreOrder([0, 1], counts, { lengths, averages, plugins: 100 }))).toEqual([0, 1]);
  });

  it("order by score where scores are apart", () => {
    expect(Array.from(scoreOrder([0, 1], counts, { lengths: [lengths[0], lengths[1], [2e8, 1]], averages, plugins: 100 }))).toEqual([1, 0]);
  });
});
