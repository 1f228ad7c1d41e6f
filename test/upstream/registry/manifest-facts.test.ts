import { describe, expect, it } from "vitest";
import { enginesOf, hostRangeOf, trustOf } from "../../../src/upstream/registry/manifest-facts.js";

const RANGES = ["node-red.version", "engines.node-red"];

describe("engines", () => {
  it("node: the latest manifest's engines.node when it is a string, cleaned and cut like version", () => {
    expect(enginesOf({ engines: { node: ">=18" } }, []).node).toBe(">=18");
    expect(enginesOf({ engines: { node: "  >=18 \u0007" } }, []).node).toBe("  >=18 ");
    expect(enginesOf({ engines: { node: "x".repeat(300) } }, []).node).toBe(`${"x".repeat(255)}…`);
    for (const engines of [undefined, null, "node >=18", [">=18"], { node: 18 }, { node: null }, { npm: ">=9" }])
      expect(enginesOf({ engines }, []).node, JSON.stringify(engines)).toBeNull();
    expect(enginesOf(Object.create({ engines: { node: ">=18" } }) as Record<string, unknown>, []).node).toBeNull();
  });

  it("host: the first configured path whose value is a valid semver range, as written", () => {
    expect(hostRangeOf({ "node-red": { version: ">=3.0.0" }, engines: { "node-red": ">=2" } }, RANGES)).toBe(">=3.0.0");
    expect(hostRangeOf({ "node-red": { version: "latest" }, engines: { "node-red": ">=2" } }, RANGES)).toBe(">=2");
    expect(hostRangeOf({ "node-red": { version: 3 }, engines: { "node-red": "^3.1 || ^4" } }, RANGES)).toBe("^3.1 || ^4");
    expect(hostRangeOf({ engines: { "node-red": "*" } }, RANGES)).toBe("*");
    expect(hostRangeOf({ engines: { "node-red": "" } }, RANGES)).toBe("");
  });

  it("host: null when no path holds one, or no host is configured; never loose, never over 256 code points", () => {
    expect(hostRangeOf({ engines: { "node-red": ">=3" } }, [])).toBeNull();
    expect(hostRangeOf({ engines: { "node-red": "not a range" } }, RANGES)).toBeNull();
    // Loose semver would read "=3.0.0beta" as a range; strict does not.
    expect(hostRangeOf({ engines: { "node-red": ">=3.0.0beta" } }, RANGES)).toBeNull();
    expect(hostRangeOf({ engines: { "node-red": `>=3 ${"|| 1.0.0 ".repeat(40)}` } }, RANGES)).toBeNull();
    expect(hostRangeOf({ engines: { "node-red": ">=3\u0000" } }, RANGES)).toBeNull();
    expect(hostRangeOf({ engines: [">=3"] }, ["engines.0"])).toBeNull();
    expect(hostRangeOf("not a manifest", RANGES)).toBeNull();
  });
});

describe("trust", () => {
  it("provenance: dist.attestations is an object", () => {
    const attestations = {
      url: "https://registry.npmjs.org/-/npm/v1/attestations/x@1.0.0",
      provenance: { predicateType: "https://slsa.dev/provenance/v1" },
    };
    expect(trustOf({ dist: { attestations } }).provenance).toBe(true);
    expect(trustOf({ dist: { attestations: {} } }).provenance).toBe(true);
    for (const dist of [undefined, null, {}, { attestations: null }, { attestations: [] }, { attestations: "yes" }, { attestations: true }])
      expect(trustOf({ dist }).provenance, JSON.stringify(dist)).toBe(false);
  });

  it("installScripts: a non-empty preinstall, install or postinstall, or hasInstallScript true", () => {
    for (const name of ["preinstall", "install", "postinstall"])
      expect(trustOf({ scripts: { [name]: "node x.js" } }).installScripts).toBe(true);
    expect(trustOf({ hasInstallScript: true }).installScripts).toBe(true);
    for (const manifest of [
      {},
      { scripts: { test: "vitest", prepare: "tsc" } },
      { scripts: { postinstall: "" } },
      { scripts: { install: 1 } },
      { scripts: "postinstall" },
      { scripts: ["postinstall"] },
      { hasInstallScript: "true" },
      { hasInstallScript: 1 },
    ])
      expect(trustOf(manifest).installScripts, JSON.stringify(manifest)).toBe(false);
  });
});
