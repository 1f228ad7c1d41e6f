/**
 * Answers a validated query from one catalog build: narrow the catalog to a
 * set of ordinals, cut the page in sort order, fetch those records. An
 * unfiltered query skips straight to the sort-ordered shards.
 */
import { Bitset } from "../core/bitset.js";
import { pageWindow, type PageWindow } from "../core/paging.js";
import { isUnfiltered, type CatalogQuery } from "../core/query.js";
import { renderPageFromJson } from "../core/response.js";
import type { Catalog } from "./catalog.js";
import type { FilterSet } from "./filters.js";
import { pageRecords, type PagePlugins } from "./page-records.js";
import { CatalogUnavailable } from "./problem.js";

export async function answerQuery(catalog: Catalog, query: CatalogQuery): Promise<Uint8Array<ArrayBuffer>> {
  const { page, perPage, sort } = query;
  if (isUnfiltered(query)) {
    const window = pageWindow(catalog.size, page, perPage);
    const records = await catalog.recordsInOrder(sort, window.start, window.end);
    return renderPageFromJson({ total: catalog.size, page, perPage, pages: window.pages }, records);
  }
  const filters = await filterSets(catalog, query);
  const matches = await matchingPlugins(catalog, query, filters);
  const total = matches.count();
  const window = pageWindow(total, page, perPage);
  const plugins = window.start < window.end ? await pagePlugins(catalog, query, matches, window, filters) : { ordinals: [] };
  const records = await pageRecords(catalog, plugins, query.sort, filters);
  return renderPageFromJson({ total, page, perPage, pages: window.pages }, records);
}

/** The sets of the query's `web`, `category` and `author` filters (their packs read at once). */
function filterSets(catalog: Catalog, query: CatalogQuery): Promise<FilterSet[]> {
  return Promise.all([
    ...(query.webOnly ? [catalog.filters.web()] : []),
    ...(query.category === undefined ? [] : [catalog.filters.tag(query.category)]),
    ...(query.author === undefined ? [] : [catalog.filters.author(query.author)]),
  ]);
}

async function matchingPlugins(catalog: Catalog, query: CatalogQuery, filters: readonly FilterSet[]): Promise<Bitset> {
  if (query.search === null) return new Bitset(catalog.size);
  const matches = Bitset.full(catalog.size);
  for (const filter of filters) matches.and(filter.set);
  if (query.search !== undefined && matches.count() > 0) matches.and(await catalog.search().match(query.search));
  return matches;
}

/**
 * The page's plugins in sort order. `stars` order is ordinal order. Another order is walked
 * through its order file, unless that is not in memory yet and the matches all lie in one
 * group chunk, whose records carry their positions in every order: then that one file, which
 * the page's records come from anyway, is all it takes.
 */
async function pagePlugins(catalog: Catalog, query: CatalogQuery, matches: Bitset, window: PageWindow, filters: readonly FilterSet[]): Promise<PagePlugins> {
  const { sort } = query;
  if (sort === "stars") {
    const ordinals = matches.slice(window.start, window.end);
    return { ordinals, positions: ordinals };
  }
  const group = catalog.loadedOrder(sort) === undefined ? filters.find((filter) => filter.group?.files.length === 1)?.group : undefined;
  if (group !== undefined) return orderedInGroup(catalog, matches, group, sort, window, filters);
  const order = catalog.loadedOrder(sort) ?? (await catalog.order(sort));
  return membersInOrder(matches, order, window.start, window.end);
}

async function orderedInGroup(
  catalog: Catalog, matches: Bitset, group: NonNullable<FilterSet["group"]>, sort: "recent" | "name", window: PageWindow, filters: readonly FilterSet[],
): Promise<PagePlugins> {
  const file = group.files[0]!;
  const contents = await catalog.records.file(file);
  const holder = filters.find((filter) => filter.group === group)!;
  const members = matches.slice(0, matches.size);
  const indexes = holder.set.ranks(members).map((rank) => group.starts[0]! + rank);
  if (indexes.some((index, i) => contents.ordinals[index] !== members[i])) throw new CatalogUnavailable(`${file} does not hold the group its pack says`);
  const ranks = contents.ranks[sort];
  const byRank = indexes.map((index, i) => ({ ordinal: members[i]!, position: ranks[index]! })).sort((a, b) => a.position - b.position);
  const page = byRank.slice(window.start, window.end);
  return { ordinals: page.map((plugin) => plugin.ordinal), positions: page.map((plugin) => plugin.position) };
}

/** Members at positions `start..end` of the order, with their positions in it. */
export function membersInOrder(members: Bitset, order: ArrayLike<number>, start: number, end: number): PagePlugins & { positions: number[] } {
  const ordinals: number[] = [];
  const positions: number[] = [];
  let rank = 0;
  for (let i = 0; i < order.length && rank < end; i++) {
    const ordinal = order[i]!;
    if (!members.has(ordinal)) continue;
    if (rank >= start) {
      ordinals.push(ordinal);
      positions.push(i);
    }
    rank++;
  }
  return { ordinals, positions };
}
