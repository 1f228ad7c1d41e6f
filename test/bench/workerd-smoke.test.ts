import { describe, expect, it } from "vitest";
import { QUERY_CLASSES, quickRun } from "./quick-run.js";

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
