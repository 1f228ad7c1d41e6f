/**
 * The build under test: the real CLI (`lib/src/cli/main.js build`) in a child
 * process, timed from spawn to exit, with its peak RSS from `rss-hook.ts`.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runNode } from "./child.js";

export interface BuildMeasurement {
  readonly ms: number;
  readonly peakRssMb: number;
  /** The CLI's own one-line report. */
  readonly report: string;
}

export const CLI_PATH = fileURLToPath(new URL("../../src/cli/main.js", import.meta.url));
const RSS_HOOK = pathToFileURL(fileURLToPath(new URL("./rss-hook.js", import.meta.url))).href;

export async function measureBuild(snapshotFile: string, siteDir: string, workDir: string): Promise<BuildMeasurement> {
  const rssFile = join(workDir, "build-rss.txt");
  const outcome = await runNode(["--import", RSS_HOOK, CLI_PATH, "build", "--snapshot", snapshotFile, "--out", siteDir], {
    ...process.env,
    BENCH_RSS_FILE: rssFile,
  });
  if (outcome.code !== 0) throw new Error(`build exited with ${outcome.code}: ${outcome.stderr.trim()}`);
  const kib = Number(await readFile(rssFile, "utf8"));
  await rm(rssFile, { force: true });
  if (!Number.isFinite(kib) || kib <= 0) throw new Error(`build reported no peak RSS (${kib})`);
  return { ms: outcome.ms, peakRssMb: kib / 1024, report: outcome.stdout.trim() };
}
