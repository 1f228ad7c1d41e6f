/**
 * `plugin-catalog serve`: http-server for the site's static files, with the
 * shim mounted in front of it for `/api/`.
 *
 * Anyone who can reach the port writes the requests: a target that is no
 * path, a `Host` no URL can hold, an unknown method or a body each get a 4xx,
 * and nothing thrown while answering one request reaches the process (it is
 * logged and answered 500), so the server keeps answering the next.
 */

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import httpServer from "http-server";
import { API_PREFIX, PROBLEM_MEDIA_TYPE, STATUS_PATH } from "../../core/routes.js";
import type { FetchHandler } from "../../shim/index.js";
import { type NodeRequestLike, type NodeResponseLike, targetPath, toFetchRequest, writeFetchResponse } from "./fetch-bridge.js";
import { createFsReader } from "./fs-reader.js";
import { serverShim } from "./server-shim.js";

export interface ServeOptions {
  readonly dir: string;
  readonly port: number;
  readonly host: string;
  readonly logError?: (error: unknown) => void;
}

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** What http-server's middleware chain hands each middleware: Node's request and response, decorated. */
interface MiddlewareRequest extends NodeRequestLike {
  url?: string | undefined;
}
interface MiddlewareResponse extends NodeResponseLike {
  readonly headersSent: boolean;
  readonly writableEnded: boolean;
  destroy(): unknown;
}
type Middleware = (request: MiddlewareRequest, response: MiddlewareResponse, next: () => void) => void;

/** The static files answer only these; http-server would serve a file to any method. */
const STATIC_METHODS = "GET, HEAD, OPTIONS";

export async function serveSite(options: ServeOptions): Promise<RunningServer> {
  const logError = options.logError ?? ((error: unknown) => console.error(error));
  const shim = serverShim(createFsReader(options.dir), logError);
  const settings = {
    root: options.dir,
    cache: 60,
    showDir: false,
    // http-server takes this (its types do not say so): the site's only .xml files are its Atom feeds (docs/API.md#feeds).
    mimetypes: { "application/atom+xml": ["xml"] },
    before: [guarded(logError, requestTarget), guarded(logError, apiMiddleware(shim, logError))],
  };
  const server = httpServer.createServer(settings) as unknown as { server: Server };
  // CONNECT asks for a tunnel, which a catalog never opens; unanswered, Node would just drop the socket.
  server.server.on("connect", (_request, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${STATIC_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  // Opens the catalog now, so that its preload starts before the first visitor asks.
  void shim(new Request(new URL(STATUS_PATH, url))).then((answer) => answer.body?.cancel(), logError);
  return {
    url,
    close: () => new Promise((resolve) => server.server.close(() => resolve())),
  };
}

/** A middleware whose throw is logged and answered 500 instead of escaping into the server. */
function guarded(logError: (error: unknown) => void, middleware: Middleware): Middleware {
  return (request, response, next) => {
    try {
      middleware(request, response, next);
    } catch (error) {
      failed(response, error, logError);
    }
  };
}

function failed(response: MiddlewareResponse, error: unknown, logError: (error: unknown) => void): void {
  logError(error);
  if (response.headersSent) {
    if (!response.writableEnded) response.destroy();
    return;
  }
  plainProblem(response, 500, "The server failed to answer this request. It has been logged.");
}

/**
 * Origin-form targets pass; absolute-form ones (`GET http://host/path`) are reduced to their path, as HTTP/1.1
 * servers must accept them; `OPTIONS *` asks what the server allows; any other target is a 400.
 */
function requestTarget(request: MiddlewareRequest, response: MiddlewareResponse, next: () => void): void {
  const path = targetPath(request.url);
  if (path === undefined) {
    if (request.url === "*" && request.method === "OPTIONS") {
      response.writeHead(204, { Allow: STATIC_METHODS, "Access-Control-Allow-Origin": "*" });
      response.end();
    } else plainProblem(response, 400, "The request target must be a path such as /api/plugins.");
    return;
  }
  request.url = path;
  if (!path.startsWith(API_PREFIX) && !STATIC_METHODS.split(", ").includes(request.method ?? "GET")) {
    plainProblem(response, 405, `${request.method} is not allowed on ${path.split("?")[0]}; allowed: ${STATIC_METHODS}.`, {
      Allow: STATIC_METHODS,
    });
    return;
  }
  next();
}

function apiMiddleware(shim: FetchHandler, logError: (error: unknown) => void): Middleware {
  return (request, response, next) => {
    if (!(request.url ?? "").startsWith(API_PREFIX)) {
      next();
      return;
    }
    const fetchRequest = toFetchRequest(request);
    if (fetchRequest === undefined) {
      plainProblem(response, 400, "The request target is not a valid URL path.");
      return;
    }
    shim(fetchRequest)
      .then((answer) => writeFetchResponse(response, answer))
      .catch((error: unknown) => failed(response, error, logError));
  };
}

/** What the shim would answer, for the few requests that never reach it. */
function plainProblem(response: NodeResponseLike, status: number, detail: string, headers: Record<string, string> = {}): void {
  const title = { 400: "Bad Request", 405: "Method Not Allowed", 500: "Internal Server Error" }[status] ?? "Error";
  const body = new TextEncoder().encode(JSON.stringify({ type: "about:blank", title, status, detail }));
  response.removeHeader("accept-ranges");
  response.writeHead(status, {
    ...headers,
    "Content-Type": PROBLEM_MEDIA_TYPE,
    "Content-Length": String(body.byteLength),
    "Cache-Control": "no-store",
    "Access-Control-Allow-Origin": "*",
  });
  response.end(body);
}
