/**
 * The shim: a Fetch-API handler for `/api/*` that answers the API
 * (docs/API.md) from a built site. It never imports a runtime: each runtime
 * hands it a `SiteReader` and passes it `Request`s.
 */

import {
  FACETS_PATH,
  JSON_MEDIA_TYPE,
  OPENAPI_MEDIA_TYPE,
  OPENAPI_PATH,
  PLUGIN_PATH_TEMPLATE,
  PLUGINS_PATH,
  PROBLEM_MEDIA_TYPE,
} from "../core/routes.js";
import type { Catalog } from "./catalog.js";
import { type CachedBodies, type EdgeCache, edgeCachedBodies, type RequestContext } from "./edge-cache.js";
import { CATALOG_ENDPOINTS, type CatalogAnswer, endpointAt } from "./endpoints.js";
import { ALLOWED_METHODS, API_CACHE_CONTROL, CORS_HEADERS, entityTag, isNotModified, preflightHeaders } from "./http.js";
import { CatalogUnavailable, HttpProblem, internalError, problemBody } from "./problem.js";
import type { SiteReader } from "./site-reader.js";
import { CatalogSource } from "./source.js";

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
  /**
   * With a page of a search or filter, also read the records of its next page (default false): in the same reads, so
   * that paging on costs no read. For a browser (`catalog/client.js`), where each read costs the page's thread a
   * millisecond or more whatever its size; not at the edge, where the next page is rarely asked of the same isolate.
   */
  readonly readAhead?: boolean;
  /**
   * Read each build's sort orders, filter packs and records into memory in the background, from the end of the
   * first request that opened it (default false). For a long-lived server: later answers, on queries never seen
   * before too, are computed from memory. Not at the edge, where an isolate would spend CPU on files it never needs.
   */
  readonly preload?: boolean;
  /**
   * Hand each body to its `Response` as a one-chunk stream instead of bytes (default false). Node's `Response` copies
   * a byte body when it is built and passes a stream's chunk on as it is, so a Node server that writes the chunk out
   * allocates an answer's bytes once. Workers keep byte bodies: their runtime knows a byte body's length itself.
   */
  readonly streamBodies?: boolean;
  /** Where unexpected errors are reported (default: console.error). */
  readonly logError?: (error: unknown) => void;
  readonly now?: () => number;
  /**
   * A cache shared beyond this isolate (on Workers, `caches.default`) for the
   * computed 200 answers, keyed by build and normalized query. Absent: none.
   */
  readonly edgeCache?: EdgeCache;
}

/** `context` lets an edge-cache write outlive the response (Workers pass their `ctx`). */
export type FetchHandler = (request: Request, context?: RequestContext) => Promise<Response>;

/**
 * @example
 * const shim = createShim({ reader: { read: (path) => files.get(path) ?? null } });
 * const response = await shim(new Request("http://x/api/plugins?q=charts"));
 */
export function createShim(options: ShimOptions): FetchHandler {
  const source = new CatalogSource(options.reader, options.manifestTtlMs ?? 5_000, options.now ?? Date.now, {
    ...(options.recordCacheBytes === undefined ? {} : { recordCacheBytes: options.recordCacheBytes }),
    readAhead: options.readAhead === true,
  });
  const logError = options.logError ?? ((error: unknown) => console.error(error));
  const respond = responder(options.streamBodies === true);
  return async (request, context) => {
    try {
      return respond(await route(request, source, edgeCachedBodies(options.edgeCache, context, logError)));
    } catch (error) {
      if (error instanceof HttpProblem) return respond(problemReply(request, error));
      logError(error);
      return respond(problemReply(request, internalError()));
    } finally {
      if (options.preload === true) source.preloadCurrent();
    }
  };
}

/** Answers worth sharing: computed per query. Status and the whole catalog are file reads. */
const EDGE_CACHED_PATHS: ReadonlySet<string> = new Set([PLUGINS_PATH, FACETS_PATH]);

const SERVED_PATHS = `${[...CATALOG_ENDPOINTS.keys(), PLUGIN_PATH_TEMPLATE].join(", ")} and its description ${OPENAPI_PATH}`;

/** A response before it is one: the handler's parts build these, and `createShim` turns each into a `Response`. */
interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array<ArrayBuffer> | null;
}

function responder(streamBodies: boolean): (reply: Reply) => Response {
  const bodyOf = streamBodies ? oneChunkStream : (bytes: Uint8Array<ArrayBuffer>) => bytes;
  return ({ status, headers, body }) => new Response(body === null ? null : bodyOf(body), { status, headers });
}

/** Not a byte stream: a byte stream's reader would detach the chunk's buffer, and answers cached here share theirs. */
function oneChunkStream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

async function route(request: Request, source: CatalogSource, cached: CachedBodies): Promise<Reply> {
  const url = new URL(request.url);
  const endpoint = endpointAt(url.pathname);
  if (endpoint === undefined && url.pathname !== OPENAPI_PATH) {
    throw new HttpProblem(404, `There is no API resource at ${url.pathname}; the API serves ${SERVED_PATHS}.`);
  }
  switch (request.method) {
    case "GET":
    case "HEAD":
      break;
    case "OPTIONS":
      return { status: 204, headers: preflightHeaders(request), body: null };
    default:
      throw new HttpProblem(
        405,
        `${request.method} is not allowed on ${url.pathname}; allowed: ${ALLOWED_METHODS}.`,
        {},
        { Allow: ALLOWED_METHODS },
      );
  }
  if (endpoint === undefined) return fromCurrentBuild(source, (catalog) => answerDocument(request, catalog));
  // Parameters are checked before the catalog is read: a bad query gets its 400 even while the catalog is unavailable.
  const wanted = endpoint(url.searchParams);
  const bodies: CachedBodies = EDGE_CACHED_PATHS.has(url.pathname) ? cached : (_key, compute) => compute();
  return fromCurrentBuild(source, (catalog) => answer(request, url, wanted, catalog, bodies)).catch((error: unknown) => {
    // A parameter checked against the catalog (`compat`) could not be: the others' problems still get their 400.
    throw error instanceof CatalogUnavailable && wanted.refusal !== undefined ? wanted.refusal : error;
  });
}

async function fromCurrentBuild(source: CatalogSource, answerFrom: (catalog: Catalog) => Promise<Reply>): Promise<Reply> {
  const catalog = await source.get();
  try {
    return await answerFrom(catalog);
  } catch (error) {
    // A file of this build vanished: a newer build may have replaced it. Retry once on that build.
    if (!(error instanceof CatalogUnavailable)) throw error;
    const latest = await source.refresh();
    if (latest === catalog) throw error;
    return answerFrom(latest);
  }
}

async function answer(request: Request, url: URL, wanted: CatalogAnswer, catalog: Catalog, cached: CachedBodies): Promise<Reply> {
  const answerKey = await wanted.key(catalog);
  const found = wanted.lookedUpFirst === true ? await wanted.body(catalog) : undefined;
  const etag = entityTag(catalog.manifest.buildId, answerKey);
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    "Cache-Control": API_CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": catalog.lastModified,
  };
  if (isNotModified(request, etag, catalog.lastModified)) return { status: 304, headers, body: null };
  const edgeKey = { url, buildId: catalog.manifest.buildId, answerKey };
  // An answer this isolate holds already is cheaper than the edge cache's round trip.
  const body = found ?? catalog.answers.known(answerKey) ?? (await cached(edgeKey, () => wanted.body(catalog)));
  headers["Content-Type"] = JSON_MEDIA_TYPE;
  return bytesReply(request, 200, body, headers);
}

/** The OpenAPI document as the build wrote it into the site (site/openapi-document.ts). */
async function answerDocument(request: Request, catalog: Catalog): Promise<Reply> {
  const { bytes, etag } = await catalog.openApiDocument();
  const headers = { ...CORS_HEADERS, "Cache-Control": API_CACHE_CONTROL, ETag: etag };
  // No Last-Modified (the document has no date of its own), so only If-None-Match can match.
  if (isNotModified(request, etag, "")) return { status: 304, headers, body: null };
  return bytesReply(request, 200, bytes, { ...headers, "Content-Type": OPENAPI_MEDIA_TYPE });
}

function problemReply(request: Request, problem: HttpProblem): Reply {
  const headers = { ...CORS_HEADERS, ...problem.headers, "Content-Type": PROBLEM_MEDIA_TYPE, "Cache-Control": "no-store" };
  return textReply(request, problem.status, problemBody(problem), headers);
}

function textReply(request: Request, status: number, body: string, headers: Record<string, string>): Reply {
  return bytesReply(request, status, encoder.encode(body), headers);
}

/** HEAD gets GET's headers, Content-Length included, and no body. `headers`: the caller's own, completed here. */
function bytesReply(request: Request, status: number, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Reply {
  headers["Content-Length"] = String(bytes.byteLength);
  return { status, headers, body: request.method === "HEAD" ? null : bytes };
}
