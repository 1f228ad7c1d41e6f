import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listedCounts, parseCount } from "../../../src/upstream/registry/counts.js";

describe("a count from the search result", () => {
  it("takes non-negative integers and strings of decimal digits", () => {
    expect(parseCount(0)).toBe(0);
    expect(parseCount(1234)).toBe(1234);
    expect(parseCount("1234")).toBe(1234);
    expect(parseCount("0042")).toBe(42);
    expect(parseCount("0")).toBe(0);
    expect(parseCount(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseCount("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
    expect(Object.is(parseCount(-0), 0)).toBe(true);
  });

  it("takes nothing else: negatives, fractions, huge values, other types, other characters", () => {
    for (const value of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 1e300])
      expect(parseCount(value), String(value)).toBeUndefined();
    for (const value of ["", " 12", "12 ", "-3", "+3", "1.5", "1e3", "0x1f", "١٢", "9007199254740992", "1".repeat(400)])
      expect(parseCount(value), JSON.stringify(value)).toBeUndefined();
    for (const value of [null, undefined, true, {}, [], [3], { weekly: 3 }])
      expect(parseCount(value), JSON.stringify(value)).toBeUndefined();
  });

  it("property: a digit string is its decimal value when that is at most MAX_SAFE_INTEGER, whatever its leading zeros", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,40}$/), (digits) => {
        const value = BigInt(digits);
        expect(parseCount(digits)).toBe(value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined);
      }),
    );
  });

  it("property: any other value gives a count only when it is a safe non-negative integer", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const count = parseCount(value);
        if (typeof value === "string") return;
        expect(count).toBe(Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) + 0 : undefined);
      }),
    );
  });

  it("reads downloads.weekly, downloads.monthly and dependents of one result, whatever its shape", () => {
    expect(listedCounts({ downloads: { weekly: 7, monthly: 30 }, dependents: "12" })).toEqual({
      lastWeek: 7,
      lastMonth: 30,
      dependents: 12,
    });
    expect(listedCounts({ downloads: [7, 30], dependents: -1 })).toEqual({
      lastWeek: undefined,
      lastMonth: undefined,
      dependents: undefined,
    });
    expect(listedCounts(null)).toEqual({ lastWeek: undefined, lastMonth: undefined, dependents: undefined });
    expect(listedCounts({ downloads: { weekly: "5" } })).toEqual({ lastWeek: 5, lastMonth: undefined, dependents: undefined });
  });
});
