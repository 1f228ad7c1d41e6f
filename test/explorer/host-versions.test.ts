/** The compat control's order of the host's versions (templates/explorer/host-versions.js): Semantic Versioning 2.0.0. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderVersions } from "../../templates/explorer/host-versions.js";

describe("orderVersions", () => {
  it("lists versions newest first, each prerelease before its release, then what is no version, as given", () => {
    const versions = ["1.0.0", "v2.0.0", "1.0.0-rc.1", "10.0.0", "1.0.0-alpha", "2.0.0", "1.0.0-alpha.1", "1.0.0-beta.11", "1.0.0-beta.2"];
    expect(orderVersions([...versions, "latest", "1.0.0+build.5", "01.0.0", "1.10.0", "1.9.0"])).toEqual({
      newestFirst: [
        "10.0.0",
        "2.0.0",
        "1.10.0",
        "1.9.0",
        "1.0.0",
        "1.0.0+build.5",
        "1.0.0-rc.1",
        "1.0.0-beta.11",
        "1.0.0-beta.2",
        "1.0.0-alpha.1",
        "1.0.0-alpha",
      ],
      others: ["v2.0.0", "latest", "01.0.0"],
    });
  });

  it("orders huge numbers by value and keeps every version once (property)", () => {
    const part = fc.oneof(fc.nat(20).map(String), fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String));
    const pre = fc.array(fc.oneof(part, fc.constantFrom("alpha", "beta", "rc", "x-1")), { minLength: 1, maxLength: 3 });
    const version = fc
      .tuple(part, part, part, fc.option(pre, { nil: undefined }))
      .map(([a, b, c, p]) => `${a}.${b}.${c}${p ? `-${p.join(".")}` : ""}`);
    fc.assert(
      fc.property(fc.uniqueArray(version, { maxLength: 30 }), (versions) => {
        const { newestFirst, others } = orderVersions(versions);
        expect([...newestFirst, ...others].sort()).toEqual([...versions].sort());
        expect(others).toEqual([]);
        for (let i = 1; i < newestFirst.length; i++) {
          const [newer, older] = [newestFirst[i - 1]!, newestFirst[i]!];
          const [a, b] = [newer.split(/[.-]/).slice(0, 3).map(BigInt), older.split(/[.-]/).slice(0, 3).map(BigInt)];
          const core = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
          expect(core >= 0n, `${newer} before ${older}`).toBe(true);
          // Of one core version, the release comes before its prereleases.
          if (core === 0n) expect(older.includes("-") || !newer.includes("-"), `${newer} before ${older}`).toBe(true);
        }
      }),
    );
  });
});
