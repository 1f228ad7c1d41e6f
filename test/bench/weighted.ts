/**
 * Items with weights (e.g. words and their document frequency), sampled the
 * way users type: half the time in proportion to weight (common terms), half
 * the time uniformly over the items (which, in a long-tailed vocabulary,
 * mostly means rare terms).
 */
import type { Rng } from "./random.js";

export class WeightedList<T> {
  readonly items: readonly T[];
  private readonly cumulative: Float64Array;

  constructor(entries: Iterable<readonly [T, number]>) {
    const items: T[] = [];
    const cumulative: number[] = [];
    let total = 0;
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue;
      total += weight;
      items.push(item);
      cumulative.push(total);
    }
    this.items = items;
    this.cumulative = Float64Array.from(cumulative);
  }

  get size(): number {
    return this.items.length;
  }

  /** In proportion to weight. */
  weighted(rng: Rng): T {
    const total = this.cumulative[this.cumulative.length - 1];
    if (total === undefined) throw new RangeError("cannot sample an empty list");
    const target = rng.float() * total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.cumulative[mid]! > target) high = mid;
      else low = mid + 1;
    }
    return this.items[low] as T;
  }

  /** Half weighted, half uniform: common and rare alike. */
  mixed(rng: Rng): T {
    return rng.chance(0.5) ? this.weighted(rng) : rng.pick(this.items);
  }
}
