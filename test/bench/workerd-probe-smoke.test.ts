/**
 * `npm run bench -- workerd --probe PATH…`: only the given paths, each cold on new instances of the Worker alone, with
 * the files one answer reads; a path that does not answer 200 breaks the run (exit 1), naming it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const RUN = new URL("../../lib/test/bench/run.js", import.meta.url).pathname;
const PATHS = ["/api/plugins?q=chart&sort=relevance&per_page=100", "/api/status"];

describe("npm run bench -- workerd --probe PATH… --quick", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-probe-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("measures each path on as many new instances as --samples says, and counts what one answer reads", async () => {
    const json = join(dir, "probe.json");
    const { stdout } = await promisify(execFile)(process.execPath, [
      RUN,
      "workerd",
      "--quick",
      "--samples",
      "2",
      "--json",
      json,
      "--probe",
      ...PATHS,
    ]);
    const probe = (
      JSON.parse(await readFile(json, "utf8")) as { probe: Record<string, { path: string; cpuMs: number[]; files: number; bytes: number }> }
    ).probe;
    expect(Object.values(probe).map((found) => found.path)).toEqual(PATHS);
    for (const { path, cpuMs, files, bytes } of Object.values(probe)) {
      expect(cpuMs, path).toHaveLength(2);
      for (const cpu of cpuMs) expect(cpu, path).toBeGreaterThan(0);
      expect(files, path).toBeGreaterThan(0);
      expect(bytes, path).toBeGreaterThan(0);
    }
    // A search of a hundred results reads more files than the status.
    expect(probe["0"]!.files).toBeGreaterThan(probe["1"]!.files);
    expect(stdout).toContain("Cold CPU median / max (2 new instances each)");
    expect(stdout).toContain(`--probe '${PATHS[0]}' '${PATHS[1]}'`);
  }, 150_000);

  it("fails, naming the path, when one does not answer 200", async () => {
    const run = promisify(execFile)(process.execPath, [RUN, "workerd", "--quick", "--samples", "1", "--probe", "/api/plugins?page=0"]);
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("/api/plugins?page=0") });
  }, 150_000);
});
