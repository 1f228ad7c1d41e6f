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

export function toFetchRequest(request: NodeRequestLike, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // The API reads no request bodies, so none is forwarded.
  return new Request(new URL(request.url ?? "/", origin), { method: request.method ?? "GET", headers });
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
