/**
 * The API's paths and the media types of its answers, named once: the shim's
 * handler and endpoints, the edge cache, the runtimes and the OpenAPI
 * document all take them from here, so none of them can spell one otherwise.
 */

/** Every path of the API starts with this; other paths are the site's static files. */
export const API_PREFIX = "/api/";

export const PLUGINS_PATH = "/api/plugins";
/** One plugin in full: this, then its slug (percent-encoded or not), and nothing after it. */
export const PLUGIN_PATH_PREFIX = "/api/plugins/";
/** The same path as the OpenAPI document names it. */
export const PLUGIN_PATH_TEMPLATE = "/api/plugins/{slug}";
export const FACETS_PATH = "/api/facets";
export const STATUS_PATH = "/api/status";
export const WHOLE_CATALOG_PATH = "/api/catalog.json";
export const OPENAPI_PATH = "/api/openapi.json";

/** Every 200 of the catalog's endpoints. */
export const JSON_MEDIA_TYPE = "application/json; charset=utf-8";
/** Every error (RFC 9457). */
export const PROBLEM_MEDIA_TYPE = "application/problem+json";
/** The registered type of an OpenAPI document (IANA, vendor tree), with the spec's major.minor. */
export const OPENAPI_MEDIA_TYPE = "application/vnd.oai.openapi+json;version=3.1";
