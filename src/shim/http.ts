/** HTTP details of the API's responses: caching, validators, CORS. */
import { hash64 } from "../core/hash.js";

/**
 * Browsers and CDNs may cache an answer for 5 minutes and serve it stale for
 * 5 more while revalidating: with the shim's manifest TTL, no cache serves a
 * previous catalog for more than about 11 minutes after a new one is live
 * (the contract allows one hour).
 */
export const API_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=300";
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Last-Modified, Retry-After",
};

export function preflightHeaders(request: Request): Record<string, string> {
  return {
    ...CORS_HEADERS,
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
    "Access-Control-Allow-Headers": request.headers.get("Access-Control-Request-Headers") ?? "Accept, If-None-Match, If-Modified-Since",
    "Access-Control-Max-Age": "86400",
    Allow: ALLOWED_METHODS,
    Vary: "Access-Control-Request-Headers",
  };
}

/** A strong validator for one effective query against one build. */
export function entityTag(buildId: string, queryKey: string): string {
  return `"${buildId}-${hash64(queryKey)}"`;
}

/** RFC 9110 §13.1.2/§13.1.3: If-None-Match (weak comparison) wins over If-Modified-Since. */
export function isNotModified(request: Request, etag: string, lastModified: string): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    return ifNoneMatch.split(",").some((tag) => {
      const trimmed = tag.trim();
      return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
    });
  }
  const ifModifiedSince = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return !Number.isNaN(ifModifiedSince) && Date.parse(lastModified) <= ifModifiedSince;
}
