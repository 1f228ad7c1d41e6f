/**
 * The generator's only source of randomness: a seeded xoroshiro128+ stream,
 * so that one seed always yields byte-identical snapshots. Everything else in
 * `tools/sample/` draws through this class and never touches `Math.random`.
 */
import { type RandomGenerator, uniformIntDistribution, xoroshiro128plus } from "pure-rand";

const TWO_POW_32 = 0x1_0000_0000;
/**
 * Read once: vitest serves imported bindings through a proxy over the module
 * namespace, which made every draw ~5x slower under test when looked up per call.
 */
const uniformInt = uniformIntDistribution;

export class Random {
  #rng: RandomGenerator;

  constructor(seed: number) {
    this.#rng = xoroshiro128plus(seed);
  }

  /** Integer in `[min, max]`, both inclusive. */
  int(min: number, max: number): number {
    const [value, next] = uniformInt(min, max, this.#rng);
    this.#rng = next;
    return value;
  }

  /** Float in `[0, 1)`: a full 32-bit draw, the range pure-rand serves without rejection. */
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

  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const taken = Math.min(count, pool.length);
    for (let i = 0; i < taken; i++) {
      const j = this.int(i, pool.length - 1);
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, taken);
  }

  /** Standard normal deviate (Box–Muller); 1 - float() keeps the log's argument above 0. */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal deviate with the given median: the shape of sizes and popularity counts. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Lower-case hex digits, for ETags and fake commit-ish ids. */
  hex(length: number): string {
    let text = "";
    while (text.length < length) text += this.int(0, 0xffff).toString(16).padStart(4, "0");
    return text.slice(0, length);
  }
}
