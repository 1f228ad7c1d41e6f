/**
 * The Workers entry: the same shim as everywhere, over the ASSETS binding,
 * with computed answers shared through the data center's cache. Only
 * `/api/*` reaches it (`run_worker_first` in the site's `wrangler.jsonc`, or
 * `_routes.json` on Pages); static files are served by the platform without
 * invoking the Worker.
 */
import { createShim, type FetchHandler, type RequestContext } from "../../shim/index.js";
import { type AssetsBinding, createAssetsReader } from "./assets-reader.js";
import { workersDefaultCache } from "./edge-cache.js";

export interface Env {
  readonly ASSETS: AssetsBinding;
}

// Created on the first request, not at startup: global-scope work counts
// against the Worker's startup limit, and `env` only arrives with a request.
let shim: FetchHandler | undefined;

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
