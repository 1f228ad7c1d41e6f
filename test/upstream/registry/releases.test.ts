import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareReleases, Release, releasesOf } from "../../../src/upstream/registry/releases.js";

const READ_AT = Date.parse("2026-11-20T02:00:00.000Z");
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("a package's releases", () => {
  it("count the versions that have a date in time; list the 10 latest, newest first; time the last year's", () => {
    const versions: Record<string, unknown> = {};
    const time: Record<string, unknown> = { created: iso(READ_AT - 900 * DAY_MS), modified: iso(READ_AT) };
    for (let i = 0; i < 14; i++) {
      versions[`1.${i}.0`] = {};
      time[`1.${i}.0`] = iso(READ_AT - (700 - i * 50) * DAY_MS);
    }
    versions["2.0.0-undated"] = {};
    versions["0.0.1-bad-date"] = {};
    time["0.0.1-bad-date"] = "yesterday-ish";
    time["9.9.9-not-in-versions"] = iso(READ_AT);
    const releases = releasesOf(versions, time, READ_AT);
    expect(releases.count).toBe(14);
    expect(releases.recent.map((r) => r.version)).toEqual([
      "1.13.0",
      "1.12.0",
      "1.11.0",
      "1.10.0",
      "1.9.0",
      "1.8.0",
      "1.7.0",
      "1.6.0",
      "1.5.0",
      "1.4.0",
    ]);
    expect(releases.recent[0]).toEqual({ version: "1.13.0", publishedAt: iso(READ_AT - 50 * DAY_MS) });
    // 1.7.0 was published 350 days before the read, 1.6.0 400 days before.
    expect(releases.times).toEqual([13, 12, 11, 10, 9, 8, 7].map((i) => iso(READ_AT - (700 - i * 50) * DAY_MS)));
  });

  it("take a release exactly 365 days before the read, and any after it", () => {
    const time = { a: iso(READ_AT - 365 * DAY_MS), b: iso(READ_AT - 365 * DAY_MS - 1), c: iso(READ_AT + DAY_MS) };
    expect(releasesOf({ a: 1, b: 1, c: 1 }, time, READ_AT).times).toEqual([time.c, time.a]);
  });

  it("break ties of date by version, descending", () => {
    const at = iso(READ_AT - DAY_MS);
    const releases = releasesOf(
      { "1.9.0": {}, "1.10.0": {}, "1.10.0-rc.1": {}, odd: {} },
      { "1.9.0": at, "1.10.0": at, "1.10.0-rc.1": at, odd: at },
      READ_AT,
    );
    expect(releases.recent.map((r) => r.version)).toEqual(["1.10.0", "1.10.0-rc.1", "1.9.0", "odd"]);
  });

  it("bound hostile versions and dates: cut to 256 code points with …, cleaned, dates in one format, nothing empty", () => {
    const long = "1.0.0-".padEnd(400, "x");
    const versions = { [long]: {}, "\u0001": {}, "2.0.0\u0000": {}, "": {} };
    const time = { [long]: "2026-01-01", "\u0001": "2026-01-02", "2.0.0\u0000": "2026-01-03T00:00:00+02:00", "": "2026-01-04" };
    const releases = releasesOf(versions, time, READ_AT);
    expect(releases.count).toBe(2);
    expect(releases.recent).toEqual([
      { version: "2.0.0", publishedAt: "2026-01-02T22:00:00.000Z" },
      { version: `${long.slice(0, 255)}…`, publishedAt: "2026-01-01T00:00:00.000Z" },
    ]);
  });

  it("stay linear for 100,000 versions: all counted, the right 10 latest, times capped at 10,000", () => {
    const versions: Record<string, unknown> = {};
    const time: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) {
      versions[`0.0.${i}`] = {};
      time[`0.0.${i}`] = iso(READ_AT - (i % 500) * 60_000);
    }
    const releases = releasesOf(versions, time, READ_AT);
    expect(releases.count).toBe(100_000);
    expect(releases.times).toHaveLength(10_000);
    expect(releases.times[0]).toBe(iso(READ_AT));
    // 200 versions share the newest minute; semver order puts the highest patch first.
    expect(releases.recent.map((r) => r.version)).toEqual(
      [99500, 99000, 98500, 98000, 97500, 97000, 96500, 96000, 95500, 95000].map((p) => `0.0.${p}`),
    );
  });

  const entries = fc.array(
    fc.tuple(
      fc.constantFrom("1.0.0", "1.2.0", "1.10.0", "2.0.0-rc.1", "v2.0.0", "x", "y1", "0.1.0", "3.0.0"),
      fc.integer({ min: 0, max: 6 }),
    ),
    { maxLength: 30 },
  );

  it("property: recent is the head of all dated versions sorted by date, then version, descending", () => {
    fc.assert(
      fc.property(entries, (pairs) => {
        const versions: Record<string, unknown> = {};
        const time: Record<string, unknown> = {};
        for (const [version, days] of pairs) {
          versions[version] = {};
          time[version] = iso(READ_AT - days * 100 * DAY_MS);
        }
        const all = Object.keys(versions).map((v) => new Release(v, Date.parse(String(time[v]))));
        const expected = all
          .sort((a, b) => compareReleases(b, a))
          .slice(0, 10)
          .map((r) => ({ version: r.version, publishedAt: iso(r.time) }));
        const releases = releasesOf(versions, time, READ_AT);
        expect(releases.recent).toEqual(expected);
        expect(releases.count).toBe(all.length);
        expect(releases.times).toEqual(
          all
            .filter((r) => r.time >= READ_AT - 365 * DAY_MS)
            .map((r) => iso(r.time))
            .sort()
            .reverse(),
        );
      }),
    );
  });
});
