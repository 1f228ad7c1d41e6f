/**
 * The things the contract suite talks to. A `Target` answers HTTP requests
 * for one catalog; each implementation gets there a different way:
 *
 * - `startServeTarget`: the real CLI (`build --snapshot`, then `serve` on an
 *   ephemeral port), spoken to with the global `fetch`.
 * - `startInProcessTarget`: `buildSite` + `createShim` in this process, with
 *   the built files held in memory; `startServerShimTarget` the same with the
 *   shim configured as `serve` runs it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serverShim } from "../../src/runtime/node/server-shim.js";
import { createShim, type FetchHandler, type ShimOptions } from "../../src/shim/index.js";
import { buildSite } from "../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";

export interface Target {
  /** `pathAndQuery` starts with `/`, e.g. `/api/plugins?sort=name`. */
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export type StartTarget = (snapshot: CatalogSnapshot) => Promise<Target>;

export interface SiteReader {
  read(path: string): Promise<Uint8Array | null>;
}

export const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const CLI = join(REPO_ROOT, "lib", "src", "cli", "main.js");

// ---------------------------------------------------------------------------
// In process
// ---------------------------------------------------------------------------

/** Reads a built site held in memory; tolerates a leading `/` in the path. */
export function mapReader(files: ReadonlyMap<string, Uint8Array>): SiteReader {
  return {
    read: async (path) => files.get(path) ?? files.get(path.replace(/^\/+/, "")) ?? null,
  };
}

/** A `mapReader` that also logs each path it is asked for, in order. */
export function loggingReader(files: ReadonlyMap<string, Uint8Array>): SiteReader & { readonly reads: string[] } {
  const [inner, reads] = [mapReader(files), [] as string[]];
  return {
    reads,
    read: (path) => {
      reads.push(path);
      return inner.read(path);
    },
  };
}

export function shimTarget(reader: SiteReader, options: Omit<ShimOptions, "reader"> = {}): Target {
  return handlerTarget(createShim({ ...options, reader }));
}

export function handlerTarget(handle: FetchHandler): Target {
  return {
    fetch: (pathAndQuery, init) => handle(new Request(`http://localhost${pathAndQuery}`, init)),
    close: async () => {},
  };
}

export const startInProcessTarget: StartTarget = async (snapshot) => shimTarget(mapReader(await buildSite(snapshot)));

/** As `serve` configures the shim (preload, stream bodies), without its HTTP server. */
export const startServerShimTarget: StartTarget = async (snapshot) => handlerTarget(serverShim(mapReader(await buildSite(snapshot))));

// ---------------------------------------------------------------------------
// The real CLI
// ---------------------------------------------------------------------------

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function requireCompiledCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run "npm run build:ts" before these tests`);
}

/** Runs `node lib/src/cli/main.js ...args` to completion (cwd: the repository). */
export function runCli(args: readonly string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  requireCompiledCli();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(
          `plugin-catalog ${args.join(" ")} did not finish within ${options.timeoutMs ?? 30_000} ms\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    }, options.timeoutMs ?? 30_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
  });
}

export async function makeTempDir(prefix = "plugin-catalog-test-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Writes `snapshot` into `dir` and runs the real `build --snapshot`; returns the site directory. */
export async function buildSiteWithCli(snapshot: CatalogSnapshot, dir: string): Promise<string> {
  const snapshotFile = join(dir, "catalog.snapshot.json");
  const siteDir = join(dir, "site");
  await writeFile(snapshotFile, JSON.stringify(snapshot, null, 2));
  const result = await runCli(["build", "--snapshot", snapshotFile, "--out", siteDir]);
  if (result.code !== 0) {
    throw new Error(`plugin-catalog build exited with ${String(result.code)}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  }
  return siteDir;
}

export interface ServeProcess {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Spawns `serve DIR --port 0 --host 127.0.0.1` and waits for the line with its URL. */
export function startServeProcess(siteDir: string, timeoutMs = 20_000): Promise<ServeProcess> {
  requireCompiledCli();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, "serve", siteDir, "--port", "0", "--host", "127.0.0.1"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    let stdout = "";
    let stderr = "";
    let settled = false;
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    const stop = async (): Promise<void> => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    };
    const fail = (message: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop();
      reject(new Error(`${message}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    const timer = setTimeout(() => fail(`serve printed no http://127.0.0.1:<port> line within ${timeoutMs} ms`), timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        resolvePromise({ baseUrl: `http://127.0.0.1:${match[1]}`, child, stdout: () => stdout, stderr: () => stderr, stop });
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (error) => fail(`could not spawn serve: ${error.message}`));
    child.on("exit", (code, signal) => fail(`serve exited early (code ${String(code)}, signal ${String(signal)})`));
  });
}

/** A target over an already running `serve` process. */
export function httpTarget(server: ServeProcess, cleanup: () => Promise<void> = async () => {}): Target {
  return {
    fetch: (pathAndQuery, init) => fetch(`${server.baseUrl}${pathAndQuery}`, { redirect: "manual", ...init }),
    close: async () => {
      await server.stop();
      await cleanup();
    },
  };
}

export const startServeTarget: StartTarget = async (snapshot) => {
  const dir = await makeTempDir();
  try {
    const siteDir = await buildSiteWithCli(snapshot, dir);
    const server = await startServeProcess(siteDir);
    return httpTarget(server, () => rm(dir, { recursive: true, force: true }));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
};
