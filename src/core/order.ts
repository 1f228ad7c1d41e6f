/**
 * The three total orders of docs/API.md#sorting. The build computes them once;
 * the query path only reads the resulting rank lists.
 */
import type { Plugin, SortKey } from "./plugin.js";

type Comparator = (a: Plugin, b: Plugin) => number;

const nameCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Plain UTF-16 code-unit order, as the contract's "slug ascending" means. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const bySlug: Comparator = (a, b) => compareCodeUnits(a.slug, b.slug);

export const COMPARATORS: Record<SortKey, Comparator> = {
  stars: (a, b) => b.totalStars - a.totalStars || bySlug(a, b),
  recent: (a, b) => compareCodeUnits(b.updatedAt, a.updatedAt) || bySlug(a, b),
  name: (a, b) => nameCollator.compare(a.name, b.name) || bySlug(a, b),
};

/** Returns the plugins sorted by `sort`, leaving the input untouched. */
export function sortPlugins<T extends Plugin>(plugins: readonly T[], sort: SortKey): T[] {
  return [...plugins].sort(COMPARATORS[sort]);
}
