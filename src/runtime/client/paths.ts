/**
 * Where the client's requests point: the site's root from the URL it was
 * opened with, and each request's path as the API's own, the site's path
 * taken off, so that a site under `/repo/` answers `/api/plugins` as a site
 * at the root does.
 */

/** The origin of the requests handed to the shim: it only reads their path, query, method and headers. */
const SHIM_ORIGIN = "http://catalog.invalid";

export function siteRoot(siteUrl: string | URL): URL {
  const root = new URL(siteUrl, (globalThis as { location?: { href: string } }).location?.href);
  root.search = "";
  root.hash = "";
  if (!root.pathname.endsWith("/")) root.pathname += "/";
  return root;
}

/** The request as the shim sees it: its path made the API's own (the site's path taken off). */
export function apiRequest(root: URL, input: string | URL | Request, init?: RequestInit): Request {
  // A path string is the site's: "/api/status" is `<root>api/status`, as are "api/status" and a full URL under root.
  const given = new Request(typeof input === "string" ? new URL(input.replace(/^\/(?!\/)/, ""), root) : input, init);
  const url = new URL(given.url);
  const underRoot = url.origin === root.origin && url.pathname.startsWith(root.pathname);
  const forShim = new URL(SHIM_ORIGIN);
  forShim.pathname = underRoot ? url.pathname.slice(root.pathname.length - 1) : url.pathname;
  forShim.search = url.search;
  return new Request(forShim, { method: given.method, headers: given.headers });
}
