/**
 * Catalog members from the registry's search (`text=keywords:<k>`), paged
 * with `from`/`size`, de-duplicated across pages and keywords. Pages are
 * requested one at a time and paced: the live registry answers bursts of
 * search pages with 429 and then blocks the client for over a minute.
 */
import { BOUNDS, cleanText } from "../../core/bounds.js";
import type { UpstreamClient } from "../http/client.js";
import { MalformedResponseError } from "../http/errors.js";
import { type ListedCounts, listedCounts } from "./counts.js";

export const SEARCH_PAGE_SIZE = 250;
/** The registry serves at most this many results of one search. */
export const SEARCH_RESULT_CAP = 10_000;

export interface ListedPackage {
  readonly name: string;
  readonly version: string;
  /** When the registry last changed the package document (deprecations, maintainer changes…). */
  readonly updated: string | undefined;
  /** Downloads and dependents as the search result gave them (docs/API.md#downloads). */
  readonly counts: ListedCounts;
}

export interface Listing {
  readonly packages: Map<string, ListedPackage>;
  /** Keywords whose total exceeded what the registry lets a search page through. */
  readonly capped: { keyword: string; total: number }[];
  readonly pages: number;
}

export interface ListingOptions {
  readonly client: UpstreamClient;
  readonly intervalMs: number;
  /** How many results the registry lets one search page through (default: the live registry's 10,000). */
  readonly resultCap?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly onPage?: (listed: number) => void;
}

interface SearchPage {
  readonly objects: readonly unknown[];
  readonly total: number;
}

export async function listMembers(keywords: readonly string[], options: ListingOptions): Promise<Listing> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const packages = new Map<string, ListedPackage>();
  const capped: { keyword: string; total: number }[] = [];
  let pages = 0;
  const cap = options.resultCap ?? SEARCH_RESULT_CAP;
  for (const keyword of keywords) {
    // `from` advances by what each page held: a server may serve fewer than `size`.
    for (let from = 0; from < cap; ) {
      if (pages > 0) await sleep(options.intervalMs);
      const path = `/-/v1/search?text=${encodeURIComponent(`keywords:${keyword}`)}&size=${SEARCH_PAGE_SIZE}&from=${from}`;
      const page = parsePage((await options.client.request(path)).text, path);
      pages++;
      for (const object of page.objects) addListed(packages, object);
      options.onPage?.(packages.size);
      if (page.total > cap && from === 0) capped.push({ keyword, total: page.total });
      from += page.objects.length;
      if (page.objects.length === 0 || from >= page.total) break;
    }
  }
  return { packages, capped, pages };
}

/**
 * A result whose name or version no registry could have written (wrong type, too long) lists nothing. A package
 * listed again (another page, another keyword) keeps what its first result said, counts included.
 */
function addListed(packages: Map<string, ListedPackage>, object: unknown): void {
  const result = (typeof object === "object" && object !== null ? object : {}) as { package?: unknown; updated?: unknown };
  const pkg = (typeof result.package === "object" && result.package !== null ? result.package : {}) as {
    name?: unknown;
    version?: unknown;
  };
  const { name, version } = pkg;
  if (!isShortText(name, BOUNDS.npmName) || !isShortText(version, BOUNDS.version) || packages.has(name)) return;
  packages.set(name, {
    name,
    version,
    updated: isShortText(result.updated, 64) ? result.updated : undefined,
    counts: listedCounts(object),
  });
}

function isShortText(value: unknown, max: number): value is string {
  return typeof value === "string" && value !== "" && value.length <= max && cleanText(value) === value;
}

function parsePage(text: string, path: string): SearchPage {
  let page: Partial<SearchPage> | null;
  try {
    page = JSON.parse(text) as Partial<SearchPage> | null;
  } catch {
    throw new MalformedResponseError("search page is not JSON", "GET", path);
  }
  if (!Array.isArray(page?.objects)) throw new MalformedResponseError("search page without objects", "GET", path);
  // `total` is documented; without it, paging goes on until a short page.
  return { objects: page.objects, total: typeof page.total === "number" ? page.total : Number.POSITIVE_INFINITY };
}
