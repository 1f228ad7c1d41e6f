/**
 * The 200 body of `GET /api/facets` (docs/API.md#facets): counts for a
 * filter sidebar, keys in the documented order.
 */
export interface CategoryCount {
  readonly category: string;
  readonly count: number;
}

export interface FacetCounts {
  /** What `/api/plugins` answers as `total` for the same filters. */
  readonly total: number;
  /** One entry per configured category, in configuration order: matches of every filter but `category`. */
  readonly categories: readonly CategoryCount[];
  /** Matches of every filter but `category` that have none of the categories. */
  readonly uncategorized: number;
  /** Matches of every filter but `web` that have a web UI. */
  readonly webUi: number;
}

const encoder = new TextEncoder();

/** Built key by key, so the order on the wire never depends on how `counts` was assembled. */
export function renderFacets(counts: FacetCounts): Uint8Array<ArrayBuffer> {
  const body: FacetCounts = {
    total: counts.total,
    categories: counts.categories.map(({ category, count }) => ({ category, count })),
    uncategorized: counts.uncategorized,
    webUi: counts.webUi,
  };
  return encoder.encode(JSON.stringify(body));
}
