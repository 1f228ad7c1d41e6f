/**
 * Keeps `npm run bench` from rotting without running the full thing: a
 * `--quick` run (500 plugins, few samples) must complete and write every
 * figure CI reads. Assumes `npm run build:ts` already ran (as `npm test` does).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const RUN = fileURLToPath(new URL("../../lib/test/bench/run.js", import.meta.url));
const QUERY_CLASSES = ["default", "unfiltered", "filter", "q1", "qPrefix", "qFilters"];
const NUMBERS = [
  "plugins", "buildMs", "buildPeakRssMb", "siteBytes", "siteGzipBytes", "searchGzipBytes",
  "coldUnfilteredMs", "coldQueryMs", "coldQueryBytesRead", "heapMb",
];

describe("npm run bench --quick", () => {
  let dir: string;
  let results: Record<string, unknown>;
  let stdout: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-smoke-"));
    const json = join(dir, "bench.json");
    ({ stdout } = await promisify(execFile)(process.execPath, [RUN, "--quick", "--json", json], { maxBuffer: 16 * 1024 * 1024 }));
    results = JSON.parse(await readFile(json, "utf8")) as Record<string, unknown>;
  }, 180_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(NUMBERS)("reports %s as a finite number", (key) => {
    expect(Number.isFinite(results[key]), `${key} = ${JSON.stringify(results[key])}`).toBe(true);
  });

  it.each(["p50Ms", "p99Ms"])("reports %s for every query class", (key) => {
    const byClass = results[key] as Record<string, unknown>;
    expect(Object.keys(byClass).sort()).toEqual([...QUERY_CLASSES].sort());
    for (const kind of QUERY_CLASSES) expect(Number.isFinite(byClass[kind]), `${key}.${kind}`).toBe(true);
  });

  it("reports HTTP requests per second for the default page and for q", () => {
    const rps = results["httpRps"] as Record<string, unknown>;
    expect(Object.keys(rps).sort()).toEqual(["default", "q"]);
    expect(rps["default"]).toBeGreaterThan(0);
    expect(rps["q"]).toBeGreaterThan(0);
  });

  it("measured the catalog it was asked for", () => {
    expect(results["plugins"]).toBe(500);
    expect(results["siteBytes"]).toBeGreaterThan(results["siteGzipBytes"] as number);
  });

  it("prints the table with targets and how to reproduce", () => {
    expect(stdout).toMatch(/build wall time .* ≤ 60 s +(PASS|FAIL)/);
    expect(stdout).toContain("Reproduce:");
  });
});
