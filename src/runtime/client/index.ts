/**
 * `catalog/client.js`: the API computed where it is called, from the files
 * of a site on any static host (GitHub Pages, a bucket, a CDN without
 * compute). The same shim as on every runtime, over a reader that fetches
 * the site's files; bundled into one self-contained ES module by
 * `npm run build:ts` and copied into every site. In a page, the shim runs in
 * a worker of its own where the page allows one (`worker-channel.ts`).
 */
import { createShim } from "../../shim/handler.js";
import { createHttpReader } from "./http-reader.js";
import { apiRequest, siteRoot } from "./paths.js";
import { answerInThisWorker, shimInWorker } from "./worker-channel.js";

/** What `openCatalog` resolves to: a `fetch` for the API's paths. */
export interface ClientCatalog {
  /**
   * The API's answer to a request, as the HTTP API gives it at the same
   * build: status, headers and body bytes, errors included.
   *
   * @param input a path of the API (`/api/plugins?q=chart`, also without the leading `/`), or a URL or `Request`
   *   whose path is one, or is one under the site's path (`https://owner.github.io/repo/api/status`).
   * @param init as the global `fetch` takes it: `method` and `headers` (`If-None-Match`) count; no body is read.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

export interface OpenOptions {
  /**
   * Whether the shim may run in a worker of its own (default true). It does where the runtime has `Worker` and the
   * page may start one from `client.js` (same origin, a Content-Security-Policy that allows it); elsewhere, and with
   * false, it runs on the calling thread. The answers are the same either way.
   */
  readonly worker?: boolean;
}

/**
 * Records kept in memory across answers, at most: a 10,000-plugin catalog
 * holds about 5 MB of them; a page keeps what it browses within this.
 */
const RECORD_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * @param siteUrl the site's root URL, its path included (`https://owner.github.io/repo/`); a missing final `/` is
 *   added. In a page, relative to the page.
 * @example
 * const catalog = await openCatalog("https://owner.github.io/repo/");
 * const { total, plugins } = await (await catalog.fetch("/api/plugins?q=chart")).json();
 */
export async function openCatalog(siteUrl: string | URL, { worker = true }: OpenOptions = {}): Promise<ClientCatalog> {
  const root = siteRoot(siteUrl);
  const shim = (worker ? await shimInWorker(import.meta.url, root, () => shimFor(root)) : undefined) ?? shimFor(root);
  return { fetch: (input, init) => shim(apiRequest(root, input, init)) };
}

function shimFor(root: URL): (request: Request) => Promise<Response> {
  return createShim({ reader: createHttpReader(root), recordCacheBytes: RECORD_CACHE_BYTES, readAhead: true });
}

answerInThisWorker(shimFor);
