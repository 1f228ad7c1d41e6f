/**
 * The query parameters of `GET /api/plugins` (docs/API.md#parameters), declared
 * once. Validation reads this table; so does anything that describes the
 * API (README, OpenAPI), so the two cannot drift apart.
 */
import { SORT_KEYS } from "./plugin.js";

export const MAX_TEXT_LENGTH = 256;

export type ParameterSpec =
  | { name: string; kind: "text"; description: string }
  | { name: string; kind: "enum"; values: readonly string[]; default?: string; description: string }
  | { name: string; kind: "integer"; min: number; max: number; default: number; description: string }
  /** Checked against the catalog it is answered from: its host's published versions and dist-tags. */
  | { name: string; kind: "version"; description: string };

export const PARAMETERS = [
  {
    name: "q",
    kind: "text",
    description: "Full-text search over name, description and README; every term must match, the last also by prefix.",
  },
  { name: "category", kind: "text", description: "Keep plugins that have this tag (case-insensitive, exact)." },
  {
    name: "author",
    kind: "text",
    description: "Keep plugins one of whose creator logins equals this (case-insensitive, exact; one leading @ is ignored).",
  },
  { name: "web", kind: "enum", values: ["1"], description: "When 1, keep only plugins with a web UI." },
  {
    name: "sort",
    kind: "enum",
    values: SORT_KEYS,
    default: "stars",
    description:
      "Ordering: stars (most first), recent (latest update first), name (A–Z), relevance (best match of q first; without q, as stars) or downloads (most downloaded in the last 30 days first).",
  },
  { name: "page", kind: "integer", min: 1, max: 1_000_000, default: 1, description: "Page number, 1-based." },
  { name: "per_page", kind: "integer", min: 1, max: 100, default: 50, description: "Page size." },
  {
    name: "compat",
    kind: "version",
    description:
      "Keep plugins whose declared range of host versions includes this version of the catalog's host (npm's semver rules; a prerelease is matched with prereleases included); plugins that declare no range are kept. A dist-tag stands for the version it points to.",
  },
] as const satisfies readonly ParameterSpec[];

export type ParameterName = (typeof PARAMETERS)[number]["name"];

/** The parameters that narrow the catalog; `/api/facets` takes these and ignores the rest. */
export const FILTER_PARAMETERS: readonly ParameterName[] = ["q", "category", "author", "web", "compat"];

/** What each kind of parameter accepts, in words, for error messages and docs. */
export function acceptedValues(spec: ParameterSpec): string {
  switch (spec.kind) {
    case "text":
      return `any text of at most ${MAX_TEXT_LENGTH} characters`;
    case "enum":
      return spec.values.length === 1 ? `only ${spec.values[0]}` : `one of ${spec.values.join(", ")} (case-sensitive)`;
    case "integer":
      return `a whole number from ${spec.min} to ${spec.max}, in decimal digits only`;
    case "version":
      return "a version the catalog's host has published, or one of its dist-tags (case-sensitive)";
  }
}

/** The defaults of `page` and `per_page`, from the table above: the one place they are written. */
export const DEFAULT_PAGE = PARAMETERS[5].default;
export const DEFAULT_PER_PAGE = PARAMETERS[6].default;
