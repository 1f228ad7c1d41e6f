/** Warm latency per query class and the shim's heap, measured in a child with `--expose-gc`. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runJsonChild } from "./child.js";
import { QUERY_CLASSES, type QueryClass } from "./queries.js";
import { percentile } from "./stats.js";
import type { WarmPlan, WarmResult } from "./warm-plan.js";

export interface ClassLatency {
  readonly count: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Share of answers with at least one plugin, 0 … 1. */
  readonly nonEmpty: number;
}

export interface WarmSummary {
  readonly latency: Record<QueryClass, ClassLatency>;
  readonly raw: WarmResult;
}

export async function measureWarm(plan: WarmPlan, workDir: string): Promise<WarmSummary> {
  const planFile = join(workDir, "warm-plan.json");
  await writeFile(planFile, JSON.stringify(plan));
  const raw = await runJsonChild<WarmResult>({ script: "warm-child.js", args: [planFile], nodeFlags: ["--expose-gc"], workDir });
  const latency = Object.fromEntries(
    QUERY_CLASSES.map((kind) => {
      const times = raw.timings[kind];
      const summary: ClassLatency = {
        count: times.length,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        maxMs: percentile(times, 100),
        nonEmpty: times.length === 0 ? 0 : raw.nonEmpty[kind] / times.length,
      };
      return [kind, summary];
    }),
  ) as Record<QueryClass, ClassLatency>;
  return { latency, raw };
}
