/**
 * The score of contract section 11 (docs/API.md#score): popularity among this
 * catalog's plugins, maintenance from the age of the latest release, quality
 * from facts a plugin author controls, and a weighted total.
 *
 * Exact, so that anyone who checks a score with the published formulas gets
 * the same integers: the weighted sums often land on x.5 exactly, where
 * floats may fall just short (0.4 · 1 + 0.35 · 6 + 0.25 · 0 is
 * 2.4999999999999996 in doubles, so a float total would be 2, not 3), so they
 * are computed in integers. The one irrational formula,
 * 100 · 0.5^(days / 365), is never within 10⁻⁵ of a half for any number of
 * days before it rounds to 0; the floats round it exactly as the real
 * numbers do (test/site/detail/score.test.ts compares every day count with
 * an integer-only computation).
 */
import { partitionPoint } from "../../core/partition.js";

export const DAY_MS = 86_400_000;
/** Maintenance halves every this many days. */
const HALF_LIFE_DAYS = 365;

/**
 * The part of pct_v(d) = 100 · (#{e : v(e) < v(d)} + ½ · #{e : v(e) = v(d)}) / N that depends on d: twice the
 * bracket, an integer. Built once per catalog; each plugin is then two binary searches.
 */
export class Percentiles {
  private readonly sorted: Float64Array;

  constructor(values: Iterable<number>) {
    this.sorted = Float64Array.from(values).sort();
  }

  get count(): number {
    return this.sorted.length;
  }

  /** 2 · #{v < value} + #{v = value}: the plugins below `value` and, at half weight, those equal to it. */
  twiceRank(value: number): number {
    return this.firstIndex((v) => v >= value) + this.firstIndex((v) => v > value);
  }

  private firstIndex(past: (v: number) => boolean): number {
    return partitionPoint(0, this.sorted.length, (index) => past(this.sorted[index]!));
  }
}

/** round(numerator / denominator), half up, for non-negative integers: exact in integer arithmetic. */
export function roundHalfUp(numerator: number, denominator: number): number {
  const [twice, twiceDenominator] = [2 * numerator + denominator, 2 * denominator];
  return (twice - (twice % twiceDenominator)) / twiceDenominator;
}

/** The twice-ranks (`Percentiles.twiceRank`) of one plugin's last month's downloads, stars and dependents. */
export interface PopularityRanks {
  readonly lastMonth: number;
  readonly totalStars: number;
  readonly dependents: number;
}

/**
 * round(0.5 · pct_lastMonth + 0.3 · pct_totalStars + 0.2 · pct_dependents) over `plugins` plugins. With pct = 50 · r / N
 * for twice-rank r, the sum is (25 r₁ + 15 r₂ + 10 r₃) / N.
 */
export function popularity(ranks: PopularityRanks, plugins: number): number {
  return roundHalfUp(25 * ranks.lastMonth + 15 * ranks.totalStars + 10 * ranks.dependents, plugins);
}

/** Whole days from `updatedAt` to `builtAt` (floor, at least 0), both in milliseconds. */
export function daysSince(updatedAtMs: number, builtAtMs: number): number {
  return Math.max(0, Math.floor((builtAtMs - updatedAtMs) / DAY_MS));
}

/** round(100 · 0.5^(days / 365)); 0 when the plugin has repositories and every one is archived. */
export function maintenance(days: number, allArchived: boolean): number {
  return allArchived ? 0 : Math.round(100 * 0.5 ** (days / HALF_LIFE_DAYS));
}

export interface QualityFacts {
  readonly hasReadme: boolean;
  readonly spdxLicense: boolean;
  readonly hasRepository: boolean;
  readonly provenance: boolean;
  readonly installScripts: boolean;
}

export function quality(facts: QualityFacts): number {
  return (
    (facts.hasReadme ? 25 : 0) +
    (facts.spdxLicense ? 25 : 0) +
    (facts.hasRepository ? 25 : 0) +
    (facts.provenance ? 15 : 0) +
    (facts.installScripts ? 0 : 10)
  );
}

/** round(0.4 · popularity + 0.35 · maintenance + 0.25 · quality), from the rounded parts. */
export function total(popularityPart: number, maintenancePart: number, qualityPart: number): number {
  return roundHalfUp(40 * popularityPart + 35 * maintenancePart + 25 * qualityPart, 100);
}
