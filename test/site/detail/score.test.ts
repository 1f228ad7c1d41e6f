/**
 * The score's parts (contract section 11) against the model's exact arithmetic (test/support/detail-model.ts):
 * percentiles with ties, round half up at exact halves, maintenance for every number of days.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysSince, maintenance, Percentiles, popularity, quality, roundHalfUp, total } from "../../../src/site/detail/score.js";
import { modelMaintenance, modelPct, modelRoundHalfUp } from "../../support/detail-model.js";

const DAY = 86_400_000;
/** Values that tie often. */
const tiedValues = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 60 });

describe("percentiles", () => {
  it("twice the rank is 2 · #{below} + #{equal}, whatever the ties and the order", () => {
    fc.assert(
      fc.property(tiedValues, fc.integer({ min: 0, max: 7 }), (values, value) => {
        const below = values.filter((v) => v < value).length;
        const equal = values.filter((v) => v === value).length;
        expect(new Percentiles(values).twiceRank(value)).toBe(2 * below + equal);
      }),
    );
  });

  it("popularity is the model's round(0.5 · pct₁ + 0.3 · pct₂ + 0.2 · pct₃), ties and halves included", () => {
    const catalog = fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), {
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(catalog, fc.nat(), (plugins, pick) => {
        const [a, b, c] = plugins[pick % plugins.length]!;
        const columns = [0, 1, 2].map((i) => plugins.map((plugin) => plugin[i]!));
        const ranks = columns.map((column) => new Percentiles(column));
        // Σ wᵢ · pctᵢ with wᵢ = 5/10, 3/10, 2/10, in exact fractions, rounded half up.
        const [n, d] = [a, b, c]
          .map((value, i) => modelPct(columns[i]!, value))
          .reduce<[bigint, bigint]>(([n0, d0], pct, i) => [n0 * pct.d * 10n + [5n, 3n, 2n][i]! * pct.n * d0, d0 * pct.d * 10n], [0n, 1n]);
        const ranked = { lastMonth: ranks[0]!.twiceRank(a), totalStars: ranks[1]!.twiceRank(b), dependents: ranks[2]!.twiceRank(c) };
        expect(popularity(ranked, plugins.length)).toBe(Number((2n * n + d) / (2n * d)));
      }),
    );
  });

  it("a catalog of one plugin gives it 50 on each percentile; every plugin tied is 50 too", () => {
    expect(popularity({ lastMonth: 1, totalStars: 1, dependents: 1 }, 1)).toBe(50);
    const tied = new Percentiles([7, 7, 7, 7]);
    expect(popularity({ lastMonth: tied.twiceRank(7), totalStars: tied.twiceRank(7), dependents: tied.twiceRank(7) }, 4)).toBe(50);
  });
});

describe("round half up", () => {
  it("agrees with the exact model for any fraction, exact halves included", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.integer({ min: 1, max: 100_000 }), (n, d) => {
        expect(roundHalfUp(n, d)).toBe(modelRoundHalfUp(n, d));
      }),
    );
    expect([roundHalfUp(5, 2), roundHalfUp(25, 10), roundHalfUp(24, 10), roundHalfUp(1, 3)]).toEqual([3, 3, 2, 0]);
  });

  it("the total rounds the exact sum of the rounded parts: every popularity, maintenance and quality", () => {
    const qualities = new Set<number>();
    for (let bits = 0; bits < 32; bits++)
      qualities.add(
        quality({
          hasReadme: (bits & 1) > 0,
          spdxLicense: (bits & 2) > 0,
          hasRepository: (bits & 4) > 0,
          provenance: (bits & 8) > 0,
          installScripts: (bits & 16) > 0,
        }),
      );
    for (let p = 0; p <= 100; p++)
      for (let m = 0; m <= 100; m++)
        for (const q of qualities) expect(total(p, m, q)).toBe(modelRoundHalfUp(40 * p + 35 * m + 25 * q, 100));
  });

  it("where floats fall short of a half, the total still rounds up", () => {
    // In doubles 0.4 · 1 + 0.35 · 6 + 0.25 · 0 is 2.4999999999999996 and 0.35 · 90 is 31.499999999999996.
    expect(total(1, 6, 0)).toBe(3);
    expect(total(0, 90, 0)).toBe(32);
  });
});

describe("maintenance", () => {
  it("is round(100 · 0.5^(days / 365)) exactly, for every number of days until it is 0 and beyond", () => {
    for (let days = 0; days <= 4_000; days++) expect(maintenance(days, false), `${days} days`).toBe(modelMaintenance(days));
  });

  it("halves every 365 days, rounds 12.5 up at three half-lives, and reaches 0 after 2,790 days", () => {
    expect([0, 365, 730, 1095, 1460, 2790, 2791].map((days) => maintenance(days, false))).toEqual([100, 50, 25, 13, 6, 1, 0]);
  });

  it("is 0 when every repository is archived", () => {
    expect(maintenance(0, true)).toBe(0);
  });

  it("counts whole days, floored, and none for an update after the build", () => {
    const built = Date.parse("2026-11-20T02:00:00.000Z");
    expect(daysSince(built - 365 * DAY, built)).toBe(365);
    expect(daysSince(built - 365 * DAY + 1, built)).toBe(364);
    expect(daysSince(built + 5 * DAY, built)).toBe(0);
  });
});

describe("quality", () => {
  it("adds 25 for a README, 25 for an SPDX license, 25 for a repository, 15 for provenance, 10 without install scripts", () => {
    const none = { hasReadme: false, spdxLicense: false, hasRepository: false, provenance: false, installScripts: true };
    expect(quality(none)).toBe(0);
    expect(quality({ ...none, installScripts: false })).toBe(10);
    expect(quality({ hasReadme: true, spdxLicense: true, hasRepository: true, provenance: true, installScripts: false })).toBe(100);
    expect(quality({ ...none, provenance: true })).toBe(15);
  });
});
