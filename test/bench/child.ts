/**
 * Child processes: what needs a process of its own (a cold start, a heap alone, a server apart from the load generator,
 * workerd) is a bench script under `fork` handing back one result over IPC; the CLI under test runs under `spawn`. Their
 * stdout is dropped (Miniflare chats there; the report owns stdout); their stderr explains a failure.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const lastLines = (text: string): string => text.trim().split("\n").slice(-8).join("\n");

/** `result`: the child's first message, rejected when it exits without one. */
export type StartedChild<T> = { readonly result: Promise<T>; readonly exited: Promise<number | null>; readonly process: ChildProcess };

/** `script`: a bench script next to this module; `input`: sent as its first message (a plan too big for arguments). */
export type ChildOptions = { readonly nodeFlags?: readonly string[]; readonly input?: unknown };

export function startChild<T>(script: string, args: readonly string[], { nodeFlags = [], input }: ChildOptions = {}): StartedChild<T> {
  const child = fork(here(script), [...args], { execArgv: [...nodeFlags], stdio: ["ignore", "ignore", "pipe", "ipc"] });
  if (input !== undefined) child.send(input as object);
  const stderr = text(child.stderr!);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const result = new Promise<T>((resolve, reject) => {
    child.once("message", (message) => resolve(message as T)).once("error", reject);
    void exited.then(async (code) => reject(new Error(`${script} ${args[0] ?? ""} exited with ${code}: ${lastLines(await stderr)}`)));
  });
  return { result, exited, process: child };
}

export async function runChild<T>(script: string, args: readonly string[], options: ChildOptions = {}): Promise<T> {
  const { result, exited } = startChild<T>(script, args, options);
  const [value, code] = await Promise.all([result, exited]);
  if (code !== 0) throw new Error(`${script} exited with ${code} after its result`);
  return value;
}

/** The child's side: the parent's `input`. */
export const received = <T>(): Promise<T> => new Promise((resolve) => process.once("message", (message) => resolve(message as T)));

/** The child's side: runs `main` on the script's arguments, sends its result and exits (Miniflare can leave handles open). */
export function childMain(main: (args: readonly string[]) => Promise<unknown>): void {
  main(process.argv.slice(2)).then(
    (result) => process.send?.(result, undefined, undefined, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

/** `peakRssMb`: the CLI process's own (see `rss-hook.ts`). */
export type CliRun = { readonly ms: number; readonly peakRssMb: number; readonly stdout: string };
let rssFiles = 0;

/** `plugin-catalog ...args` (an async `spawn`: fakes in this process keep answering); throws unless it exits 0. */
export async function runCli(args: readonly string[], scratch: string, env: NodeJS.ProcessEnv = process.env): Promise<CliRun> {
  const rssFile = join(scratch, `cli-rss-${rssFiles++}.txt`);
  const started = performance.now();
  const command = ["--import", pathToFileURL(here("./rss-hook.js")).href, here("../../src/cli/main.js"), ...args];
  const child = spawn(process.execPath, command, { env: { ...env, BENCH_RSS_FILE: rssFile }, stdio: ["ignore", "pipe", "pipe"] });
  const [stdout, stderr] = [text(child.stdout), text(child.stderr)]; // piped, so never null
  const code = await new Promise<number | null>((resolve, reject) => child.once("error", reject).once("close", resolve));
  const ms = performance.now() - started;
  const kib = Number(await readFile(rssFile, "utf8").catch(() => "NaN"));
  await rm(rssFile, { force: true });
  if (code !== 0) throw new Error(`${args[0]} exited with ${code} after ${(ms / 1000).toFixed(1)} s: ${lastLines(await stderr)}`);
  if (!(kib > 0)) throw new Error(`the CLI reported no peak RSS (${kib})`);
  return { ms, peakRssMb: kib / 1024, stdout: (await stdout).trim() };
}

/** Runs `run` on each item in turn: a measured step never overlaps another. */
export async function sequentially<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await run(item));
  return results;
}
