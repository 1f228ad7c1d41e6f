import { expect } from "vitest";
import { QUERY_CLASSES, smokeTest } from "./quick-run.js";

/** Issue 21's worst-case shapes, each sampled cold on the Worker alone: a copy, not an import, so a shape the bench drops fails here. */
const WORST_SHAPES = [
  "prefix1",
  "prefix2",
  "wordPrefix3",
  "manyWords",
  "deepPage",
  "deepSearch",
  "searchFilters",
  "facetsPrefix",
  "compatDeep",
  "compatFacets",
];
const cpu = QUERY_CLASSES.flatMap((kind) => [`cold.${kind}.median`, `cold.${kind}.max`, `warm.${kind}.p50`, `warm.${kind}.p99`]);
smokeTest(["workerd"], 150_000, {
  finite: [
    ...["cold.unfilteredMs", "cold.queryMs", "baseline.p50Ms", "baseline.p99Ms", "cpuMs.warm.baseline.p50"],
    ...cpu.flatMap((key) => [`cpuMs.${key}`, `miniflare.cpuMs.${key}`]),
    ...["alone.readyMs", "alone.readyCpuMs", "alone.sharedHits", "cpuMs.coldMedianIssue21.target"],
    ...["p50Ms", "p99Ms"].flatMap((key) => QUERY_CLASSES.map((kind) => `${key}.${kind}`)),
    ...WORST_SHAPES.flatMap((shape) => [`worst.${shape}.median`, `worst.${shape}.max`]),
  ],
  printed: [
    "baseline: /catalog/manifest.json",
    "CPU time per request, the Worker alone in workerd",
    "CPU time per request as deployed",
    "Worst cases, the Worker alone, cold CPU",
    ...WORST_SHAPES.map((shape) => new RegExp(`worst ${shape}, the Worker alone: /api/`)),
  ],
  measured(run) {
    for (const kind of QUERY_CLASSES) expect(run.at(`cpuMs.warm.${kind}.p50`)).toBeGreaterThan(0);
    // A query one workerd computed must come from the edge cache in the next: the Worker-alone set-up's cache is real.
    // (Every class but detail, which the Worker answers from one file without the edge cache.)
    expect(run.at("alone.sharedHits")).toBe(QUERY_CLASSES.length - 1);
    expect(run.at("cpuMs.coldDetail.max")).toBeGreaterThan(0);
    for (const shape of WORST_SHAPES) {
      const samples = run.at(`worst.${shape}.samples`) as { path: string; cpuMs: number }[];
      expect(samples.length, shape).toBeGreaterThan(0);
      for (const { path, cpuMs } of samples) expect(cpuMs, path).toBeGreaterThan(0);
      // The slowest is one of the samples, the one of the largest CPU.
      const slowest = samples.find(({ path }) => path === run.at(`worst.${shape}.slowest`));
      expect(slowest?.cpuMs, shape).toBe(run.at(`worst.${shape}.max`));
    }
    expect(run.at("worst.prefix1.slowest")).toMatch(/^\/api\/plugins\?q=/);
    // A letter beyond ASCII is percent-encoded in the path (`q=%CE%B5`).
    expect(decodeURIComponent(String(run.at("worst.facetsPrefix.slowest")))).toMatch(/^\/api\/facets\?q=\p{L}(&|$)/u);
  },
});
