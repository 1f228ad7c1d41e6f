/**
 * Publication times. The ecosystem grows, so first publications lean
 * towards recent years; many packages were published once and never again;
 * and monorepo releases publish several packages in the same millisecond,
 * which gives the `recent` sort exact ties to break by slug.
 */
import type { Random } from "./random.js";

export const DEFAULT_GENERATED_AT = "2026-11-20T02:00:00.000Z";
/** The ecosystem's first year: no plugin is older. */
export const ECOSYSTEM_START = Date.UTC(2015, 0, 1);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const SINGLE_RELEASE_SHARE = 0.12;
const SHARED_RELEASE_SHARE = 0.05;
const RECENT_RELEASES = 64;

export function iso(time: number): string {
  return new Date(time).toISOString();
}

/** Milliseconds of a `YYYY-MM-DDTHH:mm:ss.sssZ` timestamp after 2015, else a RangeError. */
export function parseGeneratedAt(text: string): number {
  const time = TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(time) || iso(time) !== text)
    throw new RangeError(`generatedAt must be a UTC timestamp YYYY-MM-DDTHH:mm:ss.sssZ, got ${JSON.stringify(text)}`);
  if (time <= ECOSYSTEM_START) throw new RangeError(`generatedAt must be after ${iso(ECOSYSTEM_START)}, got ${text}`);
  return time;
}

export class ReleaseClock {
  /** Recent `updatedAt` instants, for packages released together. */
  readonly #recent: number[] = [];

  constructor(private readonly generatedAt: number) {}

  /** `publishedAt` ≤ `updatedAt` ≤ generatedAt, as ISO strings. */
  next(random: Random): { publishedAt: string; updatedAt: string } {
    const span = this.generatedAt - ECOSYSTEM_START;
    // u^0.7 leans towards 1: more packages first published in recent years.
    const published = ECOSYSTEM_START + Math.floor(span * random.float() ** 0.7);
    const updated = this.#updated(random, published);
    this.#recent.push(updated);
    if (this.#recent.length > RECENT_RELEASES) this.#recent.shift();
    return { publishedAt: iso(published), updatedAt: iso(updated) };
  }

  #updated(random: Random, published: number): number {
    if (random.chance(SHARED_RELEASE_SHARE)) {
      const together = this.#recent.filter((time) => time >= published);
      if (together.length > 0) return random.pick(together);
    }
    if (random.chance(SINGLE_RELEASE_SHARE)) return published;
    // u^0.5 leans towards the build date: maintained packages release often.
    return published + Math.floor((this.generatedAt - published) * random.float() ** 0.5);
  }
}
