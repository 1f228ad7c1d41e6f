/**
 * The Workers entry: the same shim as everywhere, over the ASSETS binding.
 * Only `/api/*` reaches it (the site's `_routes.json`); static files are
 * served by the platform without invoking the Worker.
 */
import { createShim, type FetchHandler } from "../../shim/index.js";
import { createAssetsReader, type AssetsBinding } from "./assets-reader.js";

export interface Env {
  readonly ASSETS: AssetsBinding;
}

// Created on the first request, not at startup: global-scope work counts
// against the Worker's startup limit, and `env` only arrives with a request.
let shim: FetchHandler | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    shim ??= createShim({ reader: createAssetsReader(env.ASSETS) });
    return shim(request);
  },
};
