/**
 * Keeps the benches from rotting: a `--quick` run of each (500 plugins or packages, few samples; the compiled `run.js`,
 * after `npm run build:ts`) must complete and write every figure CI reads. One file, so that no two benches overlap.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const QUERY_CLASSES = ["default", "unfiltered", "filter", "q1", "qPrefix", "qFilters"];

function quickRun(args: readonly string[], timeoutMs: number) {
  let [dir, stdout, results]: [string, string, unknown] = ["", "", undefined];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-smoke-"));
    const [run, json] = [new URL("../../lib/test/bench/run.js", import.meta.url).pathname, join(dir, "bench.json")];
    ({ stdout } = await promisify(execFile)(process.execPath, [run, ...args, "--quick", "--json", json], { maxBuffer: 16 * 1024 * 1024 }));
    results = JSON.parse(await readFile(json, "utf8")) as unknown;
  }, timeoutMs);
  afterAll(() => rm(dir, { recursive: true, force: true }));
  /** The value at a dotted path of the JSON, e.g. `full.requests.github`. */
  const at = (key: string): unknown =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], results);
  const expectFinite = (key: string): void => expect(Number.isFinite(at(key)), `${key} = ${JSON.stringify(at(key))}`).toBe(true);
  return { at, stdout: () => stdout, expectFinite };
}

describe("npm run bench --quick", () => {
  const run = quickRun([], 180_000);

  it.each([
    "plugins",
    "buildMs",
    "buildPeakRssMb",
    "siteFiles",
    "siteBytes",
    "siteGzipBytes",
    "largestFileBytes",
    "searchGzipBytes",
    "coldUnfilteredMs",
    "coldQueryMs",
    "coldQueryBytesRead",
    "heapMb",
    "httpRps.default",
    "httpRps.q",
  ])("reports %s as a finite number", (key) => run.expectFinite(key));

  it.each(["p50Ms", "p99Ms"])("reports %s for every query class (and facets once the shim serves it)", (key) => {
    const classes = Object.keys(run.at(key) as object);
    expect(classes.filter((kind) => kind !== "facets").sort()).toEqual([...QUERY_CLASSES].sort());
    for (const kind of classes) run.expectFinite(`${key}.${kind}`);
  });

  it("measured the catalog it was asked for, and HTTP requests per second for the default page and for q", () => {
    expect(run.at("plugins")).toBe(500);
    expect(run.at("siteBytes")).toBeGreaterThan(run.at("siteGzipBytes") as number);
    expect(run.at("largestFileBytes")).toBeGreaterThanOrEqual(run.at("largestSearchFileBytes") as number);
    expect(Object.keys(run.at("httpRps") as object).sort()).toEqual(["default", "q"]);
    for (const key of ["httpRps.default", "httpRps.q"]) expect(run.at(key)).toBeGreaterThan(0);
  });

  it("prints the table with targets and how to reproduce", () => {
    expect(run.stdout()).toMatch(/build wall time .* ≤ 60 s +(PASS|FAIL)/);
    expect(run.stdout()).toMatch(/largest file, raw .* ≤ 25 MB +(PASS|FAIL)/);
    expect(run.stdout()).toContain("Reproduce:");
  });
});

describe("npm run bench -- fetch --quick", () => {
  const run = quickRun(["fetch"], 240_000);
  const perRun = [
    "wallMs",
    "peakRssMb",
    ...["registry", "github", "gitlab"].flatMap((host) => [`requests.${host}`, `maxInFlight.${host}`]),
  ];
  const faults = ["graphqlRateLimited", "githubDown", "gitlabDown", "registry429Storm"].map((name) => `faults.${name}.wallMs`);

  it.each(["plugins", ...["full", "incremental"].flatMap((phase) => perRun.map((key) => `${phase}.${key}`)), ...faults])(
    "reports %s as a finite number",
    (key) => run.expectFinite(key),
  );

  it("built from a 500-package world and asked GitHub something", () => {
    expect(run.at("plugins")).toBe(500);
    expect(run.at("full.requests.github")).toBeGreaterThan(0);
    expect(run.at("full.requests.registry")).toBeGreaterThan(run.at("incremental.requests.registry") as number);
  });

  it("prints both builds against their targets, the fault scenarios, and how to reproduce", () => {
    expect(run.stdout()).toMatch(/wall time .* ≤ 180 s +(PASS|FAIL)/);
    expect(run.stdout()).toMatch(/requests, all upstreams .* ≤ 1,000 +(PASS|FAIL)/);
    expect(run.stdout()).toContain("report: packuments fetched / 304 / reused / failed");
    expect(run.stdout()).toContain("githubDown");
    expect(run.stdout()).toContain("Reproduce:");
  });
});

describe("npm run bench -- workerd --quick", () => {
  const run = quickRun(["workerd"], 120_000);
  const classes = [...QUERY_CLASSES, "author"];
  const cpu = classes.flatMap((kind) => [`cold.${kind}.median`, `cold.${kind}.max`, `warm.${kind}.p50`, `warm.${kind}.p99`]);

  it.each([
    "plugins",
    "cold.unfilteredMs",
    "cold.queryMs",
    "baseline.p50Ms",
    "baseline.p99Ms",
    "cpuMs.warm.baseline.p50",
    ...cpu.map((key) => `cpuMs.${key}`),
    ...["p50Ms", "p99Ms"].flatMap((key) => QUERY_CLASSES.map((kind) => `${key}.${kind}`)),
  ])("reports %s as a finite number", (key) => run.expectFinite(key));

  it("measured the catalog it was asked for, and some workerd CPU for every request class", () => {
    expect(run.at("plugins")).toBe(500);
    for (const kind of classes) expect(run.at(`cpuMs.warm.${kind}.p50`)).toBeGreaterThan(0);
  });

  it("prints the cold, warm and CPU sections with the baseline and how to reproduce", () => {
    expect(run.stdout()).toContain("baseline: /catalog/manifest.json");
    expect(run.stdout()).toContain("CPU time of the workerd process per request");
    expect(run.stdout()).toContain("Reproduce:");
  });
});
