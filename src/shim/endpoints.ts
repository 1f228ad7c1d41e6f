/**
 * The endpoints answered from the catalog (docs/API.md#endpoints): each turns
 * a query string into what to answer from one build, or into a 400 that
 * lists every problem. The handler does the rest (methods, validators, CORS,
 * the one-build retry) the same way for all of them.
 */
import { compatCheck } from "../core/compat.js";
import { FILTER_PARAMETERS, type ParameterName } from "../core/parameters.js";
import { type CatalogQuery, filterKey, isUnfiltered, parseQuery, queryKey } from "../core/query.js";
import { FACETS_PATH, PLUGINS_PATH, STATUS_PATH, WHOLE_CATALOG_PATH } from "../core/routes.js";
import type { Catalog } from "./catalog.js";
import { detailEndpoint } from "./detail-endpoint.js";
import { answerQuery } from "./execute.js";
import { answerFacets } from "./facet-counts.js";
import { type HttpProblem, invalidParameters } from "./problem.js";
import { ownBytes } from "./site-reader.js";

export interface CatalogAnswer {
  /** The effective query against `catalog`: the ETag's second part (and the answer cache's key). @throws HttpProblem 400 */
  readonly key: (catalog: Catalog) => string | Promise<string>;
  readonly body: (catalog: Catalog) => Promise<Uint8Array<ArrayBuffer>>;
  /** The 400 of the problems found without the catalog, answered when the catalog cannot be read to check the rest. */
  readonly refusal?: HttpProblem;
  /**
   * The body is looked up before the request's validators are compared: a resource that some builds lack (one
   * plugin) is a 404 there, which a matching If-Modified-Since must not turn into a 304.
   */
  readonly lookedUpFirst?: true;
}

/** @throws HttpProblem 400 when the query string is invalid for this endpoint. */
export type CatalogEndpoint = (params: URLSearchParams) => CatalogAnswer;

export const CATALOG_ENDPOINTS: ReadonlyMap<string, CatalogEndpoint> = new Map<string, CatalogEndpoint>([
  [PLUGINS_PATH, pluginsAnswer],
  [FACETS_PATH, facetsAnswer],
  [STATUS_PATH, () => STATUS_ANSWER],
  [WHOLE_CATALOG_PATH, () => WHOLE_CATALOG_ANSWER],
]);

/** The endpoint at `pathname`: a fixed one, or one plugin's (`/api/plugins/{slug}`). */
export function endpointAt(pathname: string): CatalogEndpoint | undefined {
  return CATALOG_ENDPOINTS.get(pathname) ?? detailEndpoint(pathname);
}

/**
 * The answer `answerTo` gives a valid query. `compat` is checked against the catalog the query is answered from (its
 * host's versions); every other parameter is checked here, before the catalog is read, so that without `compat` a bad
 * query gets its 400 even while the catalog is unavailable. With it, the 400 lists every problem at once.
 */
function checkedAnswer(
  params: URLSearchParams,
  accepted: readonly ParameterName[] | undefined,
  answerTo: (query: CatalogQuery) => CatalogAnswer,
): CatalogAnswer {
  const parsed = parseQuery(params, accepted);
  const compat = params.getAll("compat");
  const checksCompat = (accepted === undefined || accepted.includes("compat")) && compat.length === 1 && compat[0] !== "";
  if (!checksCompat) {
    if (!parsed.ok) throw invalidParameters(parsed.problems);
    return answerTo(parsed.query);
  }
  let resolved: { catalog: Catalog; answer: Promise<CatalogAnswer> } | undefined;
  const against = (catalog: Catalog): Promise<CatalogAnswer> => {
    if (resolved?.catalog !== catalog) resolved = { catalog, answer: answerAgainst(catalog, params, accepted, answerTo) };
    return resolved.answer;
  };
  return {
    key: async (catalog) => (await against(catalog)).key(catalog),
    body: async (catalog) => (await against(catalog)).body(catalog),
    ...(parsed.ok ? {} : { refusal: invalidParameters(parsed.problems) }),
  };
}

async function answerAgainst(
  catalog: Catalog,
  params: URLSearchParams,
  accepted: readonly ParameterName[] | undefined,
  answerTo: (query: CatalogQuery) => CatalogAnswer,
): Promise<CatalogAnswer> {
  const parsed = parseQuery(params, accepted, compatCheck(await catalog.compat.knowledge()));
  if (!parsed.ok) throw invalidParameters(parsed.problems);
  return answerTo(parsed.query);
}

function pluginsAnswer(params: URLSearchParams): CatalogAnswer {
  return checkedAnswer(params, undefined, (query) => {
    const key = queryKey(query);
    return {
      key: () => key,
      // An unfiltered page is a slice of cached shards, cheaper to cut again than to keep:
      // caching every page/size/sort only churned the heap. Searches and filters are cached.
      body: (catalog) => (isUnfiltered(query) ? answerQuery(catalog, query) : catalog.answers.get(key, () => answerQuery(catalog, query))),
    };
  });
}

/** Only the filters are read: `sort`, `page` and `per_page` are ignored like unknown parameters, even when invalid. */
function facetsAnswer(params: URLSearchParams): CatalogAnswer {
  return checkedAnswer(params, FILTER_PARAMETERS, (query) => {
    const key = `facets?${filterKey(query)}`;
    return { key: () => key, body: (catalog) => catalog.answers.get(key, () => answerFacets(catalog, query)) };
  });
}

/** Bodies written whole by the build: their file names carry content hashes, so the ETag changes exactly with the bytes. */
const STATUS_ANSWER: CatalogAnswer = {
  key: (catalog) => `status:${catalog.manifest.status}`,
  body: async (catalog) => ownBytes(await catalog.status()),
};

const WHOLE_CATALOG_ANSWER: CatalogAnswer = {
  key: (catalog) => `catalog:${catalog.manifest.catalog.join(",")}`,
  body: async (catalog) => concatenate(await catalog.catalogParts()),
};

function concatenate(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return ownBytes(parts[0]!);
  const body = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}
