/**
 * The one bridge between Node's HTTP objects and the Fetch API, so the shim
 * never sees `node:http`. It accepts Node's own request/response and the
 * look-alikes that http-server's middleware chain passes around.
 */
import type { IncomingHttpHeaders } from "node:http";

export interface NodeRequestLike {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  removeHeader(name: string): unknown;
  end(body?: Uint8Array): unknown;
}

/**
 * Every answer is built from the request's path and query alone, so the origin is fixed: the `Host` header is
 * whatever a client wrote (empty, `a b`, `[::1`), and `new URL()` throws on most of that.
 */
const BRIDGE_ORIGIN = "http://localhost";

/**
 * The request target's path and query (`/api/plugins?q=x`): origin-form as it is, absolute-form (`http://h/p?q`,
 * which HTTP/1.1 servers must accept) reduced to its path; undefined for anything else (`*`, authority-form, junk).
 */
export function targetPath(target: string | undefined): string | undefined {
  if (target === undefined || target === "") return "/";
  if (target.startsWith("/")) return target.startsWith("//") ? undefined : target;
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/** Undefined when the request target is no path (see `targetPath`) or has characters no URL can hold. */
export function toFetchRequest(request: NodeRequestLike): Request | undefined {
  const path = targetPath(request.url);
  if (path === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(path, BRIDGE_ORIGIN);
  } catch {
    return undefined;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, item);
      } catch {
        // A value the Fetch API refuses (Node's parser lets some through): the API reads no header it could be.
      }
    }
  }
  // The API reads no request bodies, so none is forwarded; a method the Fetch API refuses becomes one the shim
  // answers 405 for, as it does every method but GET, HEAD and OPTIONS.
  const method = request.method ?? "GET";
  try {
    return new Request(url, { method, headers });
  } catch {
    return new Request(url, { method: "PATCH", headers });
  }
}

export async function writeFetchResponse(target: NodeResponseLike, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Set by http-server for its static files; it does not hold for API answers.
  target.removeHeader("accept-ranges");
  target.writeHead(response.status, headers);
  target.end(await bodyBytes(response));
}

/**
 * A response's body as it is sent: a body of one chunk (the shim's, as `serverShim` builds them) is that chunk, not a
 * copy; `arrayBuffer()` would copy it twice more.
 */
export async function bodyBytes(response: Response): Promise<Uint8Array | undefined> {
  if (response.body === null) return undefined;
  const chunks: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}
