/**
 * The HTTP shell every fake shares: listens on 127.0.0.1, port 0; counts requests;
 * applies the fault plan and the latency; turns the fake's plain `FakeResponse` into
 * bytes. `close()` ends promptly even with hung requests, by destroying their sockets.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FaultPlan, type FaultRule } from "./faults.js";
import { type GraphqlTargets, NO_TARGETS } from "./graphql-targets.js";
import { CredentialLog, FakeStats } from "./stats.js";

export interface FakeRequest {
  method: string;
  /** Pathname as sent, still percent-encoded (`/@scope%2fname` stays so). */
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** What a GraphQL request targets; computed on first use. */
  graphql(): GraphqlTargets;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** One fake upstream, seen from the shell. */
export interface FakeApp {
  /** The route label counted in `stats.byRoute`, e.g. `"GET /-/v1/search"`. */
  route(req: FakeRequest): string;
  targets?(req: FakeRequest): GraphqlTargets;
  handle(req: FakeRequest): FakeResponse | Promise<FakeResponse>;
}

export interface ServerOptions {
  /** Delay before every answer (hangs excepted). */
  latencyMs?: number;
  faults?: FaultPlan | readonly FaultRule[];
}

export interface RunningFake {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  stats: FakeStats;
  faults: FaultPlan;
  credentials: CredentialLog;
  close(): Promise<void>;
}

const MAX_BODY = 8 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new Error("request body too large");
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function write(res: ServerResponse, response: FakeResponse): void {
  if (res.destroyed) return; // the client gave up while we were waiting
  res.writeHead(response.status, response.headers);
  res.end(response.status === 304 ? undefined : response.body);
}

export async function startFakeServer(app: FakeApp, options: ServerOptions = {}): Promise<RunningFake> {
  const stats = new FakeStats();
  const credentials = new CredentialLog();
  const faults = options.faults instanceof FaultPlan ? options.faults : new FaultPlan(options.faults ?? []);
  const latency = options.latencyMs ?? 0;

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let targets: GraphqlTargets | undefined;
    const request: FakeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      url,
      headers: req.headers,
      body,
      graphql: () => (targets ??= app.targets?.(request) ?? NO_TARGETS),
    };
    credentials.record(req.headers);
    stats.route(app.route(request));
    const fault = faults.take(request);
    if (fault?.kind === "hang") return;
    if (fault?.kind === "reset") {
      req.socket.resetAndDestroy();
      return;
    }
    let response = fault?.kind === "respond" ? fault : await app.handle(request);
    if (fault?.kind === "mangle") response = { ...response, body: fault.mangle(response.body ?? "") };
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    stats.status(response.status);
    write(res, response);
  }

  const server = createServer((req, res) => {
    stats.begin();
    res.on("close", () => stats.end());
    answer(req, res).catch((error: unknown) => {
      stats.status(500);
      write(res, { status: 500, headers: { "content-type": "text/plain" }, body: `fake upstream failed: ${String(error)}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    faults,
    credentials,
    // Idempotent: a test may close early and an afterEach close again.
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // hung and keep-alive sockets would hold close() open
      })),
  };
}
