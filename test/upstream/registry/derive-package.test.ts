import { describe, expect, it } from "vitest";
import { derivePackage, licenseOf, tagsOf } from "../../../src/upstream/registry/derive-package.js";

function packument(latest: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    name: "acme-plugin-x",
    "dist-tags": { latest: "2.0.0" },
    versions: { "1.0.0": { name: "acme-plugin-x", version: "1.0.0" }, "2.0.0": { name: "acme-plugin-x", version: "2.0.0", ...latest } },
    time: {
      created: "2020-01-02T03:04:05.678Z",
      modified: "2026-01-01T00:00:00.000Z",
      "1.0.0": "2020-01-02T03:04:05.678Z",
      "2.0.0": "2025-06-07T08:09:10Z",
    },
    maintainers: [{ name: "alice", email: "a@x" }],
    readme: "# Hello",
    ...extra,
  };
}

function member(doc: unknown) {
  const derived = derivePackage(doc);
  if (derived.kind !== "member") throw new Error(`expected a member, got ${derived.kind}`);
  return derived.record;
}

describe("deriving a record from a packument", () => {
  it("takes the latest version's fields and normalizes the dates", () => {
    const record = member(
      packument({
        description: "Charts",
        license: "MIT",
        homepage: "https://acme.dev",
        keywords: ["acme-plugin"],
        _npmUser: { name: "bob" },
      }),
    );
    expect(record).toMatchObject({
      name: "acme-plugin-x",
      description: "Charts",
      version: "2.0.0",
      license: "MIT",
      homepage: "https://acme.dev",
    });
    expect(record.publishedAt).toBe("2020-01-02T03:04:05.678Z");
    expect(record.updatedAt).toBe("2025-06-07T08:09:10.000Z");
    expect(record.npmLogins).toEqual(["alice", "bob"]);
  });

  it("uses displayName only when it is a non-empty string", () => {
    expect(member(packument({ displayName: "Acme X" })).name).toBe("Acme X");
    expect(member(packument({ displayName: "  " })).name).toBe("acme-plugin-x");
    expect(member(packument({ displayName: 42 })).name).toBe("acme-plugin-x");
  });

  it("keeps only http(s) homepages", () => {
    expect(member(packument({ homepage: "git://x" })).homepage).toBeNull();
    expect(member(packument({ homepage: "not a url" })).homepage).toBeNull();
  });

  it("treats the registry's no-README marker as no README", () => {
    expect(member(packument({}, { readme: "ERROR: No README data found!" })).readme).toBe("");
  });

  it("excludes deprecated-latest and unpublished packages, and reports malformed ones", () => {
    expect(derivePackage(packument({ deprecated: "use y" })).kind).toBe("deprecated");
    expect(derivePackage(packument({ deprecated: "" })).kind).toBe("member");
    expect(
      derivePackage({ name: "x", time: { created: "2020-01-01T00:00:00Z", unpublished: { time: "2021-01-01T00:00:00Z" } } }).kind,
    ).toBe("unpublished");
    expect(derivePackage({ name: "x", versions: {} }).kind).toBe("malformed");
    expect(derivePackage({ ...packument({}), "dist-tags": { latest: "9.9.9" } }).kind).toBe("malformed");
    expect(derivePackage("nonsense").kind).toBe("malformed");
  });

  it("collects distinct mirrors from repository, homepage and bugs", () => {
    const record = member(
      packument({
        repository: { type: "git", url: "git+https://github.com/Acme/X.git" },
        homepage: "https://github.com/acme/x#readme",
        bugs: { url: "https://gitlab.com/acme/x/-/issues" },
      }),
    );
    expect(record.mirrors).toEqual([
      { platform: "github", path: "Acme/X" },
      { platform: "gitlab", path: "acme/x" },
    ]);
  });
});

describe("the facts of contract section 11", () => {
  const READ_AT = Date.parse("2026-01-01T00:00:00.000Z");

  it("releases, engines and trust come from the versions, time and the latest manifest", () => {
    const doc = packument({
      engines: { node: ">=18", "node-red": ">=3" },
      "node-red": { version: "^4" },
      dist: { attestations: { url: "https://registry.npmjs.org/-/npm/v1/attestations/acme-plugin-x@2.0.0" } },
      scripts: { postinstall: "node setup.js" },
    });
    const derived = derivePackage(doc, { displayName: ["displayName"], hostRanges: ["node-red.version", "engines.node-red"] }, READ_AT);
    if (derived.kind !== "member") throw new Error(derived.kind);
    expect(derived.record.releases).toEqual({
      count: 2,
      recent: [
        { version: "2.0.0", publishedAt: "2025-06-07T08:09:10.000Z" },
        { version: "1.0.0", publishedAt: "2020-01-02T03:04:05.678Z" },
      ],
      times: ["2025-06-07T08:09:10.000Z"],
    });
    expect(derived.record.engines).toEqual({ node: ">=18", host: "^4" });
    expect(derived.record.trust).toEqual({ provenance: true, installScripts: true });
  });

  it("without configured host ranges, engines.host is null", () => {
    expect(member(packument({ engines: { "node-red": ">=3" } })).engines).toEqual({ node: null, host: null });
  });

  it("readmeCut: the README was longer than 65,536 code points (the no-README marker never is)", () => {
    const long = "😀".repeat(65_537);
    const record = member(packument({}, { readme: long }));
    expect(record.readmeCut).toBe(true);
    expect([...record.readme]).toHaveLength(65_536);
    expect(member(packument({}, { readme: "😀".repeat(65_536) })).readmeCut).toBe(false);
    expect(member(packument({}, { readme: 42 })).readmeCut).toBe(false);
  });
});

describe("license", () => {
  it("reads SPDX strings and both legacy forms", () => {
    expect(licenseOf({ license: "MIT" })).toBe("MIT");
    expect(licenseOf({ license: { type: "BSD", url: "x" } })).toBe("BSD");
    expect(licenseOf({ licenses: [{ type: "MIT" }, { type: "Apache-2.0" }] })).toBe("MIT OR Apache-2.0");
    expect(licenseOf({})).toBe("");
  });
});

describe("tags", () => {
  it("splits a keyword string, trims, drops empties and case-insensitive duplicates keeping the first spelling", () => {
    expect(tagsOf("acme-plugin, Charts  charts,,dashboard")).toEqual(["acme-plugin", "Charts", "dashboard"]);
    expect(tagsOf([" A ", "a", "", "B", 3])).toEqual(["A", "B"]);
    expect(tagsOf(undefined)).toEqual([]);
  });
});
