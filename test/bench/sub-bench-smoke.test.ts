/**
 * Keeps `npm run bench -- fetch` and `npm run bench -- workerd` from rotting:
 * a `--quick` run of each (500 packages / plugins, few samples) must complete
 * and write every figure CI reads as a finite number. Assumes
 * `npm run build:ts` already ran (as `npm test` does).
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
const UPSTREAMS = ["registry", "github", "gitlab"];

/** The value at a dotted path, e.g. `full.requests.github`. */
function at(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** Runs `run.js ...args --quick --json FILE` and hands back the JSON and the printed table. */
function quickRun(args: readonly string[]): { results: () => unknown; stdout: () => string } {
  let dir: string;
  let results: unknown;
  let stdout = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-smoke-"));
    const json = join(dir, "bench.json");
    ({ stdout } = await promisify(execFile)(process.execPath, [RUN, ...args, "--quick", "--json", json], { maxBuffer: 16 * 1024 * 1024 }));
    results = JSON.parse(await readFile(json, "utf8")) as unknown;
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return { results: () => results, stdout: () => stdout };
}

describe("npm run bench -- fetch --quick", () => {
  const run = quickRun(["fetch"]);
  const perRun = ["wallMs", "peakRssMb", ...UPSTREAMS.flatMap((name) => [`requests.${name}`, `maxInFlight.${name}`])];
  const keys = ["plugins", ...["full", "incremental"].flatMap((phase) => perRun.map((key) => `${phase}.${key}`))];

  it.each(keys)("reports %s as a finite number", (key) => {
    expect(Number.isFinite(at(run.results(), key)), `${key} = ${JSON.stringify(at(run.results(), key))}`).toBe(true);
  });

  it("built from a 500-package world and asked GitHub something", () => {
    expect(at(run.results(), "plugins")).toBe(500);
    expect(at(run.results(), "full.requests.github")).toBeGreaterThan(0);
    expect(at(run.results(), "full.requests.registry")).toBeGreaterThan(at(run.results(), "incremental.requests.registry") as number);
  });

  it("prints both builds against their targets, with how to reproduce", () => {
    expect(run.stdout()).toMatch(/wall time .* ≤ 180 s +(PASS|FAIL)/);
    expect(run.stdout()).toMatch(/requests, all upstreams .* ≤ 1,000 +(PASS|FAIL)/);
    expect(run.stdout()).toContain("report: packuments fetched / 304 / reused / failed");
    expect(run.stdout()).toContain("Reproduce:");
  });
});

describe("npm run bench -- workerd --quick", () => {
  const run = quickRun(["workerd"]);
  const keys = [
    "plugins", "cold.unfilteredMs", "cold.queryMs", "baseline.p50Ms", "baseline.p99Ms",
    ...["p50Ms", "p99Ms"].flatMap((key) => QUERY_CLASSES.map((kind) => `${key}.${kind}`)),
  ];

  it.each(keys)("reports %s as a finite number", (key) => {
    expect(Number.isFinite(at(run.results(), key)), `${key} = ${JSON.stringify(at(run.results(), key))}`).toBe(true);
  });

  it("measured the catalog it was asked for", () => {
    expect(at(run.results(), "plugins")).toBe(500);
  });

  it("prints the cold and warm tables with the baseline and how to reproduce", () => {
    expect(run.stdout()).toContain("baseline: /catalog/manifest.json");
    expect(run.stdout()).toContain("Reproduce:");
  });
});
