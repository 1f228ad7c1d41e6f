/**
 * The bench's only source of randomness: the sample generator's seeded
 * stream, so one `--seed` always yields the same queries.
 */
import { Random } from "../../tools/sample/random.js";

export class Rng extends Random {
  /** A new list in random order. */
  shuffle<T>(items: readonly T[]): T[] {
    return this.sample(items, items.length);
  }
}
