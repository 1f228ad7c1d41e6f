/**
 * Conditional GET (RFC 9110 §13): `If-None-Match` against the current ETag, weak
 * comparison as caches use it, `*` matching anything; `If-Modified-Since` only when no
 * `If-None-Match` was sent. A match answers 304 with the validators and no body.
 */
import type { FakeRequest, FakeResponse } from "./server.js";

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, "");
}

function unchanged(req: FakeRequest, etag: string, lastModified: string | undefined): boolean {
  const inm = req.headers["if-none-match"];
  if (inm !== undefined) return inm.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
  const ims = req.headers["if-modified-since"];
  if (ims === undefined || lastModified === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

/**
 * `build()`'s response with `ETag`/`Last-Modified`, or a 304 without calling `build` at all.
 * @example conditional(req, '"3-abc"', undefined, () => ({ status: 200, body: "{}" }))
 */
export function conditional(req: FakeRequest, etag: string, lastModified: string | undefined, build: () => FakeResponse): FakeResponse {
  const validators: Record<string, string> = { etag };
  if (lastModified) validators["last-modified"] = new Date(lastModified).toUTCString();
  if (unchanged(req, etag, validators["last-modified"])) return { status: 304, headers: validators };
  const response = build();
  return { ...response, headers: { ...response.headers, ...validators } };
}
