import { expect } from "vitest";
import { QUERY_CLASSES, smokeTest } from "./quick-run.js";

const cpu = QUERY_CLASSES.flatMap((kind) => [`cold.${kind}.median`, `cold.${kind}.max`, `warm.${kind}.p50`, `warm.${kind}.p99`]);
smokeTest(["workerd"], 120_000, {
  finite: [
    ...["cold.unfilteredMs", "cold.queryMs", "baseline.p50Ms", "baseline.p99Ms", "cpuMs.warm.baseline.p50"],
    ...cpu.flatMap((key) => [`cpuMs.${key}`, `miniflare.cpuMs.${key}`]),
    ...["alone.readyMs", "alone.sharedHits"],
    ...["p50Ms", "p99Ms"].flatMap((key) => QUERY_CLASSES.map((kind) => `${key}.${kind}`)),
  ],
  printed: ["baseline: /catalog/manifest.json", "CPU time per request, the Worker alone in workerd", "CPU time per request as deployed"],
  measured(run) {
    for (const kind of QUERY_CLASSES) expect(run.at(`cpuMs.warm.${kind}.p50`)).toBeGreaterThan(0);
    // A query one workerd computed must come from the edge cache in the next: the Worker-alone set-up's cache is real.
    expect(run.at("alone.sharedHits")).toBe(QUERY_CLASSES.length);
  },
});
