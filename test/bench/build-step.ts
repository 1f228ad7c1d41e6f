/**
 * The build under test: the real CLI (`lib/src/cli/main.js build`) in a child
 * process, timed from spawn to exit, with its peak RSS from `rss-hook.ts`.
 * `runCliMeasured` is the same for any CLI command line (the fetch bench's).
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runNode, type NodeOutcome } from "./child.js";

export interface BuildMeasurement {
  readonly ms: number;
  readonly peakRssMb: number;
  /** The CLI's own one-line report. */
  readonly report: string;
}

export const CLI_PATH = fileURLToPath(new URL("../../src/cli/main.js", import.meta.url));
const RSS_HOOK = pathToFileURL(fileURLToPath(new URL("./rss-hook.js", import.meta.url))).href;
let rssCounter = 0;

export async function measureBuild(snapshotFile: string, siteDir: string, workDir: string): Promise<BuildMeasurement> {
  const run = await runCliMeasured(["build", "--snapshot", snapshotFile, "--out", siteDir], workDir);
  if (run.code !== 0) throw new Error(`build exited with ${run.code}: ${run.stderr.trim()}`);
  return { ms: run.ms, peakRssMb: run.peakRssMb, report: run.stdout.trim() };
}

export interface MeasuredCliRun extends NodeOutcome {
  /** The CLI process's own peak RSS (NaN when it wrote none, e.g. killed). */
  readonly peakRssMb: number;
}

/**
 * `node --import rss-hook.js lib/src/cli/main.js ...args` with async `spawn`
 * (fakes in this process keep answering), timed from spawn to exit.
 */
export async function runCliMeasured(args: readonly string[], workDir: string, env: NodeJS.ProcessEnv = process.env): Promise<MeasuredCliRun> {
  const rssFile = join(workDir, `cli-rss-${process.pid}-${rssCounter++}.txt`);
  const outcome = await runNode(["--import", RSS_HOOK, CLI_PATH, ...args], { ...env, BENCH_RSS_FILE: rssFile });
  const kib = Number(await readFile(rssFile, "utf8").catch(() => "NaN"));
  await rm(rssFile, { force: true });
  if (outcome.code === 0 && (!Number.isFinite(kib) || kib <= 0)) throw new Error(`the CLI reported no peak RSS (${kib})`);
  return { ...outcome, peakRssMb: kib / 1024 };
}
