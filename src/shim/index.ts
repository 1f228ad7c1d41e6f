/** The shim's public surface: what a runtime adapter needs, nothing more. */

export { PLUGINS_PATH, STATUS_PATH } from "../core/routes.js";
export type { EdgeCache, RequestContext } from "./edge-cache.js";
export { createShim, type FetchHandler, type ShimOptions } from "./handler.js";
export type { SiteReader } from "./site-reader.js";
