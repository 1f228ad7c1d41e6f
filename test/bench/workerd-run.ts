/**
 * `npm run bench -- workerd`: the shim inside workerd (Miniflare). Builds the
 * bench catalog with the real CLI as the query bench does, then measures cold
 * starts (a new Miniflare instance per sample) and warm latency per query
 * class through `dispatchFetch`, next to a static-asset baseline, in a child
 * process (`workerd-child.ts`).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { measureBuild } from "./build-step.js";
import { runJsonChild } from "./child.js";
import { readInProcessFigures } from "./in-process-figures.js";
import { prepare } from "./prepare.js";
import type { ProgressLog } from "./progress-log.js";
import { Rng } from "./random.js";
import type { WorkerdBenchOptions } from "./workerd-args.js";
import { BASELINE_PATH, type WorkerdPlan, type WorkerdResult, type WorkerdTimedQuery } from "./workerd-plan.js";
import { renderWorkerdReport } from "./workerd-report.js";
import { collectWorkerdResults } from "./workerd-results.js";

export async function workerdBench(options: WorkerdBenchOptions, work: string, { progress, load }: ProgressLog): Promise<void> {
  // Read first: a bad --compare file should fail before minutes of work.
  const inProcess = options.compare === undefined ? undefined : await readInProcessFigures(options.compare);
  const snapshotFile = join(work, "snapshot.json");
  const siteDir = join(work, "site");
  const scratch = join(work, "scratch");
  await mkdir(scratch);
  const plan = await prepare(options, snapshotFile, progress);

  progress("building the site with the CLI");
  const build = await measureBuild(snapshotFile, siteDir, scratch);
  progress(`  ${build.report}`);
  await rm(snapshotFile);

  const baseline: WorkerdTimedQuery[] = Array.from({ length: options.profile.warmPerClass }, () => ({ kind: "baseline", path: BASELINE_PATH }));
  const workerdPlan: WorkerdPlan = {
    siteDir,
    coldUnfiltered: plan.coldUnfiltered,
    coldQuery: plan.coldQuery,
    warmup: plan.heapMix,
    timed: new Rng((options.seed ^ 0x5eed_ba5e) >>> 0).shuffle([...plan.timed, ...baseline]),
  };
  const planFile = join(scratch, "workerd-plan.json");
  await writeFile(planFile, JSON.stringify(workerdPlan));
  progress(`workerd: ${plan.coldUnfiltered.length} + ${plan.coldQuery.length} cold instances, then ${plan.heapMix.length} warm-up and ${workerdPlan.timed.length} timed requests`);
  const raw = await runJsonChild<WorkerdResult>({ script: "workerd-child.js", args: [planFile], workDir: scratch });

  const results = collectWorkerdResults(options, { machine: load.finish(), buildMs: build.ms, raw });
  process.stdout.write(`\n${renderWorkerdReport(results, inProcess)}\n`);
  if (options.json !== undefined) {
    await writeFile(options.json, `${JSON.stringify(results, null, 2)}\n`);
    progress(`wrote ${options.json}`);
  }
  progress("done");
}
