/**
 * Computed answers kept in a cache shared by every isolate of a data center
 * (on Cloudflare, the Workers Cache API's `caches.default`), so a query asked
 * again there costs a cache lookup instead of reading and computing. The
 * shim only sees this interface; each runtime decides whether it has one.
 */
import { JSON_MEDIA_TYPE } from "../core/routes.js";

/** What the shim needs of a cache: the Workers Cache API and the browsers' `Cache` both fit. */
export interface EdgeCache {
  match(key: Request): Promise<Response | undefined>;
  put(key: Request, response: Response): Promise<void>;
}

/** Lets a write finish after the response has gone out (Workers' `ExecutionContext`). */
export interface RequestContext {
  waitUntil(promise: Promise<unknown>): void;
}

export type AnswerBytes = Uint8Array<ArrayBuffer>;

/** The body for one key: from the cache, or computed (and then stored). */
export type CachedBodies = (key: EdgeCacheKey, compute: () => Promise<AnswerBytes>) => Promise<AnswerBytes>;

export interface EdgeCacheKey {
  /** The request's URL: its origin and path go into the entry's URL. */
  readonly url: URL;
  readonly buildId: string;
  /** The effective query, normalized (`queryKey`): what the ETag hashes. */
  readonly answerKey: string;
}

/**
 * How long an entry lives. An entry never goes stale (a new build is a new
 * key), so it may live as long as a build does: a day. The cache may evict
 * it sooner; clients still get the API's own Cache-Control.
 */
const ENTRY_MAX_AGE_SECONDS = 86_400;

export function edgeCachedBodies(
  cache: EdgeCache | undefined,
  context: RequestContext | undefined,
  logError: (error: unknown) => void,
): CachedBodies {
  if (cache === undefined) return (_key, compute) => compute();
  return async (key, compute) => {
    if (!isUnambiguous(key.url.searchParams)) return compute();
    const request = new Request(entryUrl(key));
    const cached = await lookUp(cache, request, logError);
    if (cached !== undefined) return cached;
    const body = await compute();
    const stored = store(cache, request, body, logError);
    if (context === undefined) await stored;
    else context.waitUntil(stored);
    return body;
  };
}

/**
 * The entry's URL: the request's own origin (Cloudflare advises against other
 * hostnames in cache keys), a path no client request uses, the build, and the
 * normalized query, so parameter order, empty and unknown parameters, and
 * spellings that mean the same query all share one entry.
 */
export function entryUrl(key: EdgeCacheKey): string {
  return `${key.url.origin}/.edge-cache/${encodeURIComponent(key.buildId)}${key.url.pathname}?${encodeURIComponent(key.answerKey)}`;
}

/**
 * A query key joins `name=value` parts with `&`, so a `category` or `author`
 * that itself contains `&` could spell another query's key. Such queries are
 * never shared through the cache: one client must not choose what another gets.
 */
function isUnambiguous(params: URLSearchParams): boolean {
  return !["category", "author"].some((name) => params.getAll(name).some((value) => value.includes("&")));
}

/** A broken cache costs the computation, never the answer. */
async function lookUp(cache: EdgeCache, request: Request, logError: (error: unknown) => void): Promise<AnswerBytes | undefined> {
  try {
    const response = await cache.match(request);
    return response === undefined ? undefined : new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    logError(error);
    return undefined;
  }
}

async function store(cache: EdgeCache, request: Request, body: AnswerBytes, logError: (error: unknown) => void): Promise<void> {
  const headers = { "Content-Type": JSON_MEDIA_TYPE, "Cache-Control": `public, max-age=${ENTRY_MAX_AGE_SECONDS}` };
  try {
    await cache.put(request, new Response(body, { headers }));
  } catch (error) {
    logError(error);
  }
}
