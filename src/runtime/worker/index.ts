/**
 * The Workers entry: the same shim as everywhere, over the ASSETS binding,
 * with computed answers shared through the data center's cache. Only
 * `/api/*` reaches it (`run_worker_first` in the site's `wrangler.jsonc`, or
 * `_routes.json` on Pages); static files are served by the platform without
 * invoking the Worker.
 */
import { createShim, type FetchHandler, type RequestContext, warmUp } from "../../shim/index.js";
import { type AssetsBinding, createAssetsReader } from "./assets-reader.js";
import { workersDefaultCache } from "./edge-cache.js";

export interface Env {
  readonly ASSETS: AssetsBinding;
}

// Created on the first request, not at startup: `env` only arrives with a request.
let shim: FetchHandler | undefined;

// The global scope runs when the isolate starts, outside any request's CPU time: the shim's
// request path is compiled there, on a tiny site in memory, rather than by the first request
// (measured in workerd at 10,000 plugins: 2–8 ms less CPU at the median on a new isolate's first
// answer; the warm-up itself takes a few milliseconds of the startup budget and reads no file).
void warmUp();

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
