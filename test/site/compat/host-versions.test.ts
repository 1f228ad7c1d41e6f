/** What `compat` accepts, as the build reads it from a snapshot it does not trust (site/compat/host-versions.ts). */
import { describe, expect, it } from "vitest";
import { hostVersions, MAX_HOST_TAGS, MAX_HOST_VERSIONS } from "../../../src/site/compat/host-versions.js";
import type { Compatibility } from "../../../src/snapshot/schema.js";

const host = (versions: string[], distTags: Record<string, string> = {}): Compatibility => ({
  host: "node-red",
  ranges: ["node-red.version"],
  versions,
  distTags,
});

describe("hostVersions", () => {
  it("orders releases newest first, then prereleases newest first (build metadata too, as npm's semver compares it)", () => {
    const read = hostVersions(
      host(["0.20.0", "4.0.0-beta.1", "1.3.7", "4.1.2", "4.0.0", "10.0.0", "4.1.0-beta.2", "4.1.0-beta.10", "1.0.0+b", "1.0.0+a"]),
    );
    expect(read?.versions).toEqual([
      "10.0.0",
      "4.1.2",
      "4.0.0",
      "1.3.7",
      "1.0.0+b",
      "1.0.0+a",
      "0.20.0",
      "4.1.0-beta.10",
      "4.1.0-beta.2",
      "4.0.0-beta.1",
    ]);
  });

  it("keeps each version as written, once, and leaves out what npm's semver cannot read", () => {
    expect(hostVersions(host(["1.0.0", "1.0.0", "not-a-version", "1.0", "", "1.0.0.0", "2.0.0"]))?.versions).toEqual(["2.0.0", "1.0.0"]);
  });

  it(`keeps the ${MAX_HOST_VERSIONS} newest, releases first`, () => {
    const releases = Array.from({ length: MAX_HOST_VERSIONS }, (_, i) => `${i}.0.0`);
    const read = hostVersions(host([...releases, "9999.0.0-rc.1", "0.0.1"]));
    expect(read?.versions).toHaveLength(MAX_HOST_VERSIONS);
    expect(read?.versions[0]).toBe(`${MAX_HOST_VERSIONS - 1}.0.0`);
    expect(read?.versions).not.toContain("9999.0.0-rc.1");
    expect(read?.versions).toContain("0.0.1");
    expect(read?.versions).not.toContain("0.0.0");
  });

  it("keeps the dist-tags of kept versions whose names are plain text, in code-unit order, at most a hundred", () => {
    const tags: Record<string, string> = {
      next: "2.0.0-beta.1",
      latest: "1.0.0",
      Latest: "1.0.0",
      gone: "3.0.0",
      "bad\u0000tag": "1.0.0",
      "lone\ud800": "1.0.0",
      [`long${"x".repeat(300)}`]: "1.0.0",
    };
    const read = hostVersions(host(["1.0.0", "2.0.0-beta.1"], tags));
    expect(read?.tags).toEqual([
      ["Latest", "1.0.0"],
      ["latest", "1.0.0"],
      ["next", "2.0.0-beta.1"],
    ]);
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`tag-${String(i).padStart(3, "0")}`, "1.0.0"]));
    expect(hostVersions(host(["1.0.0"], many))?.tags).toHaveLength(MAX_HOST_TAGS);
  });

  it("names as latest the latest tag's version, else the newest release, else the newest version, else none", () => {
    expect(hostVersions(host(["1.0.0", "2.0.0"], { latest: "1.0.0" }))?.latest).toBe("1.0.0");
    expect(hostVersions(host(["1.0.0", "2.0.0", "3.0.0-rc.1"], { latest: "9.0.0" }))?.latest).toBe("2.0.0");
    expect(hostVersions(host(["3.0.0-rc.1", "3.0.0-rc.2"]))?.latest).toBe("3.0.0-rc.2");
    expect(hostVersions(host([]))?.latest).toBeNull();
  });

  it("is undefined for a catalog without a host, or one that never read its versions", () => {
    expect(hostVersions(undefined)).toBeUndefined();
    expect(hostVersions({ host: "node-red", ranges: [] })).toBeUndefined();
  });
});
