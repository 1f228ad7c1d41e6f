import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareVersions, RankedVersion } from "../../../src/upstream/registry/version-order.js";

const descending = (versions: readonly string[]) =>
  versions
    .map((v) => new RankedVersion(v))
    .sort((a, b) => compareVersions(b, a))
    .map((v) => v.version);

describe("the order of versions published at the same time", () => {
  it("is semver's, prereleases and build metadata included, when both parse", () => {
    expect(descending(["1.9.0", "1.10.0", "1.10.0-rc.1", "2.0.0-beta.2", "2.0.0-beta.10", "1.10.0+build.2", "1.10.0+build.11"])).toEqual([
      "2.0.0-beta.10",
      "2.0.0-beta.2",
      "1.10.0+build.11",
      "1.10.0+build.2",
      "1.10.0",
      "1.10.0-rc.1",
      "1.9.0",
    ]);
  });

  it("puts every version that parses above every one that does not, and orders those by code units", () => {
    expect(descending(["1.5x", "1.10.0", "latest", "1.9.0", "1.2"])).toEqual(["1.10.0", "1.9.0", "latest", "1.5x", "1.2"]);
  });

  it("tells apart strings that are the same semver by code units", () => {
    // Strict semver reads a leading "v" but not "=": "=1.0.0" ranks with the strings that do not parse.
    expect(descending(["1.0.0", "v1.0.0", "=1.0.0"])).toEqual(["v1.0.0", "1.0.0", "=1.0.0"]);
  });

  const version = fc.oneof(
    fc
      .tuple(fc.nat(12), fc.nat(12), fc.nat(12), fc.constantFrom("", "-rc.1", "-beta", "+b.1", "-rc.1+b"))
      .map(([a, b, c, d]) => `${a}.${b}.${c}${d}`),
    fc.string({ maxLength: 6 }),
    fc.constantFrom("1.5x", "v1.0.0", "=1.0.0", "1.0.0", "latest", ""),
  );

  it("property: is a total order (antisymmetric, transitive, 0 only for the same string)", () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const [x, y, z] = [a, b, c].map((v) => new RankedVersion(v)) as [RankedVersion, RankedVersion, RankedVersion];
        expect(Math.sign(compareVersions(x, y)) + Math.sign(compareVersions(y, x))).toBe(0);
        expect(compareVersions(x, y) === 0).toBe(a === b);
        if (compareVersions(x, y) > 0 && compareVersions(y, z) > 0) expect(compareVersions(x, z)).toBeGreaterThan(0);
      }),
    );
  });
});
