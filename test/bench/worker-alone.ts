/**
 * The site's Worker alone in a workerd of its own, the platform's parts native: what Cloudflare bills. Miniflare (the
 * deployment as `wrangler.jsonc` describes it, in `workerd-child.ts`) runs four JavaScript Workers of its own around
 * ours — an entry Worker, the assets router, the asset worker, a cache service — which the workerd process's CPU counts
 * with ours; on Cloudflare they are the platform's, outside the Worker's CPU limit. Here workerd's config holds only:
 *
 * - our `_worker.js`, with the compatibility date and flags wrangler reads from the site's `wrangler.jsonc`;
 * - `ASSETS` bound to a `disk` service over the site directory (workerd's native file server);
 * - `caches.default` sent to an in-memory cache in this process (`EdgeCacheServer`), over workerd's HTTP cache protocol;
 * - two sockets: `/api/*` reaches the Worker, every other path the disk service (`run_worker_first`, as deployed).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { wranglerConfiguration, wranglerDependency } from "../support/workerd-target.js";

/** The site's `run_worker_first`: `/api/*`. */
const WORKER_FIRST = "/api/";

/** A stored answer: the status line's code, its headers, its body. */
type Stored = { readonly status: number; readonly headers: readonly [string, string][]; readonly body: Buffer };

/**
 * `caches.default` for a bare workerd (`cacheApiOutbound`): workerd asks `GET <key URL>` for a match (a miss is any
 * answer but 200) and `PUT <key URL>` with the whole HTTP response serialized as the body (status line, headers, a
 * blank line, the body) for a put. Stores what it is given (no expiry: a bench is short), counts the hits.
 */
export class EdgeCacheServer {
  private readonly entries = new Map<string, Stored>();
  private readonly server: Server = createServer((request, response) => void this.answer(request, response));
  hits = 0;
  private puts = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new instance's cache is empty, as a data center's is for a new build. */
  clear(): void {
    this.entries.clear();
    this.puts = 0;
  }

  /** Resolves once `count` answers were stored since `clear` (a Worker stores after answering); throws after 5 s. */
  async stored(count: number): Promise<void> {
    for (let waited = 0; this.puts < count; waited += 5) {
      if (waited > 5_000) throw new Error(`the Worker stored ${this.puts} answers in caches.default, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const key = request.url ?? "";
    const body = Buffer.concat(await request.toArray());
    if (request.method === "PUT") {
      this.entries.set(key, parseResponse(body));
      this.puts++;
      response.writeHead(204, { "content-length": "0" }).end();
      return;
    }
    const stored = request.method === "GET" ? this.entries.get(key) : undefined;
    if (stored === undefined) {
      response.writeHead(504, { "cf-cache-status": "MISS", "content-length": "0" }).end();
      return;
    }
    this.hits++;
    response.writeHead(stored.status, [...stored.headers.flat(), "cf-cache-status", "HIT"]).end(stored.body);
  }
}

function parseResponse(message: Buffer): Stored {
  const end = message.indexOf("\r\n\r\n");
  if (end < 0) throw new Error("a cache PUT without a blank line after its headers");
  const [statusLine = "", ...lines] = message.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine)?.[1]);
  if (!(status >= 200)) throw new Error(`a cache PUT with the status line ${JSON.stringify(statusLine)}`);
  const headers = lines.map((line): [string, string] => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]);
  return { status, headers, body: message.subarray(end + 4) };
}

/** A running bare workerd: `get` sends `/api/*` to the Worker and anything else to the disk service. */
export type WorkerAlone = {
  readonly pid: number;
  readonly readyMs: number;
  get(path: string): Promise<Response>;
  dispose(): Promise<void>;
};

/**
 * Started once per site: the config (a temp dir, `_worker.js` linked in) serves every instance.
 * @param v8Flags flags for V8, such as `--trace-gc` (what they print goes to `startWorkerAlone`'s `stdout`).
 */
export async function workerAloneConfig(
  siteDir: string,
  cacheAddress: string,
  v8Flags: readonly string[] = [],
): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "worker-alone-"));
  await symlink(join(siteDir, "_worker.js"), join(dir, "_worker.js"));
  const file = join(dir, "workerd.capnp");
  await writeFile(file, capnpConfig(siteDir, cacheAddress, await configuredCompatibility(siteDir), v8Flags));
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** @param stdout given what workerd prints there, unbuffered (`stdbuf`); by default it is not read. */
export async function startWorkerAlone(configFile: string, stdout?: (text: string) => void): Promise<WorkerAlone> {
  const started = performance.now();
  const command = [workerdBinary(), "serve", configFile, "--control-fd=3"];
  const [file, ...args] = stdout === undefined ? command : ["stdbuf", "-o0", ...command];
  // workerd reports each socket's port on the control fd once it listens: no port is guessed, no polling.
  const child = spawn(file!, args, { stdio: ["ignore", stdout === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
  child.stdout?.setEncoding("utf8").on("data", (text: string) => stdout?.(text));
  const stderr = text(child.stderr!);
  const ports = await listening(child, ["api", "assets"]).catch(async (error: Error) => {
    child.kill();
    throw new Error(`${error.message}: ${(await stderr).trim().split("\n").slice(-5).join("\n")}`);
  });
  const readyMs = performance.now() - started;
  const exited = new Promise<void>((resolve) => (child.exitCode === null ? child.once("exit", () => resolve()) : resolve()));
  return {
    pid: child.pid!,
    readyMs,
    get: (path) => fetch(`http://127.0.0.1:${path.startsWith(WORKER_FIRST) ? ports.api : ports.assets}${path}`),
    dispose: async () => {
      child.kill();
      await exited;
    },
  };
}

function listening(child: ChildProcess, sockets: readonly string[]): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const ports: Record<string, number> = {};
    let pending = "";
    child.stdio[3]!.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const event = JSON.parse(line) as { event?: string; socket?: string; port?: number };
        if (event.event === "listen" && event.socket !== undefined) ports[event.socket] = Number(event.port);
      }
      if (sockets.every((socket) => socket in ports)) resolve(ports);
    });
    child.once("exit", (code) => reject(new Error(`workerd exited with ${code} before it listened`)));
  });
}

const capnpConfig = (siteDir: string, cacheAddress: string, { date, flags }: Compatibility, v8Flags: readonly string[]): string => `
using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  v8Flags = ${JSON.stringify(v8Flags)},
  services = [
    (name = "worker", worker = .worker),
    (name = "site", disk = (path = ${JSON.stringify(siteDir)}, writable = false)),
    (name = "cache", external = (address = ${JSON.stringify(cacheAddress)}, http = ())),
  ],
  sockets = [
    (name = "api", address = "127.0.0.1:0", http = (), service = "worker"),
    (name = "assets", address = "127.0.0.1:0", http = (), service = "site"),
  ],
);
const worker :Workerd.Worker = (
  modules = [(name = "_worker.js", esModule = embed "_worker.js")],
  compatibilityDate = ${JSON.stringify(date)},
  compatibilityFlags = ${JSON.stringify(flags)},
  bindings = [(name = "ASSETS", service = "site")],
  cacheApiOutbound = "cache",
);
`;

type Compatibility = { readonly date: string; readonly flags: readonly string[] };

/** What the site's `wrangler.jsonc` asks for, as wrangler reads it (the contract suite's workerd target reads it the same way). */
async function configuredCompatibility(siteDir: string): Promise<Compatibility> {
  const { workerOptions } = await wranglerConfiguration(siteDir);
  const date = workerOptions.compatibilityDate;
  if (date === undefined) throw new Error(`${siteDir}/wrangler.jsonc sets no compatibility_date`);
  return { date, flags: workerOptions.compatibilityFlags ?? [] };
}

/** The workerd binary of wrangler's own release, as Miniflare runs it. */
const workerdBinary = (): string => wranglerDependency<{ default: string }>("workerd").default;
