import { describe, expect, it } from "vitest";
import { QUERY_CLASSES, quickRun } from "./quick-run.js";

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
