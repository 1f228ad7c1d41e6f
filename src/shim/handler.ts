/**
 * The shim: a Fetch-API handler for `/api/*` that answers CONTRACT section 2
 * from a built site. It never imports a runtime: each runtime hands it a
 * `SiteReader` and passes it `Request`s.
 */
import { OPENAPI_MEDIA_TYPE, OPENAPI_PATH, PLUGINS_PATH, openApiDocument } from "./openapi.js";
import { isUnfiltered, parseQuery, queryKey, type CatalogQuery } from "../core/query.js";
import type { Catalog } from "./catalog.js";
import { answerQuery } from "./execute.js";
import type { SiteReader } from "./files.js";
import { ALLOWED_METHODS, API_CACHE_CONTROL, CORS_HEADERS, entityTag, isNotModified, preflightHeaders } from "./http.js";
import { CatalogUnavailable, HttpProblem, internalError, invalidParameters, problemBody } from "./problem.js";
import { CatalogSource } from "./source.js";

export { PLUGINS_PATH };

const encoder = new TextEncoder();

export interface ShimOptions {
  readonly reader: SiteReader;
  /** How long a read manifest is trusted before it is read again (default 5 s). */
  readonly manifestTtlMs?: number;
  /**
   * Bytes of plugin records kept in memory (default 24 MiB; a 10,000-plugin
   * catalog holds about 5 MB of them). Past it, the least recently used
   * shards are dropped and read again when needed.
   */
  readonly recordCacheBytes?: number;
  /** Where unexpected errors are reported (default: console.error). */
  readonly logError?: (error: unknown) => void;
  readonly now?: () => number;
}

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * @example
 * const shim = createShim({ reader: { read: (path) => files.get(path) ?? null } });
 * const response = await shim(new Request("http://x/api/plugins?q=charts"));
 */
export function createShim(options: ShimOptions): FetchHandler {
  const source = new CatalogSource(options.reader, options.manifestTtlMs ?? 5_000, options.now ?? Date.now, options.recordCacheBytes);
  const logError = options.logError ?? ((error: unknown) => console.error(error));
  return async (request) => {
    try {
      return await route(request, source);
    } catch (error) {
      if (error instanceof HttpProblem) return problemResponse(request, error);
      logError(error);
      return problemResponse(request, internalError());
    }
  };
}

async function route(request: Request, source: CatalogSource): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname !== PLUGINS_PATH && url.pathname !== OPENAPI_PATH) {
    throw new HttpProblem(404, `There is no API resource at ${url.pathname}; the API serves ${PLUGINS_PATH} and its description ${OPENAPI_PATH}.`);
  }
  switch (request.method) {
    case "GET":
    case "HEAD":
      break;
    case "OPTIONS":
      return new Response(null, { status: 204, headers: preflightHeaders(request) });
    default:
      throw new HttpProblem(405, `${request.method} is not allowed on ${url.pathname}; allowed: ${ALLOWED_METHODS}.`, {}, { Allow: ALLOWED_METHODS });
  }
  if (url.pathname === OPENAPI_PATH) return answerDocument(request);
  const parsed = parseQuery(url.searchParams);
  if (!parsed.ok) throw invalidParameters(parsed.problems);
  return answerFromCurrentBuild(request, parsed.query, source);
}

async function answerFromCurrentBuild(request: Request, query: CatalogQuery, source: CatalogSource): Promise<Response> {
  const catalog = await source.get();
  try {
    return await answer(request, query, catalog);
  } catch (error) {
    // A file of this build vanished: a newer build may have replaced it. Retry once on that build.
    if (!(error instanceof CatalogUnavailable)) throw error;
    const latest = await source.refresh();
    if (latest === catalog) throw error;
    return answer(request, query, latest);
  }
}

async function answer(request: Request, query: CatalogQuery, catalog: Catalog): Promise<Response> {
  const key = queryKey(query);
  const etag = entityTag(catalog.manifest.buildId, key);
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    "Cache-Control": API_CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": catalog.lastModified,
  };
  if (isNotModified(request, etag, catalog.lastModified)) return new Response(null, { status: 304, headers });
  // An unfiltered page is a slice of cached shards, cheaper to cut again than to keep:
  // caching every page/size/sort only churned the heap (measured). Searches and filters are cached.
  const body = isUnfiltered(query) ? await answerQuery(catalog, query) : await catalog.answers.get(key, () => answerQuery(catalog, query));
  return bytesResponse(request, 200, body, { ...headers, "Content-Type": "application/json; charset=utf-8" });
}

/** The document depends on code only: serialized and hashed once per isolate, on its first request. */
let servedDocument: Promise<{ readonly text: string; readonly etag: string }> | undefined;

async function answerDocument(request: Request): Promise<Response> {
  servedDocument ??= (async () => {
    const text = JSON.stringify(openApiDocument());
    return { text, etag: entityTag("openapi", text) };
  })();
  const { text, etag } = await servedDocument;
  const headers = { ...CORS_HEADERS, "Cache-Control": API_CACHE_CONTROL, ETag: etag };
  // No Last-Modified (the document has no date of its own), so only If-None-Match can match.
  if (isNotModified(request, etag, "")) return new Response(null, { status: 304, headers });
  return textResponse(request, 200, text, { ...headers, "Content-Type": OPENAPI_MEDIA_TYPE });
}

function problemResponse(request: Request, problem: HttpProblem): Response {
  const headers = { ...CORS_HEADERS, ...problem.headers, "Content-Type": "application/problem+json", "Cache-Control": "no-store" };
  return textResponse(request, problem.status, problemBody(problem), headers);
}

function textResponse(request: Request, status: number, body: string, headers: Record<string, string>): Response {
  return bytesResponse(request, status, encoder.encode(body), headers);
}

/** HEAD gets GET's headers, Content-Length included, and no body. */
function bytesResponse(request: Request, status: number, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  const all = { ...headers, "Content-Length": String(bytes.byteLength) };
  return new Response(request.method === "HEAD" ? null : bytes, { status, headers: all });
}
