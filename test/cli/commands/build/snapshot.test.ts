/**
 * `build --snapshot`, driven in process: exit 0 on success; exit 1 with a
 * one-line cause on stderr (the file; for a bad record, the record and the
 * field), no stack trace without --verbose; a failed build leaves the
 * previous DIR as it was; a successful one replaces it whole. What each
 * snapshot problem is called is tested on `parseSnapshot` itself, in
 * test/snapshot/validate.test.ts.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { CORE } from "../../../support/fixtures.js";
import { makeTempDir } from "../../../support/targets.js";
import { expectOneLineFailure, runInProcess } from "../../run-in-process.js";

async function listTree(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), (await readFile(path)).toString("base64"));
  }
  return files;
}

describe.concurrent("build --snapshot", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("builds a site from a valid snapshot: exit 0", async ({ expect }) => {
    const snapshot = join(dir, "ok.json");
    await writeFile(snapshot, JSON.stringify(CORE));
    const result = await runInProcess(["build", "--snapshot", snapshot, "--out", join(dir, "ok-site")]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Built ${CORE.plugins.length} plugins into ${join(dir, "ok-site")}`);
    expect((await listTree(join(dir, "ok-site"))).size).toBeGreaterThan(0);
  });

  it("a missing snapshot file: exit 1, one line naming the file", async ({ expect }) => {
    const missing = join(dir, "does-not-exist.snapshot.json");
    const message = expectOneLineFailure(expect, await runInProcess(["build", "--snapshot", missing, "--out", join(dir, "x")]));
    expect(message).toContain("does-not-exist.snapshot.json");
  });

  it("a snapshot that is not JSON: exit 1, one line naming the file", async ({ expect }) => {
    const file = join(dir, "broken.json");
    await writeFile(file, '{"format": "plugin-catalog/snapshot",\n  oops');
    const message = expectOneLineFailure(expect, await runInProcess(["build", "--snapshot", file, "--out", join(dir, "x")]));
    expect(message).toContain("broken.json");
  });

  it("a malformed record: exit 1, one line naming the file, the record (index or slug) and the field", async ({ expect }) => {
    const file = join(dir, "bad-record.json");
    const data = JSON.parse(JSON.stringify(CORE)) as { plugins: Array<Record<string, unknown>> };
    const record = data.plugins[3];
    if (record === undefined) throw new Error("fixture too small");
    record["updatedAt"] = "yesterday";
    await writeFile(file, JSON.stringify(data));
    const message = expectOneLineFailure(expect, await runInProcess(["build", "--snapshot", file, "--out", join(dir, "x")]));
    expect(message).toContain("bad-record.json");
    expect(message).toContain("updatedAt");
    expect(message).toContain('plugins[3] (slug "delta-ais")');
  });

  it("a failed build leaves the previous site as it was", async ({ expect }) => {
    const good = join(dir, "good.json");
    const bad = join(dir, "bad.json");
    const site = join(dir, "kept-site");
    await writeFile(good, JSON.stringify(CORE));
    await writeFile(bad, "not json");
    expect((await runInProcess(["build", "--snapshot", good, "--out", site])).code).toBe(0);
    const before = await listTree(site);
    expectOneLineFailure(expect, await runInProcess(["build", "--snapshot", bad, "--out", site]));
    expect(await listTree(site)).toEqual(before);
  });

  it("a successful build replaces the previous site whole", async ({ expect }) => {
    const file = join(dir, "again.json");
    const site = join(dir, "replaced-site");
    await writeFile(file, JSON.stringify(CORE));
    expect((await runInProcess(["build", "--snapshot", file, "--out", site])).code).toBe(0);
    const first = await listTree(site);
    await writeFile(join(site, "stale-leftover.txt"), "not part of any build");
    const result = await runInProcess(["build", "--snapshot", file, "--out", site]);
    expect(result.code, result.stderr).toBe(0);
    const second = await listTree(site);
    expect(second.has("stale-leftover.txt")).toBe(false);
    expect(new Set(second.keys())).toEqual(new Set(first.keys()));
  });
});
