/**
 * Requests per second over HTTP on loopback: autocannon against `serveSite`
 * (run in a child, see `serve-child.ts`), for `/api/plugins` and for `q`
 * queries that it rotates through.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { API_PATH } from "./queries.js";

export interface HttpLoad {
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly connections: number;
}

export interface HttpRun {
  readonly rps: number;
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface HttpSummary {
  readonly default: HttpRun;
  readonly q: HttpRun;
}

export async function measureHttp(siteDir: string, qPaths: readonly string[], load: HttpLoad): Promise<HttpSummary> {
  const { child, url } = await startServer(siteDir);
  try {
    return {
      default: await hammer(url, [API_PATH], load),
      q: await hammer(url, qPaths, load),
    };
  } finally {
    await stopServer(child);
  }
}

async function hammer(url: string, paths: readonly string[], load: HttpLoad): Promise<HttpRun> {
  let next = 0;
  const rotate = (request: autocannon.RawRequest): autocannon.RawRequest => ({ ...request, path: paths[next++ % paths.length]! });
  const result = await autocannon({
    url,
    connections: load.connections,
    duration: load.seconds,
    requests: [{ method: "GET", setupRequest: rotate }],
    ...(load.warmupSeconds > 0 ? { warmup: { connections: load.connections, duration: load.warmupSeconds } } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0 || result["2xx"] === 0) {
    throw new Error(`autocannon on ${paths[0]}…: ${result["2xx"]} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`);
  }
  return { rps: result.requests.total / result.duration, requests: result.requests.total, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

async function startServer(siteDir: string): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const script = fileURLToPath(new URL("./serve-child.js", import.meta.url));
  const child = spawn(process.execPath, [script, siteDir], { stdio: "pipe" });
  const stderr: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`serve-child exited with ${code}: ${stderr.join("")}`))));
  exited.catch(() => undefined); // once listening, a later exit is ours (stopServer)
  const firstLine = new Promise<string>((resolve) => lines.once("line", resolve));
  const line = await Promise.race([firstLine, exited]);
  lines.close();
  child.stdout.resume(); // keep draining whatever else it prints
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

function stopServer(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
