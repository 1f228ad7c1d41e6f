/**
 * The CLI driven in this process through `run`, with its output captured:
 * the same parsing, commands and exit codes as the binary, without a Node
 * start per call. `main.test.ts` checks the binary itself.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ExpectStatic } from "vitest";
import { run } from "../../src/cli/program.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";

export interface InProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `plugin-catalog ...args` as `run` answers it: exit code and everything written to stdout and stderr. */
export async function runInProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<InProcessResult> {
  let stdout = "";
  let stderr = "";
  const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text), isTTY: false };
  const code = await run(args, io, "0.0.0-test", env);
  return { code, stdout, stderr };
}

/** Writes `snapshot` into `dir` and runs `build --snapshot` in process; returns the site directory. */
export async function buildSiteInProcess(snapshot: CatalogSnapshot, dir: string): Promise<string> {
  const snapshotFile = join(dir, "catalog.snapshot.json");
  const siteDir = join(dir, "site");
  await writeFile(snapshotFile, JSON.stringify(snapshot, null, 2));
  const result = await runInProcess(["build", "--snapshot", snapshotFile, "--out", siteDir]);
  if (result.code !== 0) throw new Error(`build exited with ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  return siteDir;
}

/** A stack frame, from the compiled binary (`.js`) or from the sources vitest runs (`.ts`). */
export const STACK_TRACE = /\n\s+at\s|node:internal|\.[jt]s:\d+:\d+/;

/** A failure as the CLI promises one: exit 1, one line on stderr, no stack trace; returns that line. */
export function expectOneLineFailure(expect: ExpectStatic, result: { code: number | null; stdout: string; stderr: string }): string {
  expect(result.code, `stdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(1);
  const message = result.stderr.trim();
  expect(message).not.toBe("");
  expect(message.split("\n"), "one line on stderr").toHaveLength(1);
  expect(result.stderr).not.toMatch(STACK_TRACE);
  return message;
}
