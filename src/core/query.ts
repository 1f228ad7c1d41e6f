/**
 * Turns a query string into a validated `CatalogQuery`, or into the full
 * list of what is wrong with it (docs/API.md#errors: all problems at once).
 */
import {
  acceptedValues,
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  MAX_TEXT_LENGTH,
  PARAMETERS,
  type ParameterName,
  type ParameterSpec,
} from "./parameters.js";
import type { SortKey } from "./plugin.js";
import { parseSearchText, type SearchTerms, searchKey } from "./search/terms.js";
import { codePointLength } from "./text.js";

export interface CatalogQuery {
  /** Undefined when `q` is absent; null when it was given but has no term left (matches nothing). */
  readonly search: SearchTerms | null | undefined;
  /** Lower-cased tag. */
  readonly category: string | undefined;
  /** Lower-cased login, leading `@` removed. */
  readonly author: string | undefined;
  readonly webOnly: boolean;
  /**
   * A version of the catalog's host: as given until it is checked against a catalog (`CompatCheck`), then the
   * version itself, a dist-tag resolved to the version it stands for.
   */
  readonly compat: string | undefined;
  /** `relevance` only with a search of at least one term (parseQuery makes it `stars` otherwise). */
  readonly sort: SortKey;
  readonly page: number;
  readonly perPage: number;
}

export interface ParameterProblem {
  readonly parameter: string;
  readonly message: string;
}

/** Checks `compat` against one catalog's host: the version it stands for, or what is wrong with it. */
export type CompatCheck = (given: string) => { readonly version: string } | { readonly problem: string };

export type QueryParseResult =
  | { readonly ok: true; readonly query: CatalogQuery }
  | { readonly ok: false; readonly problems: readonly ParameterProblem[] };

const DIGITS_ONLY = /^[0-9]+$/;
const ALL_PARAMETERS: readonly ParameterName[] = PARAMETERS.map((p) => p.name);

/**
 * Parameters outside `accepted` are ignored like unknown ones, whatever their values
 * (`/api/facets` accepts only the filters, so its `page=0` is no error).
 * @example
 * parseQuery(new URLSearchParams("q=charts&sort=name")).ok // true
 * parseQuery(new URLSearchParams("page=0&sort=Stars")).ok  // false, two problems
 * @param checkCompat without it, `compat` is taken as given (its check needs a catalog)
 */
export function parseQuery(
  params: URLSearchParams,
  accepted: readonly ParameterName[] = ALL_PARAMETERS,
  checkCompat?: CompatCheck,
): QueryParseResult {
  const problems: ParameterProblem[] = [];
  const values = new Map<string, string>();
  for (const name of orderOfAppearance(params)) {
    const spec = PARAMETERS.find((p) => p.name === name);
    if (spec === undefined || !accepted.includes(spec.name)) continue;
    const given = params.getAll(name);
    if (given.length > 1) {
      problems.push({ parameter: name, message: `given ${given.length} times; give it at most once (${acceptedValues(spec)})` });
      continue;
    }
    const value = given[0] ?? "";
    if (value === "") continue;
    const checked = checkedValue(spec, value, checkCompat);
    if ("problem" in checked) problems.push({ parameter: name, message: checked.problem });
    else values.set(name, checked.value);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, query: buildQuery(values) };
}

function orderOfAppearance(params: URLSearchParams): string[] {
  return [...new Set(params.keys())];
}

/** The value the query keeps (a dist-tag's version for `compat`), or what is wrong with it. */
function checkedValue(spec: ParameterSpec, value: string, checkCompat?: CompatCheck): { value: string } | { problem: string } {
  if (spec.kind === "version" && checkCompat !== undefined) {
    const checked = checkCompat(value);
    return "problem" in checked ? checked : { value: checked.version };
  }
  const problem = checkValue(spec, value);
  return problem === undefined ? { value } : { problem };
}

function checkValue(spec: ParameterSpec, value: string): string | undefined {
  switch (spec.kind) {
    case "text": {
      const length = codePointLength(value);
      return length > MAX_TEXT_LENGTH ? `is ${length} characters long; accepted: ${acceptedValues(spec)}` : undefined;
    }
    case "enum":
      return spec.values.includes(value) ? undefined : `${quote(value)} is not accepted; accepted: ${acceptedValues(spec)}`;
    case "integer": {
      const inRange = DIGITS_ONLY.test(value) && Number(value) >= spec.min && Number(value) <= spec.max;
      return inRange ? undefined : `${quote(value)} is not accepted; accepted: ${acceptedValues(spec)}`;
    }
    case "version":
      return undefined;
  }
}

/** A value as messages show it: a JSON string, cut to its first 40 characters and `…`. */
export function quote(value: string): string {
  const shown = codePointLength(value) > 40 ? `${[...value].slice(0, 40).join("")}…` : value;
  return JSON.stringify(shown);
}

function buildQuery(values: Map<string, string>): CatalogQuery {
  const q = values.get("q");
  const author = values.get("author");
  const search = q === undefined ? undefined : parseSearchText(q);
  const sort = (values.get("sort") ?? "stars") as SortKey;
  return {
    search,
    category: values.get("category")?.toLowerCase(),
    author: author?.replace(/^@/, "").toLowerCase(),
    webOnly: values.get("web") === "1",
    compat: values.get("compat"),
    // Without terms to score (no `q`, or one that matches nothing) relevance is the stars order: one effective query.
    sort: sort === "relevance" && (search === undefined || search === null) ? "stars" : sort,
    page: Number(values.get("page") ?? DEFAULT_PAGE),
    perPage: Number(values.get("per_page") ?? DEFAULT_PER_PAGE),
  };
}

/** True when nothing narrows the catalog: the page is a slice of a sort order. */
export function isUnfiltered(query: CatalogQuery): boolean {
  return (
    query.search === undefined && query.category === undefined && query.author === undefined && !query.webOnly && query.compat === undefined
  );
}

/**
 * One string per effective query: two query strings that must give the same
 * answer (defaults spelled out or not, `café` or `cafe`) give the same key.
 */
export function queryKey(query: CatalogQuery): string {
  return [`sort=${query.sort}`, `page=${query.page}`, `per_page=${query.perPage}`, ...filterParts(query)].join("&");
}

/** The same for the filters alone (`q`, `category`, `author`, `web`, `compat`): what `/api/facets` answers depend on. */
export function filterKey(query: CatalogQuery): string {
  return filterParts(query).join("&");
}

function filterParts(query: CatalogQuery): string[] {
  const parts: string[] = [];
  if (query.webOnly) parts.push("web=1");
  // Encoded, so a value holding `&` or `=` cannot spell another query's key.
  if (query.category !== undefined) parts.push(`category=${encodeURIComponent(query.category)}`);
  if (query.author !== undefined) parts.push(`author=${encodeURIComponent(query.author)}`);
  if (query.search !== undefined) parts.push(`q=${query.search === null ? "" : searchKey(query.search)}`);
  if (query.compat !== undefined) parts.push(`compat=${encodeURIComponent(query.compat)}`);
  return parts;
}
