/**
 * Answers a validated query from one catalog build: narrow the catalog to a
 * set of ordinals, walk the sort order to cut the page, fetch those records.
 * An unfiltered query skips straight to the sort-ordered shards.
 */
import { Bitset } from "../core/bitset.js";
import { pageWindow } from "../core/paging.js";
import { isUnfiltered, type CatalogQuery } from "../core/query.js";
import { renderPageFromJson } from "../core/response.js";
import type { Catalog } from "./catalog.js";

export async function answerQuery(catalog: Catalog, query: CatalogQuery): Promise<Uint8Array<ArrayBuffer>> {
  const { page, perPage, sort } = query;
  if (isUnfiltered(query)) {
    const window = pageWindow(catalog.size, page, perPage);
    const records = await catalog.recordsInOrder(sort, window.start, window.end);
    return renderPageFromJson({ total: catalog.size, page, perPage, pages: window.pages }, records);
  }
  const matches = await matchingPlugins(catalog, query);
  const total = matches.count();
  const window = pageWindow(total, page, perPage);
  const order = sort === "stars" ? undefined : (await catalog.orders())[sort];
  const ordinals = window.start < window.end ? membersInOrder(matches, order, window.start, window.end) : [];
  const records = await catalog.recordsAt(ordinals);
  return renderPageFromJson({ total, page, perPage, pages: window.pages }, records);
}

async function matchingPlugins(catalog: Catalog, query: CatalogQuery): Promise<Bitset> {
  if (query.search === null) return new Bitset(catalog.size);
  const matches = Bitset.full(catalog.size);
  if (query.webOnly) matches.and(await catalog.webSet());
  if (query.category !== undefined) matches.and(await catalog.tagSet(query.category));
  if (query.author !== undefined) matches.and(await catalog.authorSet(query.author));
  if (query.search !== undefined && matches.count() > 0) matches.and(await (await catalog.search()).match(query.search));
  return matches;
}

/** Members at positions `start..end` of the order (`undefined`: ordinal order, which is `stars`). */
export function membersInOrder(members: Bitset, order: ArrayLike<number> | undefined, start: number, end: number): number[] {
  const picked: number[] = [];
  let position = 0;
  const length = order === undefined ? members.size : order.length;
  for (let i = 0; i < length && position < end; i++) {
    const ordinal = order === undefined ? i : order[i]!;
    if (!members.has(ordinal)) continue;
    if (position >= start) picked.push(ordinal);
    position++;
  }
  return picked;
}
