/** The shim's public surface: what a runtime adapter needs, nothing more. */
export { createShim, PLUGINS_PATH, type FetchHandler, type ShimOptions } from "./handler.js";
export type { EdgeCache, RequestContext } from "./edge-cache.js";
export type { SiteReader } from "./files.js";
