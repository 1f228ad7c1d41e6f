/**
 * The configured categories reach the site (docs/API.md#facets): from the
 * snapshot, or with `build --snapshot`, from an explicit `--config`; a
 * rebuild whose categories changed is not the "unchanged" catalog.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsReader } from "../../../../src/runtime/node/fs-reader.js";
import { CORE } from "../../../support/fixtures.js";
import { call } from "../../../support/http.js";
import { makeTempDir, shimTarget } from "../../../support/targets.js";
import { expectOneLineFailure, runInProcess } from "../../run-in-process.js";

async function categoriesServedFrom(site: string): Promise<string[]> {
  const reply = await call(shimTarget(createFsReader(site)), "/api/facets");
  expect(reply.status, reply.text).toBe(200);
  return (JSON.parse(reply.text) as { categories: { category: string }[] }).categories.map((entry) => entry.category);
}

describe("build: the categories of /api/facets", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir();
    await writeFile(join(dir, "plain.json"), JSON.stringify(CORE));
    await writeFile(join(dir, "categorized.json"), JSON.stringify({ ...CORE, categories: ["maps", "Charts"] }));
    await writeFile(join(dir, "config.json"), JSON.stringify({ keywords: ["acme-plugin"], categories: ["ais", "art"] }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("come from the snapshot; a snapshot without them (an older one) has none", async () => {
    for (const [file, expected] of [
      ["categorized.json", ["maps", "Charts"]],
      ["plain.json", []],
    ] as const) {
      const out = join(dir, `site-${file}`);
      const result = await runInProcess(["build", "--snapshot", join(dir, file), "--out", out]);
      expect(result.code, result.stderr).toBe(0);
      expect(await categoriesServedFrom(out)).toEqual(expected);
    }
  });

  it("come from --config when it is given with --snapshot, and a change of them rebuilds the site", async () => {
    const out = join(dir, "site-config");
    const snapshot = join(dir, "categorized.json");
    const first = await runInProcess(["build", "--snapshot", snapshot, "--config", join(dir, "config.json"), "--out", out]);
    expect(first.code, first.stderr).toBe(0);
    expect(await categoriesServedFrom(out)).toEqual(["ais", "art"]);
    const second = await runInProcess(["build", "--snapshot", snapshot, "--out", out]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).not.toContain("kept byte for byte");
    expect(await categoriesServedFrom(out)).toEqual(["maps", "Charts"]);
  });

  it("a --config given with --snapshot that cannot be read fails the build", async () => {
    const missing = join(dir, "missing.json");
    const result = await runInProcess(["build", "--snapshot", join(dir, "plain.json"), "--config", missing, "--out", join(dir, "x")]);
    expect(expectOneLineFailure(expect, result)).toContain("missing.json");
  });
});
