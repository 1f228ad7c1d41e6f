/**
 * One `plugin-catalog build --config …` against the fakes process: the
 * fakes' counters zeroed first and read after, the CLI timed from spawn to
 * exit with its peak RSS, and the build report it wrote into the site.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BuildReport } from "../../src/upstream/report.js";
import { runCliMeasured } from "./build-step.js";
import type { FakesProcess } from "./fakes-client.js";
import type { Upstream, UpstreamStats } from "./fakes-protocol.js";

export interface FetchBuildRun {
  readonly wallMs: number;
  readonly peakRssMb: number;
  /** What each fake saw during this build. */
  readonly upstream: Record<Upstream, UpstreamStats>;
  /** `DIR/catalog/report.json` as this build wrote it. */
  readonly report: BuildReport;
  /** The CLI's stdout (its report summary and the "Built …" line). */
  readonly stdout: string;
}

export interface FetchBuildSetup {
  readonly config: string;
  readonly out: string;
  readonly searchIntervalMs: number;
  /** Scratch space for the RSS file. */
  readonly workDir: string;
}

/** Fake tokens: the fakes accept any well-formed one; real ones in the environment are never passed on. */
const FAKE_TOKENS = { GITHUB_TOKEN: "bench-fake-github-token", GITLAB_TOKEN: "bench-fake-gitlab-token" };

export async function runFetchBuild(fakes: FakesProcess, setup: FetchBuildSetup): Promise<FetchBuildRun> {
  const { urls } = fakes.ready;
  await fakes.call("reset", {});
  const run = await runCliMeasured(
    [
      "build", "--config", setup.config, "--out", setup.out,
      "--registry", urls.registry, "--github-url", urls.github, "--gitlab-url", urls.gitlab,
      "--search-interval", String(setup.searchIntervalMs),
    ],
    setup.workDir,
    { ...process.env, ...FAKE_TOKENS, NO_COLOR: "1" },
  );
  if (run.code !== 0) throw new Error(`build exited with ${run.code} after ${(run.ms / 1000).toFixed(1)} s: ${run.stderr.trim().split("\n").slice(-8).join("\n")}`);
  const upstream = await fakes.call("stats", {});
  const report = JSON.parse(await readFile(join(setup.out, "catalog", "report.json"), "utf8")) as BuildReport;
  return { wallMs: run.ms, peakRssMb: run.peakRssMb, upstream, report, stdout: run.stdout.trim() };
}
