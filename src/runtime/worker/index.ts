/**
 * The Workers entry: the same shim as everywhere, over the ASSETS binding,
 * with computed answers shared through the data center's cache. Only
 * `/api/*` reaches it (`run_worker_first` in the site's `wrangler.jsonc`, or
 * `_routes.json` on Pages); static files are served by the platform without
 * invoking the Worker.
 */
import { createShim, type FetchHandler, type RequestContext } from "../../shim/index.js";
import { type AssetsBinding, createAssetsReader } from "./assets-reader.js";
import { workersDefaultCache } from "./caches-default.js";
import { type EncodedSite, encodedSiteReader } from "./tiny-site.js";
import { holdForStartUpCollection, WARM_UP_ROUNDS, warmUp, warmUpScoring } from "./warm-up.js";

/** The tiny site's files, put here by tools/bundle-worker.ts (an esbuild define): this module runs only bundled. */
declare const TINY_SITE: EncodedSite;

export interface Env {
  readonly ASSETS: AssetsBinding;
}

// Created on the first request, not at startup: `env` only arrives with a request.
let shim: FetchHandler | undefined;

// The global scope runs when the isolate starts, outside any request's CPU time: the shim's
// request path is compiled there, on the tiny site in memory, and the loops that score many
// matches on made-up data, rather than by the first request (docs/BENCHMARKS.md measures what
// that saves); the isolate's first full garbage collection runs there too. It reads no file.
const letGo = holdForStartUpCollection();
void warmUp(encodedSiteReader(TINY_SITE), WARM_UP_ROUNDS).finally(letGo);
warmUpScoring();

export default {
  fetch(request: Request, env: Env, context: RequestContext): Promise<Response> {
    shim ??= createWorkerShim(env);
    return shim(request, context);
  },
};

function createWorkerShim(env: Env): FetchHandler {
  const edgeCache = workersDefaultCache();
  return createShim({ reader: createAssetsReader(env.ASSETS), ...(edgeCache === undefined ? {} : { edgeCache }) });
}
