/**
 * Seeded randomness for the fake world.
 *
 * Every stream is derived from the world seed plus a label (a package index, "readme", ...),
 * so one package's data never depends on how many numbers another package consumed: the
 * order of generation, and generating lazily, cannot change what a seed produces.
 */
import { xoroshiro128plus } from "pure-rand";

export interface Rng {
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Float in [0, 1). */
  float(): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** FNV-1a, 32 bits: a cheap, stable hash for deriving seeds and ETags from strings. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A generator for one labelled stream of the world.
 * @example rngFor(42, "package", 7).int(1, 6)
 */
export function rngFor(seed: number, ...labels: readonly (string | number)[]): Rng {
  const gen = xoroshiro128plus(hash32(`${seed}\u0000${labels.join("\u0000")}`) ^ seed);
  // Scaled raw 32-bit draws (pure-rand's "non-uniform usage"): about twice as fast as its
  // uniform distributions, and a bias under 0.1% is irrelevant to a fake world.
  const float = (): number => (gen.unsafeNext() >>> 0) / 0x100000000;
  return {
    int: (min, max) => min + Math.floor(float() * (max - min + 1)),
    float,
    chance: (p) => float() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(float() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
  };
}
