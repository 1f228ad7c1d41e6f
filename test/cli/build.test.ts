/**
 * CONTRACT section 6, `build --snapshot`: exit 0 on success; exit 1 with a
 * one-line cause on stderr (the file; for a bad record, the record and the
 * field), no stack trace without --verbose; a failed build leaves the
 * previous DIR as it was; a successful one replaces it whole.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, it, type ExpectStatic } from "vitest";
import { CORE } from "../support/fixtures.js";
import { makeTempDir, runCli } from "../support/targets.js";

const STACK_TRACE = /\n\s+at\s|node:internal|\.js:\d+:\d+/;

async function listTree(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), (await readFile(path)).toString("base64"));
  }
  return files;
}

function expectOneLineFailure(expect: ExpectStatic, result: { code: number | null; stdout: string; stderr: string }): string {
  expect(result.code, `stdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(1);
  const message = result.stderr.trim();
  expect(message).not.toBe("");
  expect(message.split("\n"), "one line on stderr").toHaveLength(1);
  expect(result.stderr).not.toMatch(STACK_TRACE);
  return message;
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
    const result = await runCli(["build", "--snapshot", snapshot, "--out", join(dir, "ok-site")]);
    expect(result.code, result.stderr).toBe(0);
    expect((await listTree(join(dir, "ok-site"))).size).toBeGreaterThan(0);
  });

  it("a missing snapshot file: exit 1, one line naming the file", async ({ expect }) => {
    const missing = join(dir, "does-not-exist.snapshot.json");
    const message = expectOneLineFailure(expect, await runCli(["build", "--snapshot", missing, "--out", join(dir, "x")]));
    expect(message).toContain("does-not-exist.snapshot.json");
  });

  it("a snapshot that is not JSON: exit 1, one line naming the file", async ({ expect }) => {
    const file = join(dir, "broken.json");
    await writeFile(file, '{"format": "plugin-catalog/snapshot",\n  oops');
    const message = expectOneLineFailure(expect, await runCli(["build", "--snapshot", file, "--out", join(dir, "x")]));
    expect(message).toContain("broken.json");
  });

  it("a malformed record: exit 1, one line naming the file, the record (index or slug) and the field", async ({ expect }) => {
    const file = join(dir, "bad-record.json");
    const data = JSON.parse(JSON.stringify(CORE)) as { plugins: Array<Record<string, unknown>> };
    const record = data.plugins[3];
    if (record === undefined) throw new Error("fixture too small");
    record["updatedAt"] = "yesterday";
    await writeFile(file, JSON.stringify(data));
    const message = expectOneLineFailure(expect, await runCli(["build", "--snapshot", file, "--out", join(dir, "x")]));
    expect(message).toContain("bad-record.json");
    expect(message).toContain("updatedAt");
    expect(message.includes("3") || message.includes("delta-ais"), message).toBe(true);
  });

  it("a record with a wrong type: the message names the field", async ({ expect }) => {
    const file = join(dir, "bad-type.json");
    const data = JSON.parse(JSON.stringify(CORE)) as { plugins: Array<Record<string, unknown>> };
    const record = data.plugins[1];
    if (record === undefined) throw new Error("fixture too small");
    record["hasWebUi"] = "yes";
    await writeFile(file, JSON.stringify(data));
    const message = expectOneLineFailure(expect, await runCli(["build", "--snapshot", file, "--out", join(dir, "x")]));
    expect(message).toContain("hasWebUi");
    expect(message.includes("1") || message.includes("beta-maps"), message).toBe(true);
  });

  it("a failed build leaves the previous site as it was", async ({ expect }) => {
    const good = join(dir, "good.json");
    const bad = join(dir, "bad.json");
    const site = join(dir, "kept-site");
    await writeFile(good, JSON.stringify(CORE));
    await writeFile(bad, "not json");
    expect((await runCli(["build", "--snapshot", good, "--out", site])).code).toBe(0);
    const before = await listTree(site);
    expectOneLineFailure(expect, await runCli(["build", "--snapshot", bad, "--out", site]));
    expect(await listTree(site)).toEqual(before);
  });

  it("a successful build replaces the previous site whole", async ({ expect }) => {
    const file = join(dir, "again.json");
    const site = join(dir, "replaced-site");
    await writeFile(file, JSON.stringify(CORE));
    expect((await runCli(["build", "--snapshot", file, "--out", site])).code).toBe(0);
    const first = await listTree(site);
    await writeFile(join(site, "stale-leftover.txt"), "not part of any build");
    const result = await runCli(["build", "--snapshot", file, "--out", site]);
    expect(result.code, result.stderr).toBe(0);
    const second = await listTree(site);
    expect(second.has("stale-leftover.txt")).toBe(false);
    expect(new Set(second.keys())).toEqual(new Set(first.keys()));
  });
});
