import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inverseDocumentFrequency, pageByScore, scoringTerms, TIE } from "../../../src/core/search/relevance.js";
import { parseSearchText } from "../../../src/core/search/terms.js";

/** The contract's order, with a comparator: score descending, scores within TIE a tie broken by ordinal. */
function byComparator(scores: readonly number[], ordinals: readonly number[]): number[] {
  const indexes = scores.map((_, i) => i);
  indexes.sort((a, b) => {
    const [x, y] = [scores[a]!, scores[b]!];
    const high = Math.max(x, y);
    return high - Math.min(x, y) <= TIE * high ? ordinals[a]! - ordinals[b]! : y - x;
  });
  return indexes.map((i) => ordinals[i]!);
}

/** Scores from a few values, some a hair apart (float noise), some far: runs of ties of every length. */
const scoresArbitrary = fc
  .array(fc.tuple(fc.constantFrom(1e-5, 0.3, 1, 2.5, 7, 1e3), fc.constantFrom(0, 1, 2, 3)), { minLength: 1, maxLength: 300 })
  .map((draws) => draws.map(([base, noise]) => base * (1 + noise * 1e-14) + (noise === 3 ? base * 1e-6 : 0)));

describe("pageByScore", () => {
  it("cuts every page of the comparator's order (score descending, ties by ordinal)", () => {
    fc.assert(
      fc.property(scoresArbitrary, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 120 }), (scores, start, size) => {
        const ordinals = scores.map((_, i) => 3 * i + 1);
        const expected = byComparator(scores, ordinals);
        const end = Math.min(scores.length, start + size);
        expect(pageByScore(Float64Array.from(scores), ordinals, start, end)).toEqual(expected.slice(start, end));
      }),
      { numRuns: 400 },
    );
  });

  it("cuts a small page of many scores, long runs of ties included", () => {
    // Few values, so that the page's run of ties may hold most scores or all of them.
    const manyTies = fc
      .array(fc.tuple(fc.constantFrom(1, 2), fc.constantFrom(0, 1, 3)), { minLength: 1, maxLength: 300 })
      .map((draws) => draws.map(([base, noise]) => base * (1 + noise * 1e-14) + (noise === 3 ? base * 1e-6 : 0)));
    fc.assert(
      fc.property(manyTies, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 10 }), (scores, start, size) => {
        const ordinals = scores.map((_, i) => 2 * i);
        const end = Math.min(scores.length, start + size);
        expect(pageByScore(Float64Array.from(scores), ordinals, start, end)).toEqual(byComparator(scores, ordinals).slice(start, end));
      }),
      { numRuns: 300 },
    );
    expect(
      pageByScore(
        new Float64Array(100).fill(2),
        Array.from({ length: 100 }, (_, i) => i),
        0,
        3,
      ),
    ).toEqual([0, 1, 2]);
  });

  it("cuts pages of scores in the patterns that make a selection slow: sorted, reversed, organ pipe, sawtooth, equal", () => {
    const count = 3_000;
    const patterns: Record<string, (i: number) => number> = {
      sorted: (i) => 1 + i,
      reversed: (i) => count - i,
      organPipe: (i) => 1 + Math.min(i, count - i),
      sawtooth: (i) => 1 + (i % 50),
      equal: () => 2,
      median3Killer: (i) => 1 + (i % 2 === 0 ? i : count + i),
    };
    const ordinals = Array.from({ length: count }, (_, i) => 5 * i);
    for (const [pattern, score] of Object.entries(patterns)) {
      const scores = Array.from({ length: count }, (_, i) => score(i));
      const expected = byComparator(scores, ordinals);
      for (const [start, end] of [
        [0, 1],
        [0, 100],
        [380, 475],
        [2_950, 3_000],
      ] as const)
        expect(pageByScore(Float64Array.from(scores), ordinals, start, end), `${pattern} ${start}…${end}`).toEqual(
          expected.slice(start, end),
        );
    }
  });

  it("orders a catalog's worth of distinct scores", () => {
    const count = 50_000;
    const scores = Float64Array.from({ length: count }, (_, i) => 1 + ((i * 7919) % count) / count);
    const ordinals = Array.from({ length: count }, (_, i) => i);
    const page = pageByScore(scores, ordinals, 0, 3);
    expect(page).toEqual([...ordinals].sort((a, b) => scores[b]! - scores[a]!).slice(0, 3));
  });
});

describe("scoringTerms", () => {
  const terms = (q: string) => scoringTerms(parseSearchText(q)!);

  it("keeps each stem once, at its last place: a stem repeated at the end is the last term, a prefix", () => {
    expect(terms("wind winds")).toEqual({ exact: [], last: { typed: "winds", stem: "wind" } });
    expect(terms("data chart data x")).toEqual({ exact: ["data", "chart"], last: { typed: "x", stem: "x" } });
    expect(terms("winds wind chart")).toEqual({ exact: ["wind"], last: { typed: "chart", stem: "chart" } });
  });
});

describe("inverseDocumentFrequency", () => {
  it("is ln(1 + (N − df + 0.5) / (df + 0.5)), positive even for a term in every plugin", () => {
    expect(inverseDocumentFrequency(10, 1)).toBeCloseTo(Math.log(1 + 9.5 / 1.5), 15);
    expect(inverseDocumentFrequency(10, 10)).toBeGreaterThan(0);
  });
});
