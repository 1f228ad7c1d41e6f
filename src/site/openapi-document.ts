/**
 * The OpenAPI 3.1 description of the HTTP API (docs/API.md). Query
 * parameters come from `PARAMETERS`, the table the shim's validation reads,
 * and the page bounds from the same specs, so the document cannot disagree
 * with what the shim accepts. It depends on code only, yet the build writes
 * it into every site as a data file (`SiteManifest.openapi`) and the shim
 * serves that file's bytes: no runtime bundle carries the document or the
 * code that makes it.
 */
import { BOUNDS } from "../core/bounds.js";
import type { DetailFacts, Downloads, Engines, Release, Releases, Repository, Score, Trust, WeeklyDownloads } from "../core/detail-body.js";
import type { CategoryCount, FacetCounts } from "../core/facets-body.js";
import type { PluginPage } from "../core/page-body.js";
import { acceptedValues, FILTER_PARAMETERS, MAX_TEXT_LENGTH, PARAMETERS, type ParameterSpec } from "../core/parameters.js";
import type { Plugin } from "../core/plugin.js";
import {
  FACETS_PATH,
  JSON_MEDIA_TYPE,
  OPENAPI_MEDIA_TYPE,
  OPENAPI_PATH,
  PLUGIN_PATH_TEMPLATE,
  PLUGINS_PATH,
  PROBLEM_MEDIA_TYPE,
  STATUS_PATH,
  WHOLE_CATALOG_PATH,
} from "../core/routes.js";
import { type CatalogStatus, type SourceStatus, STATUS_SOURCES } from "../core/status-body.js";
import { DOWNLOAD_WEEKS, RECENT_RELEASES } from "../snapshot/schema.js";

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
/** A parameter of a templated path (`{slug}`): always required. */
export interface PathParameterObject {
  readonly name: string;
  readonly in: "path";
  readonly required: true;
  readonly description: string;
  readonly schema: SchemaObject;
}
export interface Operation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly parameters?: readonly (Reference | PathParameterObject)[];
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

const SHORT_FACT = { type: ["string", "null"], minLength: 1, maxLength: BOUNDS.version };
const SCORE_PART = { type: "integer", minimum: 0, maximum: 100 };

const REPOSITORY_PROPERTIES = {
  url: {
    type: "string",
    pattern: "^[Hh][Tt][Tt][Pp][Ss]?://\\S+$",
    description: "The repository's web URL as its host reports it today (after renames).",
  },
  host: { type: "string", enum: ["github", "gitlab"], description: "Where the repository is." },
  stars: { ...COUNT, description: "Its stars." },
  forks: { ...COUNT, description: "Its forks." },
  archived: { type: "boolean", description: "The repository is archived (read-only)." },
  openIssues: { ...COUNT, description: "Open issues, pull requests not counted." },
  pushedAt: { ...TIMESTAMP_OR_NULL, description: "The last push (GitLab: the last activity); null when unknown." },
  defaultBranch: { ...SHORT_FACT, description: "The default branch; null when unknown." },
} satisfies Record<keyof Repository, SchemaObject>;

const WEEKLY_DOWNLOADS_PROPERTIES = {
  date: { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "The day of the week's last build (UTC)." },
  count: { ...COUNT, description: "Downloads in the 7 days before that build, as the registry counted them." },
} satisfies Record<keyof WeeklyDownloads, SchemaObject>;

const DOWNLOADS_PROPERTIES = {
  lastWeek: { ...COUNT, description: "Downloads in the last 7 days, from the registry." },
  lastMonth: { ...COUNT, description: "Downloads in the last 30 days, from the registry." },
  weekly: {
    type: "array",
    items: ref("schemas", "WeeklyDownloads"),
    maxItems: DOWNLOAD_WEEKS,
    description: "The catalog's own history, oldest first: per UTC ISO week with a build, lastWeek as that week's last build read it.",
  },
} satisfies Record<keyof Downloads, SchemaObject>;

const RELEASE_PROPERTIES = {
  version: { type: "string", minLength: 1, maxLength: BOUNDS.version, description: "The version, as published." },
  publishedAt: { ...TIMESTAMP, description: "When it was published." },
} satisfies Record<keyof Release, SchemaObject>;

const RELEASES_PROPERTIES = {
  count: { ...COUNT, description: "Published versions that have a date." },
  lastYear: { ...COUNT, description: "Versions published within the 365 days before the build." },
  recent: {
    type: "array",
    items: ref("schemas", "Release"),
    maxItems: RECENT_RELEASES,
    description: "The latest versions, newest first (ties: version descending).",
  },
} satisfies Record<keyof Releases, SchemaObject>;

const ENGINES_PROPERTIES = {
  node: { ...SHORT_FACT, description: "The latest version's engines.node range, as written; null when it declares none." },
  host: { ...SHORT_FACT, description: "The range of the catalog's host program it declares, as written; null when none." },
} satisfies Record<keyof Engines, SchemaObject>;

const TRUST_PROPERTIES = {
  provenance: { type: "boolean", description: "The latest version was published with provenance attestations." },
  installScripts: { type: "boolean", description: "Installing it runs a preinstall, install or postinstall script." },
  spdxLicense: { type: "boolean", description: "license is a valid SPDX expression." },
} satisfies Record<keyof Trust, SchemaObject>;

const SCORE_PROPERTIES = {
  total: { ...SCORE_PART, description: "round(0.4 · popularity + 0.35 · maintenance + 0.25 · quality), half up." },
  popularity: { ...SCORE_PART, description: "Downloads, stars and dependents, as percentiles within this catalog." },
  maintenance: {
    ...SCORE_PART,
    description: "100, halving with every 365 days since the latest release; 0 when every repository is archived.",
  },
  quality: { ...SCORE_PART, description: "README 25, SPDX license 25, a repository 25, provenance 15, no install scripts 10." },
} satisfies Record<keyof Score, SchemaObject>;

const DETAIL_PROPERTIES = {
  readme: {
    type: ["string", "null"],
    minLength: 1,
    maxLength: BOUNDS.readme,
    description: "The README's Markdown, cleaned; a longer one is cut and ends with …; null when there is none.",
  },
  repositories: {
    type: "array",
    items: ref("schemas", "Repository"),
    description: "Its source repositories, in the order they were found.",
  },
  downloads: { ...ref("schemas", "Downloads"), description: "Registry downloads and the catalog's weekly history." },
  dependents: { ...COUNT, description: "Packages that depend on it, from the registry." },
  releases: { ...ref("schemas", "Releases"), description: "Its dated versions." },
  engines: { ...ref("schemas", "Engines"), description: "The runtimes it declares it runs on." },
  trust: { ...ref("schemas", "Trust"), description: "Facts about installing it." },
  score: { ...ref("schemas", "Score"), description: "For choosing within this catalog; every part is here, so it can be checked." },
} satisfies Record<keyof DetailFacts, SchemaObject>;

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

const SLUG_PARAMETER: PathParameterObject = {
  name: "slug",
  in: "path",
  required: true,
  description: "A plugin's slug, percent-encoded or not. A malformed escape, an empty slug or a further / is no path of the API (404).",
  schema: PLUGIN_PROPERTIES.slug,
};

function detailOperation(): Operation {
  return {
    operationId: "getPlugin",
    summary: "One plugin in full",
    description:
      "The plugin's listing record (the same keys, order and values), then its README, repositories, downloads, dependents, releases, engines, trust facts and score. Takes no query parameters; any given are ignored.",
    parameters: [SLUG_PARAMETER],
    responses: {
      "200": cacheable("The plugin, in full.", true, jsonContent("PluginDetail")),
      "304": cacheable("The representation in If-None-Match (or If-Modified-Since) is current: no body.", true),
      "404": problem("NotFoundProblem", "No plugin of the current catalog has this slug; the detail names it."),
      "500": INTERNAL_ERROR,
      "503": UNAVAILABLE,
    },
  };
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
      [PLUGIN_PATH_TEMPLATE]: pathItem(detailOperation(), "headPlugin", "preflightPlugin"),
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
        PluginDetail: {
          ...closedObject({ ...PLUGIN_PROPERTIES, ...DETAIL_PROPERTIES }),
          description: "One plugin in full: the Plugin's keys, then these; exactly these keys, in this order.",
        },
        Repository: { ...closedObject(REPOSITORY_PROPERTIES), description: "One source repository and its facts." },
        Downloads: { ...closedObject(DOWNLOADS_PROPERTIES), description: "Registry download counts." },
        WeeklyDownloads: { ...closedObject(WEEKLY_DOWNLOADS_PROPERTIES), description: "One week of the catalog's download history." },
        Releases: { ...closedObject(RELEASES_PROPERTIES), description: "The plugin's dated versions." },
        Release: { ...closedObject(RELEASE_PROPERTIES), description: "One published version." },
        Engines: { ...closedObject(ENGINES_PROPERTIES), description: "Declared runtime ranges." },
        Trust: { ...closedObject(TRUST_PROPERTIES), description: "Facts about installing the plugin." },
        Score: { ...closedObject(SCORE_PROPERTIES), description: "Integers 0 to 100; see docs/API.md for the formulas." },
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
