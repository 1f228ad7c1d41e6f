#!/usr/bin/env node
/**
 * `npm run bench`: builds a generated catalog with the real CLI and measures
 * the build, the site, cold starts, warm latency, the shim's heap and HTTP
 * throughput; prints a table against the targets; `--json FILE` for CI.
 *
 *     node lib/test/bench/run.js [--plugins N] [--seed S] [--json FILE] [--quick]
 *
 * A first argument picks another bench instead (see `sub-bench.ts`):
 * `fetch` (the daily fetch against the fake upstreams, `fetch-run.ts`) or
 * `workerd` (the shim inside workerd, `workerd-run.ts`).
 *
 * Exit 0 when the run completed (targets missed or not), 2 on a usage error,
 * 1 when something broke (a non-200 answer, a failed build, a crashed child).
 */
import { rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseBenchArgs, UsageError, type BenchOptions } from "./args.js";
import { measureBuild } from "./build-step.js";
import { measureCold, summarizeCold } from "./cold.js";
import { measureHttp } from "./http.js";
import { prepare } from "./prepare.js";
import { createProgressLog } from "./progress-log.js";
import { renderReport } from "./report.js";
import { collectResults } from "./results.js";
import { measureSite } from "./site-size.js";
import { subBench, type BenchRunner } from "./sub-bench.js";
import { measureWarm } from "./warm.js";

const log = createProgressLog();
const { progress, load } = log;

async function bench(options: BenchOptions, work: string): Promise<void> {
  const snapshotFile = join(work, "snapshot.json");
  const siteDir = join(work, "site");
  const scratch = join(work, "scratch");
  await mkdir(scratch);
  const plan = await prepare(options, snapshotFile, progress);
  const { profile } = options;

  progress("building the site with the CLI");
  const build = await measureBuild(snapshotFile, siteDir, scratch);
  progress(`  ${build.report}`);
  await rm(snapshotFile);
  progress("measuring the site");
  const site = await measureSite(siteDir);
  progress(`cold starts: ${plan.coldUnfiltered.length} unfiltered + ${plan.coldQuery.length} q, one process each`);
  const coldUnfilteredSamples = await measureCold(siteDir, plan.coldUnfiltered, scratch);
  const coldQuerySamples = await measureCold(siteDir, plan.coldQuery, scratch);
  const coldUnfiltered = summarizeCold(coldUnfilteredSamples);
  const coldQuery = summarizeCold(coldQuerySamples);
  const coldSetup = summarizeCold([...coldUnfilteredSamples, ...coldQuerySamples]);
  progress(`warm latency: ${plan.heapMix.length} mixed queries, heap, then ${plan.timed.length} timed`);
  const warm = await measureWarm({ siteDir, heapMix: plan.heapMix, timed: plan.timed }, scratch);
  progress(`HTTP: ${profile.httpSeconds} s per target, ${profile.httpConnections} connections`);
  const http = await measureHttp(siteDir, plan.http, { seconds: profile.httpSeconds, warmupSeconds: profile.httpWarmupSeconds, connections: profile.httpConnections });

  const results = collectResults(options, { machine: load.finish(), build, site, coldUnfiltered, coldQuery, coldSetup, warm, http });
  process.stdout.write(`\n${renderReport(results, options)}\n`);
  if (options.json !== undefined) {
    await writeFile(options.json, `${JSON.stringify(results, null, 2)}\n`);
    progress(`wrote ${options.json}`);
  }
  progress("done");
}

function queryBench(options: BenchOptions): BenchRunner {
  return (work) => bench(options, work);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runner = (await subBench(argv, log)) ?? queryBench(parseBenchArgs(argv));
  const work = await mkdtemp(join(tmpdir(), "plugin-catalog-bench-"));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    await runner(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  const usage = error instanceof UsageError;
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n${usage ? `${error.usage}\n` : ""}`);
  process.exitCode = usage ? 2 : 1;
});
