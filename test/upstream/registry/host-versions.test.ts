import { describe, expect, it } from "vitest";
import { HOST_TAGS, HOST_VERSIONS, hostVersionsOf } from "../../../src/upstream/registry/host-versions.js";

const iso = (day: number) => new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString();

describe("the host's versions and dist-tags", () => {
  it("lists the versions newest first by time, as written, and the tags whose version it lists", () => {
    const read = hostVersionsOf({
      name: "node-red",
      "dist-tags": { latest: "3.1.0", next: "4.0.0-beta.1", gone: "0.0.1", odd: 42 },
      versions: { "3.0.0": {}, "3.1.0": {}, "4.0.0-beta.1": {}, "v0.1.0": {}, undated: {} },
      time: { created: iso(0), "3.0.0": iso(10), "3.1.0": iso(20), "4.0.0-beta.1": iso(30), "v0.1.0": iso(1), "0.0.1": iso(0) },
    });
    expect(read).toEqual({
      versions: ["4.0.0-beta.1", "3.1.0", "3.0.0", "v0.1.0", "undated"],
      distTags: { latest: "3.1.0", next: "4.0.0-beta.1" },
    });
  });

  it("skips versions it could not compare as written (over 256 code points, control characters, empty)", () => {
    const long = `1.0.0-${"x".repeat(300)}`;
    const read = hostVersionsOf({ versions: { [long]: {}, "1.0.0\u0000": {}, "": {}, "1.0.0": {} }, "dist-tags": { latest: long } });
    expect(read).toEqual({ versions: ["1.0.0"], distTags: {} });
  });

  it("keeps the 10,000 newest versions and 100 tags of a hostile packument", () => {
    const versions: Record<string, unknown> = {};
    const time: Record<string, unknown> = {};
    const tags: Record<string, unknown> = {};
    for (let i = 0; i < 12_000; i++) {
      versions[`0.${i}.0`] = {};
      time[`0.${i}.0`] = iso(i);
      tags[`t${i}`] = `0.${11_999 - i}.0`;
    }
    const read = hostVersionsOf({ versions, time, "dist-tags": tags });
    if ("problem" in read) throw new Error(read.problem);
    expect(read.versions).toHaveLength(HOST_VERSIONS);
    expect(read.versions[0]).toBe("0.11999.0");
    expect(read.versions.at(-1)).toBe("0.2000.0");
    expect(Object.keys(read.distTags)).toHaveLength(HOST_TAGS);
    expect(read.distTags["t0"]).toBe("0.11999.0");
  });

  it("names the problem when the document has no versions", () => {
    for (const doc of [null, "x", {}, { versions: [] }, { versions: "3.0.0" }, { name: "node-red", time: { unpublished: {} } }])
      expect(hostVersionsOf(doc), JSON.stringify(doc)).toHaveProperty("problem");
  });
});
