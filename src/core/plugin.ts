/**
 * The catalog's public record: exactly the keys, in exactly the order, that
 * docs/API.md#listing-response lists for a Plugin.
 */
export interface Plugin {
  slug: string;
  npmName: string;
  name: string;
  description: string;
  version: string;
  license: string;
  homepage: string | null;
  totalStars: number;
  totalForks: number;
  hasWebUi: boolean;
  publishedAt: string;
  updatedAt: string;
  tags: string[];
}

/** Returns a copy with the contract's key order, whatever order `p` has. */
export function toWirePlugin(p: Plugin): Plugin {
  return {
    slug: p.slug,
    npmName: p.npmName,
    name: p.name,
    description: p.description,
    version: p.version,
    license: p.license,
    homepage: p.homepage,
    totalStars: p.totalStars,
    totalForks: p.totalForks,
    hasWebUi: p.hasWebUi,
    publishedAt: p.publishedAt,
    updatedAt: p.updatedAt,
    tags: p.tags,
  };
}

/** What `sort` accepts (docs/API.md#sorting). */
export const SORT_KEYS = ["stars", "recent", "name", "relevance", "downloads"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** The orders the build stores: every `sort` but `relevance`, which is scored per search (without `q` it is `stars`). */
export const ORDER_KEYS = ["stars", "recent", "name", "downloads"] as const;
export type OrderKey = (typeof ORDER_KEYS)[number];
