#!/usr/bin/env node
/**
 * `npm run bench`: builds a generated catalog with the real CLI and measures
 * the build, the site, cold starts, warm latency, the shim's heap and HTTP
 * throughput; prints a table against the targets; `--json FILE` for CI.
 *
 *     node lib/test/bench/run.js [--plugins N] [--seed S] [--json FILE] [--quick]
 *
 * Exit 0 when the run completed (targets missed or not), 2 on a usage error,
 * 1 when something broke (a non-200 answer, a failed build, a crashed child).
 */
import { rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSnapshot } from "../../src/sample/generate.js";
import { parseBenchArgs, USAGE, UsageError, type BenchOptions } from "./args.js";
import { measureBuild } from "./build-step.js";
import { measureCold, summarizeCold } from "./cold.js";
import { measureHttp } from "./http.js";
import { LoadWatch } from "./machine.js";
import { planQueries, type QueryPlan } from "./plan.js";
import { renderReport } from "./report.js";
import { collectResults } from "./results.js";
import { measureSite } from "./site-size.js";
import { buildVocabulary } from "./vocabulary.js";
import { measureWarm } from "./warm.js";

const started = performance.now();
const load = new LoadWatch();
const progress = (message: string): void => {
  load.sample();
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}\n`);
};

/** Generates the snapshot, writes it, and draws the queries from it; the snapshot is dropped after. */
async function prepare(options: BenchOptions, snapshotFile: string): Promise<QueryPlan> {
  progress(`generating ${options.plugins} plugins (seed ${options.seed})`);
  const snapshot = generateSnapshot({ plugins: options.plugins, seed: options.seed });
  await writeFile(snapshotFile, JSON.stringify(snapshot));
  progress("collecting the catalog's vocabulary for queries");
  return planQueries(buildVocabulary(snapshot), options.profile, options.seed);
}

async function bench(options: BenchOptions, work: string): Promise<void> {
  const snapshotFile = join(work, "snapshot.json");
  const siteDir = join(work, "site");
  const scratch = join(work, "scratch");
  await mkdir(scratch);
  const plan = await prepare(options, snapshotFile);
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

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  const work = await mkdtemp(join(tmpdir(), "plugin-catalog-bench-"));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    await bench(options, work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  const usage = error instanceof UsageError;
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n${usage ? `${USAGE}\n` : ""}`);
  process.exitCode = usage ? 2 : 1;
});
