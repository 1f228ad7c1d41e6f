/** The shim's public surface: what a runtime adapter needs, nothing more. */

export type { EdgeCache, RequestContext } from "./edge-cache.js";
export type { SiteReader } from "./files.js";
export { createShim, type FetchHandler, PLUGINS_PATH, type ShimOptions } from "./handler.js";
export { STATUS_PATH } from "./openapi.js";
export { warmUp } from "./warm-up.js";
