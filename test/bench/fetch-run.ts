/**
 * `npm run bench -- fetch`: the daily fetch at scale. A seeded fake world
 * (registry, GitHub, GitLab, each answering after a fixed latency) runs in a
 * process of its own (`fakes-child.ts`); the real CLI builds the catalog from
 * it into a fresh directory, then, after a share of the packages got a new
 * version, again into the same directory (an incremental build reading
 * yesterday's catalog from there). Both are timed and counted.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FetchBenchOptions } from "./fetch-args.js";
import { runFetchBuild, type FetchBuildRun } from "./fetch-build.js";
import { renderFetchReport } from "./fetch-report.js";
import { collectFetchResults } from "./fetch-results.js";
import { FakesProcess } from "./fakes-client.js";
import { UPSTREAMS } from "./fakes-protocol.js";
import type { ProgressLog } from "./progress-log.js";

/** The catalog's configuration: the fake world's keyword. */
const CONFIG = { keywords: ["acme-plugin"], webUiKeywords: ["webapp"] };

/** One line of figures, then what the CLI printed (its report summary and the "Built …" line). */
function describeRun(run: FetchBuildRun): string[] {
  const requests = UPSTREAMS.map((name) => `${name} ${run.upstream[name].requests}`).join(", ");
  return [`${(run.wallMs / 1000).toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB, requests: ${requests}`, ...run.stdout.split("\n").map((line) => `  CLI: ${line}`)];
}

export async function fetchBench(options: FetchBenchOptions, work: string, { progress, load }: ProgressLog): Promise<void> {
  const scratch = join(work, "scratch");
  await mkdir(scratch);
  const config = join(work, "catalog.config.json");
  await writeFile(config, JSON.stringify(CONFIG));
  const out = join(work, "site");

  progress(`starting the fakes: ${options.packages} packages (seed ${options.seed}), ${options.latencyMs} ms latency`);
  const fakes = await FakesProcess.start({ packages: options.packages, seed: options.seed, latencyMs: options.latencyMs });
  try {
    const { ready } = fakes;
    progress(`  world generated in ${(ready.worldMs / 1000).toFixed(1)} s: ${ready.githubRepos} GitHub repositories, ${ready.gitlabProjects} GitLab projects`);
    const setup = { config, out, searchIntervalMs: options.searchIntervalMs, workDir: scratch };

    progress(`run 1: first full build into a fresh --out (--search-interval ${options.searchIntervalMs})`);
    const full = await runFetchBuild(fakes, setup);
    for (const line of describeRun(full)) progress(`  ${line}`);

    const { names } = await fakes.call("bump", { count: options.changed, seed: options.seed });
    progress(`run 2: ${names.length} packages given a new version; incremental build into the same --out`);
    const incremental = await runFetchBuild(fakes, setup);
    for (const line of describeRun(incremental)) progress(`  ${line}`);

    const results = collectFetchResults(options, ready, load.finish(), full, incremental);
    process.stdout.write(`\n${renderFetchReport(results)}\n`);
    if (options.json !== undefined) {
      await writeFile(options.json, `${JSON.stringify(results, null, 2)}\n`);
      progress(`wrote ${options.json}`);
    }
  } finally {
    await fakes.close();
  }
  progress("done");
}
