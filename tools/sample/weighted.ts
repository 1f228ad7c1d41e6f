/**
 * Weighted choice. Real catalogs are skewed everywhere (a few words, owners
 * and licenses dominate), so most draws go through a table like this rather
 * than `Random.pick`. Weights are integers summed into a cumulative array; a
 * draw is one uniform integer, a guide-table jump and a short forward scan
 * (expected O(1), unlike a binary search): the millions of README words of a
 * 10,000-plugin snapshot are most of the generator's work.
 */
import type { Random } from "./random.js";

export class WeightedTable<T> {
  readonly #items: readonly T[];
  readonly #cumulative: Float64Array;
  readonly #total: number;
  /** `#guide[b]`: the first item whose cumulative weight exceeds bucket b's lower bound. */
  readonly #guide: Int32Array;

  constructor(entries: readonly (readonly [T, number])[]) {
    if (entries.length === 0) throw new RangeError("a weighted table needs at least one entry");
    this.#items = entries.map(([item]) => item);
    this.#cumulative = new Float64Array(entries.length);
    let total = 0;
    entries.forEach(([, weight], index) => {
      if (!(weight > 0) || !Number.isInteger(weight)) throw new RangeError(`weight must be a positive integer, got ${weight}`);
      total += weight;
      this.#cumulative[index] = total;
    });
    if (total > 0xffff_ffff) throw new RangeError("total weight must fit in 32 bits");
    this.#total = total;
    this.#guide = new Int32Array(entries.length * 2);
    let index = 0;
    for (let bucket = 0; bucket < this.#guide.length; bucket++) {
      while (index < entries.length - 1 && (this.#cumulative[index] ?? total) <= this.#bucketStart(bucket)) index++;
      this.#guide[bucket] = index;
    }
  }

  draw(random: Random): T {
    const target = random.int(0, this.#total - 1);
    let index = this.#guide[Math.floor((target / this.#total) * this.#guide.length)] ?? 0;
    while ((this.#cumulative[index] ?? this.#total) <= target) index++;
    return this.#items[index] as T;
  }

  /** A little below the smallest target that lands in `bucket`, so rounding can never make the guide overshoot. */
  #bucketStart(bucket: number): number {
    return Math.floor((bucket * this.#total) / this.#guide.length) - 1;
  }
}

/**
 * Zipf–Mandelbrot weights over `ranked` (most frequent first): weight ∝
 * 1 / (rank + shift)^exponent. The shift flattens the head a little, as in
 * real word counts, where the top few words are similarly common.
 */
export function zipfTable<T>(ranked: readonly T[], exponent = 1, shift = 2.7): WeightedTable<T> {
  const scale = 1_000_000;
  return new WeightedTable(ranked.map((item, rank) => [item, Math.max(1, Math.round(scale / (rank + 1 + shift) ** exponent))] as const));
}
