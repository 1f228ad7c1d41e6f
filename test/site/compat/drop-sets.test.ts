/**
 * Each host version's drop set (site/compat/drop-sets.ts) against npm's
 * semver called directly, for random versions and ranges (valid, invalid,
 * prerelease-bearing, none); identical sets stored once, so that a host with
 * hundreds of versions gives few.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropSets } from "../../../src/site/compat/drop-sets.js";
import { modelKeeps } from "../../support/compat-model.js";
import { makePlugin } from "../../support/fixtures.js";

const part = fc.integer({ min: 0, max: 4 });
const release = fc.tuple(part, part, part).map(([a, b, c]) => `${a}.${b}.${c}`);
const version = fc.oneof(
  release,
  fc.tuple(release, fc.constantFrom("alpha", "beta.1", "rc.2", "0")).map(([v, pre]) => `${v}-${pre}`),
  release.map((v) => `${v}+build.1`),
);
const range = fc.oneof(
  fc.constant(null),
  fc.constantFrom("garbage", ">>1", "latest", "", "*", "1.2.3.4"),
  fc.tuple(fc.constantFrom("^", "~", ">=", "<", "<=", ">", ""), version).map(([op, v]) => `${op}${v}`),
  fc.tuple(version, version).map(([a, b]) => `${a} - ${b}`),
  fc.tuple(release, release).map(([a, b]) => `^${a} || >=${b}-0`),
  part.map((major) => `${major}.x`),
);

describe("dropSets", () => {
  it("drops exactly the plugins whose valid range excludes the version (prereleases matched with prereleases included)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(version, { maxLength: 20 }), fc.array(range, { maxLength: 40 }), (versions, ranges) => {
        const { sets, setOf } = dropSets(versions, ranges);
        const plugins = ranges.map((host) => makePlugin({ engines: { node: null, host } }));
        versions.forEach((v, i) => {
          const expected = plugins.flatMap((plugin, ordinal) => (modelKeeps(plugin, v) ? [] : [ordinal]));
          expect(sets[setOf[i]!], `${v} over ${JSON.stringify(ranges)}`).toEqual(expected);
        });
        expect(new Set(sets.map((set) => set.join())).size, "each set once").toBe(sets.length);
      }),
      { numRuns: 500 },
    );
  });

  it("a host with hundreds of versions gives a set per distinct outcome, not per version", () => {
    const versions = Array.from({ length: 8 }, (_, major) =>
      Array.from({ length: 12 }, (_, minor) => Array.from({ length: 5 }, (_, patch) => `${major}.${minor}.${patch}`)),
    ).flat(2);
    const declared = ["^1.0.0", ">=2", "^3 || ^4", ">=4.2.0", null, "<5", "~6.3.0", "garbage"];
    const ranges = Array.from({ length: 3_000 }, (_, i) => declared[i % declared.length]!);
    const { sets, setOf } = dropSets(versions, ranges);
    expect(versions).toHaveLength(480);
    expect(setOf).toHaveLength(480);
    expect(sets.length).toBeLessThanOrEqual(20);
    expect(new Set(setOf).size).toBe(sets.length);
  });

  it("reads each distinct range once, whatever number of plugins declare it", () => {
    const ranges = Array.from({ length: 20_000 }, (_, i) => (i % 2 === 0 ? ">=2" : null));
    const started = performance.now();
    const { sets } = dropSets(
      Array.from({ length: 500 }, (_, i) => `${i % 5}.${Math.floor(i / 5)}.0`),
      ranges,
    );
    expect(sets).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
