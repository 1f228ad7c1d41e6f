/**
 * The OpenAPI 3.1 description of the HTTP API (docs/API.md). Query
 * parameters come from `PARAMETERS`, the table the shim's validation reads,
 * and the page bounds from the same specs, so the document cannot disagree
 * with what the shim accepts. It depends on code only, yet the build writes
 * it into every site as a data file (`SiteManifest.openapi`) and the shim
 * serves that file's bytes: no runtime bundle carries the document or the
 * code that makes it.
 */
import type { CategoryCount, FacetCounts } from "../core/facets-body.js";
import type { PluginPage } from "../core/page-body.js";
import { acceptedValues, FILTER_PARAMETERS, MAX_TEXT_LENGTH, PARAMETERS, type ParameterSpec } from "../core/parameters.js";
import type { Plugin } from "../core/plugin.js";
import {
  FACETS_PATH,
  JSON_MEDIA_TYPE,
  OPENAPI_MEDIA_TYPE,
  OPENAPI_PATH,
  PLUGINS_PATH,
  PROBLEM_MEDIA_TYPE,
  STATUS_PATH,
  WHOLE_CATALOG_PATH,
} from "../core/routes.js";
import { type CatalogStatus, type SourceStatus, STATUS_SOURCES } from "../core/status-body.js";

/** The version of the HTTP interface (not of the npm package): the major when it changes incompatibly, the minor when it grows. */
export const API_VERSION = "1.2.0";

export type SchemaObject = { readonly [keyword: string]: unknown };
export type Reference = { readonly $ref: string };
export interface HeaderObject {
  readonly description: string;
  readonly required: boolean;
  readonly schema: SchemaObject;
}
export interface MediaTypeObject {
  readonly schema: SchemaObject;
}
export interface ResponseObject {
  readonly description: string;
  readonly headers?: Readonly<Record<string, Reference>>;
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}
export interface ParameterObject {
  readonly name: string;
  readonly in: "query";
  readonly required: false;
  readonly description: string;
  readonly schema: SchemaObject;
}
export interface Operation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly parameters?: readonly Reference[];
  readonly responses: Readonly<Record<string, ResponseObject>>;
}
export interface PathItem {
  readonly get: Operation;
  readonly head: Operation;
  readonly options: Operation;
}
export interface OpenApiDocument {
  readonly openapi: string;
  readonly jsonSchemaDialect: string;
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly description: string;
    readonly license: { readonly name: string; readonly identifier: string };
  };
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Readonly<Record<string, PathItem>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, SchemaObject>>;
    readonly parameters: Readonly<Record<string, ParameterObject>>;
    readonly headers: Readonly<Record<string, HeaderObject>>;
    /** `NotFound` and `MethodNotAllowed` answer requests that `paths` cannot name (any other path, any other method). */
    readonly responses: Readonly<Record<"NotFound" | "MethodNotAllowed", ResponseObject>>;
  };
}

const ref = (kind: "schemas" | "parameters" | "headers", name: string): Reference => ({ $ref: `#/components/${kind}/${name}` });
const spec = (name: string): ParameterSpec => {
  const found: ParameterSpec | undefined = PARAMETERS.find((p) => p.name === name);
  if (found === undefined) throw new Error(`no parameter ${name} in PARAMETERS`);
  return found;
};
const bounds = (name: string): { minimum: number; maximum: number } => {
  const s = spec(name);
  if (s.kind !== "integer") throw new Error(`parameter ${name} is not an integer`);
  return { minimum: s.min, maximum: s.max };
};

const EMPTY_IS_ABSENT = "An empty value is the same as an absent parameter; giving it twice is an error.";

/** `page` and `per_page` arrive as text but mean integers: generators get `integer` with bounds, readers the digit rule. */
export function parameterObject(p: ParameterSpec): ParameterObject {
  const accepted = `Accepted: ${acceptedValues(p)}.`;
  switch (p.kind) {
    case "text":
      return {
        name: p.name,
        in: "query",
        required: false,
        description: `${p.description} ${accepted} Length counts Unicode code points. ${EMPTY_IS_ABSENT}`,
        schema: { type: "string", maxLength: MAX_TEXT_LENGTH },
      };
    case "enum":
      return {
        name: p.name,
        in: "query",
        required: false,
        description: `${p.description} ${accepted} ${EMPTY_IS_ABSENT}`,
        schema: { type: "string", enum: [...p.values], ...(p.default === undefined ? {} : { default: p.default }) },
      };
    case "integer":
      return {
        name: p.name,
        in: "query",
        required: false,
        description: `${p.description} ${accepted} Only decimal digits are accepted: no sign, decimal point, exponent or spaces. ${EMPTY_IS_ABSENT}`,
        schema: { type: "integer", minimum: p.min, maximum: p.max, default: p.default },
      };
    case "version":
      return {
        name: p.name,
        in: "query",
        required: false,
        description: `${p.description} Accepted: ${acceptedValues(p)}, exactly as written (no leading v). Anything else, and any value when the catalog names no host, is a 400 whose message names the host and its latest version. ${EMPTY_IS_ABSENT}`,
        schema: { type: "string" },
      };
  }
}

const TIMESTAMP = { type: "string", format: "date-time", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$" };
const COUNT = { type: "integer", minimum: 0 };

/** Typed against `Plugin`, so a key added to or missing from the record fails to compile; listed in the wire order. */
const PLUGIN_PROPERTIES = {
  slug: { type: "string", pattern: "^[a-z0-9._~-]+$", description: "URL-safe id, unique in the catalog, stable from day to day." },
  npmName: { type: "string", minLength: 1, description: "The package name in the npm registry." },
  name: { type: "string", minLength: 1, description: "Display name." },
  description: { type: "string", description: "Short text; empty when the package has none." },
  version: { type: "string", minLength: 1, description: "The latest dist-tag." },
  license: { type: "string", description: "License expression; empty when none is declared." },
  homepage: {
    type: ["string", "null"],
    pattern: "^[Hh][Tt][Tt][Pp][Ss]?://\\S+$",
    description: "An http(s) URL, or null when the plugin has none.",
  },
  totalStars: { ...COUNT, description: "Stars summed over all source mirrors." },
  totalForks: { ...COUNT, description: "Forks summed over all source mirrors." },
  hasWebUi: { type: "boolean", description: "The plugin has a web UI." },
  publishedAt: { ...TIMESTAMP, description: "First publication, UTC with milliseconds." },
  updatedAt: { ...TIMESTAMP, description: "Publication of the current version, UTC with milliseconds." },
  tags: {
    type: "array",
    items: { type: "string", minLength: 1 },
    uniqueItems: true,
    description: "The package's registry keywords, in their order.",
  },
} satisfies Record<keyof Plugin, SchemaObject>;

const PAGE_PROPERTIES = {
  total: { ...COUNT, description: "Plugins matching the query, across all pages." },
  page: {
    type: "integer",
    ...bounds("page"),
    description: "The page returned, as requested (a page past the last one is empty, not an error).",
  },
  perPage: { type: "integer", ...bounds("per_page"), description: "The page size in effect." },
  pages: { ...COUNT, description: "ceil(total / perPage); 0 when total is 0." },
  plugins: {
    type: "array",
    items: ref("schemas", "Plugin"),
    maxItems: bounds("per_page").maximum,
    description: "The plugins on this page, in sort order.",
  },
} satisfies Record<keyof PluginPage, SchemaObject>;

const closedObject = (properties: Record<string, SchemaObject>): SchemaObject => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const CATEGORY_COUNT_PROPERTIES = {
  category: { type: "string", minLength: 1, description: "A category of the catalog's configuration, spelt as configured." },
  count: { ...COUNT, description: "Plugins that match every given filter except category and have this tag." },
} satisfies Record<keyof CategoryCount, SchemaObject>;

const FACETS_PROPERTIES = {
  total: { ...COUNT, description: "The total that /api/plugins answers for the same q, category, author, web and compat." },
  categories: {
    type: "array",
    items: ref("schemas", "CategoryCount"),
    description: "One entry per configured category, in configuration order, zeros included.",
  },
  uncategorized: { ...COUNT, description: "Plugins that match every given filter except category and have none of the categories." },
  webUi: { ...COUNT, description: "Plugins that match every given filter except web and have a web UI." },
} satisfies Record<keyof FacetCounts, SchemaObject>;

const TIMESTAMP_OR_NULL = { anyOf: [TIMESTAMP, { type: "null" }] };

const SOURCE_STATUS_PROPERTIES = {
  readAt: { ...TIMESTAMP_OR_NULL, description: "When the build last read this upstream successfully; null if never." },
  items: { ...COUNT, description: "Packages (npm) or mirrors (GitHub, GitLab) this source covers." },
  stale: { ...COUNT, description: "How many of them carry data from an earlier build because they could not be read this time." },
  staleSince: { ...TIMESTAMP_OR_NULL, description: "When the oldest such data was read; null when stale is 0." },
} satisfies Record<keyof SourceStatus, SchemaObject>;

const SOURCE_STATUS = ref("schemas", "SourceStatus");

const STATUS_PROPERTIES = {
  builtAt: { ...TIMESTAMP, description: "When this catalog was built (its data read from the upstreams)." },
  plugins: { ...COUNT, description: "The number of plugins in the catalog." },
  sources: { ...closedObject(Object.fromEntries(STATUS_SOURCES.map((source) => [source, SOURCE_STATUS]))), description: "By upstream." },
} satisfies Record<keyof CatalogStatus, SchemaObject>;

const WHOLE_CATALOG_PROPERTIES = {
  builtAt: { ...TIMESTAMP, description: "When this catalog was built, as in /api/status." },
  total: { ...COUNT, description: "The number of plugins." },
  plugins: { type: "array", items: ref("schemas", "Plugin"), description: "Every plugin, in stars order." },
};

/** RFC 9457 members, then one closed schema per status so a stray member (a stack trace) is a violation. */
function problemSchemas(): Record<string, SchemaObject> {
  const forStatus = (status: number, extra: Record<string, SchemaObject> = {}): SchemaObject => ({
    type: "object",
    allOf: [ref("schemas", "Problem")],
    properties: { status: { const: status }, ...extra },
    required: Object.keys(extra),
    unevaluatedProperties: false,
  });
  return {
    Problem: {
      type: "object",
      description: "RFC 9457 problem details. `type` is about:blank and `title` the HTTP reason phrase.",
      properties: {
        type: { type: "string", format: "uri-reference" },
        title: { type: "string", minLength: 1 },
        status: { type: "integer", minimum: 400, maximum: 599 },
        detail: { type: "string", minLength: 1 },
      },
      required: ["type", "title", "status", "detail"],
    },
    ParameterProblem: parameterProblem(PARAMETERS.map((p) => p.name)),
    BadRequestProblem: forStatus(400, {
      errors: { type: "array", items: ref("schemas", "ParameterProblem"), minItems: 1, description: "One entry per problem, all at once." },
    }),
    FilterParameterProblem: parameterProblem(FILTER_PARAMETERS),
    FacetsBadRequestProblem: forStatus(400, {
      errors: { type: "array", items: ref("schemas", "FilterParameterProblem"), minItems: 1, description: "One entry per problem." },
    }),
    NotFoundProblem: forStatus(404),
    MethodNotAllowedProblem: forStatus(405),
    InternalErrorProblem: forStatus(500),
    UnavailableProblem: forStatus(503),
  };
}

function parameterProblem(names: readonly string[]): SchemaObject {
  return closedObject({
    parameter: { type: "string", enum: [...names], description: "The query parameter at fault." },
    message: { type: "string", minLength: 1, description: "What is wrong and what is accepted." },
  });
}

const header = (description: string, schema: SchemaObject): HeaderObject => ({ description, required: true, schema });
const HEADERS: Record<string, HeaderObject> = {
  ETag: header("A strong validator; send it back in If-None-Match to get a 304.", { type: "string", pattern: '^"[^"]*"$' }),
  LastModified: header("When the catalog's data was read from the upstreams (IMF-fixdate).", {
    type: "string",
    pattern: "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT$",
  }),
  CacheControl: header("Browsers and CDNs may cache for minutes; never a previous catalog for more than an hour after a new one.", {
    type: "string",
    pattern: "max-age=\\d+",
  }),
  NoStore: header("Errors are not cached.", { const: "no-store" }),
  AccessControlAllowOrigin: header("Every response is readable from any origin.", { const: "*" }),
  AccessControlExposeHeaders: header("Response headers a browser script may read.", { type: "string" }),
  AccessControlAllowMethods: header("The methods a cross-origin request may use.", { type: "string" }),
  AccessControlAllowHeaders: header("The request headers a cross-origin request may send.", { type: "string" }),
  AccessControlMaxAge: header("Seconds a browser may cache this preflight.", { type: "string", pattern: "^\\d+$" }),
  Allow: header("The methods this path answers.", { type: "string" }),
  RetryAfter: header("Seconds to wait before trying again.", { type: "string", pattern: "^\\d+$" }),
};

const CORS = {
  "Access-Control-Allow-Origin": ref("headers", "AccessControlAllowOrigin"),
  "Access-Control-Expose-Headers": ref("headers", "AccessControlExposeHeaders"),
};

function problem(schema: string, description: string, headers: Record<string, Reference> = {}): ResponseObject {
  return {
    description,
    headers: { ...CORS, "Cache-Control": ref("headers", "NoStore"), ...headers },
    content: { [PROBLEM_MEDIA_TYPE]: { schema: ref("schemas", schema) } },
  };
}

/** The representation's headers; the plugins' answers also carry Last-Modified, the document has no such date. */
function cacheable(description: string, lastModified: boolean, content?: Record<string, MediaTypeObject>): ResponseObject {
  const headers = {
    ...CORS,
    "Cache-Control": ref("headers", "CacheControl"),
    ETag: ref("headers", "ETag"),
    ...(lastModified ? { "Last-Modified": ref("headers", "LastModified") } : {}),
  };
  return content === undefined ? { description, headers } : { description, headers, content };
}

const INTERNAL_ERROR = problem("InternalErrorProblem", "An unexpected failure; it is logged, and nothing internal is shown.");

const PREFLIGHT: Operation["responses"] = {
  "204": {
    description: "CORS preflight: no body.",
    headers: {
      ...CORS,
      "Access-Control-Allow-Methods": ref("headers", "AccessControlAllowMethods"),
      "Access-Control-Allow-Headers": ref("headers", "AccessControlAllowHeaders"),
      "Access-Control-Max-Age": ref("headers", "AccessControlMaxAge"),
      Allow: ref("headers", "Allow"),
    },
  },
};

/** HEAD answers as GET without a body: the same statuses and headers, no content. */
function headOf(get: Operation, operationId: string): Operation {
  const responses = Object.fromEntries(Object.entries(get.responses).map(([status, { content: _omitted, ...rest }]) => [status, rest]));
  return { operationId, summary: `${get.summary} (headers only)`, ...(get.parameters ? { parameters: get.parameters } : {}), responses };
}

function pathItem(get: Operation, head: string, options: string): PathItem {
  return { get, head: headOf(get, head), options: { operationId: options, summary: "CORS preflight", responses: PREFLIGHT } };
}

function pluginsOperation(): Operation {
  return {
    operationId: "listPlugins",
    summary: "Search, filter, sort and page the plugin catalog",
    description:
      "Every parameter is optional; filters combine (AND). Unknown parameters are ignored; a known parameter given twice is a 400. The order is total, so paging is stable.",
    parameters: PARAMETERS.map((p) => ref("parameters", p.name)),
    responses: {
      "200": cacheable("One page of matching plugins.", true, { [JSON_MEDIA_TYPE]: { schema: ref("schemas", "PluginPage") } }),
      "304": cacheable("The representation in If-None-Match (or If-Modified-Since) is current: no body.", true),
      "400": problem("BadRequestProblem", "Invalid parameter values or a repeated parameter; `errors` lists every problem."),
      "500": INTERNAL_ERROR,
      "503": UNAVAILABLE,
    },
  };
}

const UNAVAILABLE = problem("UnavailableProblem", "The catalog's files are missing or unreadable.", {
  "Retry-After": ref("headers", "RetryAfter"),
});

function jsonContent(schema: string): Record<string, MediaTypeObject> {
  return { [JSON_MEDIA_TYPE]: { schema: ref("schemas", schema) } };
}

function facetsOperation(): Operation {
  return {
    operationId: "getFacets",
    summary: "Counts for a filter sidebar",
    description:
      "Takes q, category, author, web and compat, validated as for /api/plugins; every other parameter (sort, page and per_page " +
      "included) is ignored, even when invalid. Each facet ignores its own filter; compat, which is no facet, applies to every count.",
    parameters: FILTER_PARAMETERS.map((name) => ref("parameters", name)),
    responses: {
      "200": cacheable("The counts for these filters.", true, jsonContent("Facets")),
      "304": cacheable("The representation in If-None-Match (or If-Modified-Since) is current: no body.", true),
      "400": problem("FacetsBadRequestProblem", "Invalid filter values or a repeated filter; `errors` lists every problem."),
      "500": INTERNAL_ERROR,
      "503": UNAVAILABLE,
    },
  };
}

/** An answer written whole by the build: no parameters (any given are ignored), so no 400. */
function staticOperation(operationId: string, summary: string, what: string, schema: string): Operation {
  return {
    operationId,
    summary,
    description: "Takes no parameters; any given are ignored.",
    responses: {
      "200": cacheable(what, true, jsonContent(schema)),
      "304": cacheable("The representation in If-None-Match (or If-Modified-Since) is current: no body.", true),
      "500": INTERNAL_ERROR,
      "503": UNAVAILABLE,
    },
  };
}

function statusOperation(): Operation {
  return staticOperation("getStatus", "How fresh the catalog is", "The catalog's build time and freshness per upstream.", "Status");
}

function wholeCatalogOperation(): Operation {
  return staticOperation("getWholeCatalog", "The whole catalog in one document", "Every plugin, in stars order.", "WholeCatalog");
}

function documentOperation(): Operation {
  return {
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI document",
    responses: {
      "200": cacheable("The OpenAPI 3.1 document of this API.", false, {
        [OPENAPI_MEDIA_TYPE]: {
          schema: {
            type: "object",
            required: ["openapi", "info", "paths"],
            properties: { openapi: { type: "string", pattern: "^3\\.1\\.\\d+$" }, info: { type: "object" }, paths: { type: "object" } },
          },
        },
      }),
      "304": cacheable("The document in If-None-Match is current: no body.", false),
      "500": INTERNAL_ERROR,
    },
  };
}

/**
 * @example
 * openApiDocument().paths["/api/plugins"].get.parameters // refs to one component per PARAMETERS entry
 */
export function openApiDocument(version: string = API_VERSION): OpenApiDocument {
  return {
    openapi: "3.1.1",
    // Plain JSON Schema 2020-12: no OpenAPI-only keywords, so any 2020-12 validator checks bodies exactly.
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "plugin-catalog API",
      version,
      description:
        "A read-only JSON query API over a catalog of npm plugins, rebuilt daily. No credentials; every response carries Access-Control-Allow-Origin: *.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/" }],
    paths: {
      [PLUGINS_PATH]: pathItem(pluginsOperation(), "headPlugins", "preflightPlugins"),
      [FACETS_PATH]: pathItem(facetsOperation(), "headFacets", "preflightFacets"),
      [STATUS_PATH]: pathItem(statusOperation(), "headStatus", "preflightStatus"),
      [WHOLE_CATALOG_PATH]: pathItem(wholeCatalogOperation(), "headWholeCatalog", "preflightWholeCatalog"),
      [OPENAPI_PATH]: pathItem(documentOperation(), "headOpenApiDocument", "preflightOpenApiDocument"),
    },
    components: {
      schemas: {
        PluginPage: { ...closedObject(PAGE_PROPERTIES), description: "One page of results; exactly these keys, in this order." },
        Plugin: {
          ...closedObject(PLUGIN_PROPERTIES),
          description: "A catalog entry; exactly these keys, in this order. Only homepage may be null.",
        },
        Facets: { ...closedObject(FACETS_PROPERTIES), description: "Counts for a filter sidebar; exactly these keys, in this order." },
        CategoryCount: { ...closedObject(CATEGORY_COUNT_PROPERTIES), description: "One configured category and its count." },
        Status: { ...closedObject(STATUS_PROPERTIES), description: "How fresh the catalog is; exactly these keys, in this order." },
        SourceStatus: { ...closedObject(SOURCE_STATUS_PROPERTIES), description: "One upstream's freshness." },
        WholeCatalog: { ...closedObject(WHOLE_CATALOG_PROPERTIES), description: "The whole catalog; exactly these keys, in this order." },
        ...problemSchemas(),
      },
      parameters: Object.fromEntries(PARAMETERS.map((p) => [p.name, parameterObject(p)])),
      headers: HEADERS,
      responses: {
        NotFound: problem("NotFoundProblem", "The answer to any path under /api/ that `paths` does not list, whatever the method."),
        MethodNotAllowed: problem(
          "MethodNotAllowedProblem",
          "The answer to any method other than GET, HEAD and OPTIONS on a listed path.",
          { Allow: ref("headers", "Allow") },
        ),
      },
    },
  };
}
