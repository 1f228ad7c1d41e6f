import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SnapshotPlugin } from "../../src/snapshot/schema.js";
import { memberCounts, nextWeekly, type WeeklyCount, weekOf } from "../../src/upstream/downloads.js";

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Days from 2001-01-01 to 2060-12-31. */
const dayArb = fc.integer({ min: Date.UTC(2001, 0, 1) / DAY_MS, max: Date.UTC(2060, 11, 31) / DAY_MS }).map((n) => day(n * DAY_MS));

describe("ISO weeks", () => {
  it("start on Monday, in UTC", () => {
    // 2026-11-16 is a Monday, 2026-11-22 the Sunday of that week.
    expect(weekOf("2026-11-16")).toBe(weekOf("2026-11-22"));
    expect(weekOf("2026-11-23")).toBe(weekOf("2026-11-16") + 7);
    expect(weekOf("2026-11-15")).toBe(weekOf("2026-11-16") - 7);
    expect(day(weekOf("2026-11-20") * DAY_MS)).toBe("2026-11-16");
    // ISO week 1 of 2021 starts on 2021-01-04; 2021-01-03 still belongs to week 53 of 2020.
    expect(day(weekOf("2021-01-03") * DAY_MS)).toBe("2020-12-28");
    expect(weekOf("1969-12-31")).toBe(weekOf("1970-01-01"));
  });
});

describe("the weekly history", () => {
  it("appends a build of a new week and replaces the entry of the same week", () => {
    const history = [
      { date: "2026-11-04", count: 3 },
      { date: "2026-11-12", count: 5 },
    ];
    expect(nextWeekly(history, "2026-11-18", 8)).toEqual([...history, { date: "2026-11-18", count: 8 }]);
    expect(nextWeekly(history, "2026-11-15", 8)).toEqual([history[0], { date: "2026-11-15", count: 8 }]);
    expect(nextWeekly([], "2026-11-15", 0)).toEqual([{ date: "2026-11-15", count: 0 }]);
  });

  it("keeps the newest 26 weeks", () => {
    const history = Array.from({ length: 26 }, (_, i) => ({ date: day(Date.UTC(2026, 0, 5) + i * 7 * DAY_MS), count: i }));
    const next = nextWeekly(history, day(Date.UTC(2026, 0, 5) + 26 * 7 * DAY_MS), 99);
    expect(next).toHaveLength(26);
    expect(next[0]).toEqual(history[1]);
    expect(next.at(-1)?.count).toBe(99);
  });

  it("drops entries of weeks after the build's (a clock set back)", () => {
    expect(nextWeekly([{ date: "2026-12-01", count: 9 }], "2026-11-18", 4)).toEqual([{ date: "2026-11-18", count: 4 }]);
  });

  const historyArb = fc.array(fc.record({ date: dayArb, count: fc.nat() }), { maxLength: 26 });

  it("property: oldest first, one entry a week, at most 26, ending with today's; each entry today's or an earlier week's", () => {
    fc.assert(
      fc.property(historyArb, dayArb, fc.nat(), (previous: WeeklyCount[], today, count) => {
        const next = nextWeekly(previous, today, count);
        expect(next.length).toBeGreaterThanOrEqual(1);
        expect(next.length).toBeLessThanOrEqual(26);
        expect(next.at(-1)).toEqual({ date: today, count });
        const weeks = next.map((entry) => weekOf(entry.date));
        for (let i = 1; i < weeks.length; i++) expect(weeks[i]!).toBeGreaterThan(weeks[i - 1]!);
        for (const entry of next.slice(0, -1)) expect(previous).toContainEqual(entry);
      }),
    );
  });

  it("property: a history built build by build keeps, for each week with a build, that week's last build", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat(1000)), { minLength: 1, maxLength: 80 }), (steps) => {
        let history: WeeklyCount[] = [];
        let at = Date.UTC(2026, 0, 1);
        const lastOfWeek = new Map<number, WeeklyCount>();
        for (const [gapDays, count] of steps) {
          at += gapDays * DAY_MS;
          const today = day(at);
          history = nextWeekly(history, today, count);
          lastOfWeek.set(weekOf(today), { date: today, count });
        }
        expect(history).toEqual([...lastOfWeek.values()].slice(-26));
      }),
    );
  });
});

describe("a member's counts", () => {
  const before = {
    downloads: { lastWeek: 40, lastMonth: 170, weekly: [{ date: "2026-11-10", count: 40 }] },
    dependents: 6,
  } as unknown as SnapshotPlugin;

  it("are today's when the search result gave them", () => {
    const counts = memberCounts({ lastWeek: 50, lastMonth: 200, dependents: 7 }, before, "2026-11-18");
    expect(counts).toEqual({
      downloads: {
        lastWeek: 50,
        lastMonth: 200,
        weekly: [
          { date: "2026-11-10", count: 40 },
          { date: "2026-11-18", count: 50 },
        ],
      },
      dependents: 7,
      fellBack: false,
    });
  });

  it("fall back, each on its own, to yesterday's value, else 0", () => {
    const counts = memberCounts({ lastWeek: undefined, lastMonth: 210, dependents: undefined }, before, "2026-11-18");
    expect(counts.downloads.lastWeek).toBe(40);
    expect(counts.downloads.lastMonth).toBe(210);
    expect(counts.downloads.weekly.at(-1)).toEqual({ date: "2026-11-18", count: 40 });
    expect(counts.dependents).toBe(6);
    expect(counts.fellBack).toBe(true);
    const fresh = memberCounts({ lastWeek: undefined, lastMonth: undefined, dependents: undefined }, undefined, "2026-11-18");
    expect(fresh).toEqual({
      downloads: { lastWeek: 0, lastMonth: 0, weekly: [{ date: "2026-11-18", count: 0 }] },
      dependents: 0,
      fellBack: true,
    });
  });
});
