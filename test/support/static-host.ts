/**
 * A host of static files and nothing else, as GitHub Pages or a bucket is:
 * a site directory served under a path (`/some/path/`), GET and HEAD only,
 * a plain 404 for every other path (there is no `/api`). Like GitHub Pages,
 * it sends `Cache-Control: max-age=600`, an ETag (and answers 304 to it) and
 * `Access-Control-Allow-Origin: *`. It logs what it serves, and the directory
 * it serves from can change between two requests (a deploy).
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, resolve, sep } from "node:path";

export interface StaticHost {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The site's root URL: the origin and the path, ending in `/`. */
  readonly siteUrl: string;
  /** Each request's path (the host's own, prefix included) and headers, in order, with the status and body bytes sent. */
  readonly served: Served[];
  close(): Promise<void>;
}

export interface Served {
  readonly path: string;
  readonly status: number;
  readonly bytes: number;
  readonly headers: IncomingHttpHeaders;
}

export interface StaticHostOptions {
  /** The path the site is served under (default `/some/path/`). */
  readonly prefix?: string;
  /** The directory each request is served from, given how many requests came before it (default: `dir` always). */
  readonly dirFor?: (requestIndex: number) => string;
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};

export async function startStaticHost(dir: string, options: StaticHostOptions = {}): Promise<StaticHost> {
  const prefix = options.prefix ?? "/some/path/";
  const dirFor = options.dirFor ?? (() => dir);
  const served: Served[] = [];
  let requests = 0;
  const server = createServer((request, response) => {
    const root = dirFor(requests++);
    // Logged as it arrives; the status and size are filled in as the head is written, before any body byte.
    const entry = { path: request.url ?? "", status: 0, bytes: 0, headers: request.headers };
    served.push(entry);
    void answer(root, prefix, request, response, entry).catch(() => response.destroy());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    siteUrl: `${origin}${prefix}`,
    served,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function answer(
  root: string,
  prefix: string,
  request: IncomingMessage,
  response: ServerResponse,
  sent: { status: number; bytes: number },
): Promise<void> {
  const head = request.method === "HEAD";
  const reply = (status: number, headers: Record<string, string> = {}, body = "") => {
    Object.assign(sent, { status, bytes: head ? 0 : Buffer.byteLength(body) });
    response.writeHead(status, { "Access-Control-Allow-Origin": "*", ...headers });
    response.end(head ? undefined : body);
  };
  if (request.method !== "GET" && request.method !== "HEAD") return reply(405, { Allow: "GET, HEAD" });
  const { pathname } = new URL(request.url ?? "/", "http://host");
  if (`${pathname}/` === prefix) return reply(301, { Location: prefix });
  if (!pathname.startsWith(prefix)) return reply(404, { "Content-Type": "text/html" }, "<h1>404</h1>");
  const base = resolve(root);
  let file = resolve(base, `.${decodeURIComponent(pathname.slice(prefix.length - 1))}`);
  if (file !== base && !file.startsWith(base + sep)) return reply(404, {}, "");
  let info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) {
    file = resolve(file, "index.html");
    info = await stat(file).catch(() => undefined);
  }
  if (info === undefined || !info.isFile()) return reply(404, { "Content-Type": "text/html" }, "<h1>404</h1>");
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = { "Cache-Control": "max-age=600", ETag: etag, "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" };
  if (request.headers["if-none-match"] === etag) return reply(304, headers);
  Object.assign(sent, { status: 200, bytes: head ? 0 : info.size });
  response.writeHead(200, { "Access-Control-Allow-Origin": "*", ...headers, "Content-Length": String(info.size) });
  if (head) response.end();
  else await new Promise<void>((done, fail) => createReadStream(file).on("error", fail).pipe(response).on("finish", done));
}
