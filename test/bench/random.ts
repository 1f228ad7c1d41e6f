/**
 * The bench's only source of randomness: a seeded xoroshiro128+ stream, so
 * one `--seed` always yields the same queries.
 */
import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from "pure-rand";

const TWO_POW_32 = 0x1_0000_0000;

export class Rng {
  readonly #rng: RandomGenerator;

  constructor(seed: number) {
    this.#rng = xoroshiro128plus(seed);
  }

  /** Integer in `[min, max]`, both inclusive. */
  int(min: number, max: number): number {
    return unsafeUniformIntDistribution(min, max, this.#rng);
  }

  /** Float in `[0, 1)`. */
  float(): number {
    return this.int(0, TWO_POW_32 - 1) / TWO_POW_32;
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("cannot pick from an empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A new list in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool;
  }
}
