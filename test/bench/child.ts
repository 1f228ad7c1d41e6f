/**
 * Runs one bench script in a fresh Node process and returns the JSON it
 * wrote (see `child-result.ts`): fresh module state, fresh JIT, own heap.
 */
import { spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

let resultCounter = 0;

export interface ChildRun {
  /** A script next to this module, e.g. `"cold-child.js"`. */
  readonly script: string;
  readonly args: readonly string[];
  readonly nodeFlags?: readonly string[];
  /** Where the result file goes. */
  readonly workDir: string;
}

export async function runJsonChild<T>(run: ChildRun): Promise<T> {
  const resultFile = join(run.workDir, `result-${process.pid}-${resultCounter++}.json`);
  const script = fileURLToPath(new URL(run.script, import.meta.url));
  const { code, stderr } = await runNode([...(run.nodeFlags ?? []), script, resultFile, ...run.args]);
  try {
    if (code !== 0) throw new Error(`${run.script} exited with ${code}: ${stderr.trim().split("\n").slice(-8).join("\n")}`);
    return JSON.parse(await readFile(resultFile, "utf8")) as T;
  } finally {
    await rm(resultFile, { force: true });
  }
}

export interface NodeOutcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** `node ...args` with this process's Node, stdout and stderr captured. */
export function runNode(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<NodeOutcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8"), ms: performance.now() - started });
    });
  });
}
