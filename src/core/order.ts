/**
 * The stored total orders of docs/API.md#sorting. The build computes them once;
 * the query path only reads the resulting rank lists.
 */
import type { OrderKey, Plugin } from "./plugin.js";

/** A Plugin with what the `downloads` order reads (absent: 0). */
export type OrderedPlugin = Plugin & { readonly downloads?: { readonly lastMonth: number } | undefined };

type Comparator = (a: OrderedPlugin, b: OrderedPlugin) => number;

const nameCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Plain UTF-16 code-unit order, as the contract's "slug ascending" means. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const bySlug: Comparator = (a, b) => compareCodeUnits(a.slug, b.slug);

const byStars: Comparator = (a, b) => b.totalStars - a.totalStars || bySlug(a, b);
const lastMonth = (plugin: OrderedPlugin): number => plugin.downloads?.lastMonth ?? 0;

export const COMPARATORS: Record<OrderKey, Comparator> = {
  stars: byStars,
  recent: (a, b) => compareCodeUnits(b.updatedAt, a.updatedAt) || bySlug(a, b),
  name: (a, b) => nameCollator.compare(a.name, b.name) || bySlug(a, b),
  downloads: (a, b) => lastMonth(b) - lastMonth(a) || byStars(a, b),
};

/** Returns the plugins sorted by `sort`, leaving the input untouched. */
export function sortPlugins<T extends OrderedPlugin>(plugins: readonly T[], sort: OrderKey): T[] {
  return [...plugins].sort(COMPARATORS[sort]);
}
