/**
 * Answers a validated query from one catalog build: narrow the catalog to a
 * set of ordinals, cut the page in sort order, fetch those records. An
 * unfiltered query skips straight to the sort-ordered shards.
 */
import { Bitset } from "../core/bitset.js";
import { renderPageFromJson } from "../core/page-body.js";
import { membersInOrder, type PageWindow, pageWindow } from "../core/paging.js";
import type { OrderKey } from "../core/plugin.js";
import { type CatalogQuery, isUnfiltered } from "../core/query.js";
import type { OtherOrderKey } from "../core/site-format.js";
import type { Catalog } from "./catalog.js";
import type { FilterSet } from "./filters.js";
import { filesOf, type PagePlugins, pageRecords, planRecordReads, readFrom, recordsFrom } from "./record-reads.js";
import { relevancePlugins } from "./relevance.js";

export async function answerQuery(catalog: Catalog, query: CatalogQuery): Promise<Uint8Array<ArrayBuffer>> {
  const { page, perPage } = query;
  // A scored page's records are read as a page of scattered plugins is, by their `stars` files.
  const sort: OrderKey = query.sort === "relevance" ? "stars" : query.sort;
  if (isUnfiltered(query)) {
    const window = pageWindow(catalog.size, page, perPage);
    const records = await catalog.recordsInOrder(sort, window.start, window.end);
    return renderPageFromJson({ total: catalog.size, page, perPage, pages: window.pages }, records);
  }
  const [filters, drops] = await Promise.all([filterSets(catalog, query), compatDrops(catalog, query)]);
  const matches = await matchingPlugins(catalog, query, filters, drops);
  const total = matches.count();
  const window = pageWindow(total, page, perPage);
  // Reading ahead, the next page's plugins are placed with this page's.
  const span = catalog.readAhead ? { ...window, end: Math.min(total, window.end + perPage) } : window;
  const plugins =
    window.start >= window.end
      ? { ordinals: [] }
      : query.sort === "relevance" && query.search
        ? await relevancePlugins(catalog, query.search, matches, total, span)
        : await pagePlugins(catalog, sort, matches, total, span, filters);
  const records = await recordsShown(catalog, plugins, window.end - window.start, sort, filters);
  return renderPageFromJson({ total, page, perPage, pages: window.pages }, records);
}

/** Files a page may read beyond its own to hold its next page's records too: a few, never a page of scattered results' worth. */
const READ_AHEAD_FILES = 4;

/** The records of the first `shown` of `plugins`; the others' (the next page's, reading ahead) are read along when that takes few more files. */
async function recordsShown(
  catalog: Catalog,
  plugins: PagePlugins,
  shown: number,
  sort: OrderKey,
  filters: readonly FilterSet[],
): Promise<Uint8Array[]> {
  const { ordinals, positions } = plugins;
  const own = { ordinals: ordinals.slice(0, shown), ...(positions === undefined ? {} : { positions: positions.slice(0, shown) }) };
  const present = catalog.records.present(own.ordinals);
  if (present !== undefined) return present;
  const ownReads = planRecordReads(catalog, own, sort, filters);
  if (ordinals.length > shown) {
    const reads = planRecordReads(catalog, plugins, sort, filters);
    if (filesOf(reads) <= filesOf(ownReads) + READ_AHEAD_FILES) {
      // A failed read is the next page's to report when this page's own files read well; what is present may have
      // changed meanwhile, so this page's plan is made again.
      const read = await recordsFrom(catalog, plugins, reads).catch(() => undefined);
      return read?.slice(0, shown) ?? pageRecords(catalog, own, sort, filters);
    }
  }
  return recordsFrom(catalog, own, ownReads);
}

/** The sets of the query's `web`, `category` and `author` filters (their packs read at once). */
function filterSets(catalog: Catalog, query: CatalogQuery): Promise<FilterSet[]> {
  return Promise.all([
    ...(query.webOnly ? [catalog.filters.web()] : []),
    ...(query.category === undefined ? [] : [catalog.filters.tag(query.category)]),
    ...(query.author === undefined ? [] : [catalog.filters.author(query.author)]),
  ]);
}

/** The plugins `compat` drops, when the query names it. */
export function compatDrops(catalog: Catalog, query: CatalogQuery): Promise<Bitset | undefined> {
  return query.compat === undefined ? Promise.resolve(undefined) : catalog.compat.drops(query.compat);
}

async function matchingPlugins(
  catalog: Catalog,
  query: CatalogQuery,
  filters: readonly FilterSet[],
  drops: Bitset | undefined,
): Promise<Bitset> {
  if (query.search === null) return new Bitset(catalog.size);
  // The first set is copied, the others intersected with it; a search alone is its own answer (a set of its own).
  let matches: Bitset | undefined;
  for (const filter of filters) matches = matches === undefined ? filter.set.clone() : matches.and(filter.set);
  if (query.search !== undefined && (matches === undefined || matches.count() > 0)) {
    const found = await catalog.search().match(query.search);
    matches = matches === undefined ? found : matches.and(found);
  }
  // `compat` keeps what its drop set does not hold: the set of every other filter, less it.
  const kept = matches ?? Bitset.full(catalog.size);
  return drops === undefined ? kept : kept.andNot(drops);
}

/**
 * The page's plugins in sort order. `stars` order is ordinal order. Few matches are ordered by
 * their records' positions (a record file tells each record's positions in every order): from
 * records in memory, or, while the order file is not, from their files when that is cheap (one
 * file, or the page shows them all, so they are read anyway). Otherwise the order is walked,
 * which costs a pass over the whole catalog.
 */
async function pagePlugins(
  catalog: Catalog,
  sort: OrderKey,
  matches: Bitset,
  total: number,
  window: PageWindow,
  filters: readonly FilterSet[],
): Promise<PagePlugins> {
  if (sort === "stars") {
    const ordinals = matches.slice(window.start, window.end);
    return { ordinals, positions: ordinals };
  }
  const known = catalog.loadedOrder(sort);
  const ordered =
    total <= FEW_MATCHES ? await orderedByRecords(catalog, matches, total, sort, window, filters, known === undefined) : undefined;
  if (ordered !== undefined) return ordered;
  const ranks = catalog.loadedRanks(sort);
  // Whichever is in memory serves, the cheaper one when both or neither are.
  const byRanks = (known === undefined || ranks !== undefined) && rankingIsCheaper(total, window.end, catalog.size);
  if (byRanks) return membersByRank(matches.slice(0, total), ranks ?? (await catalog.ranks(sort)), window.start, window.end);
  return membersInOrder(matches, known ?? (await catalog.order(sort)), window.start, window.end);
}

/**
 * Walking the order to the page's end passes about `size * end / members` positions, one step each; ranking costs
 * a few steps per member and a native sort. A cold isolate interprets every step, so a deep page of a large filter
 * is cut from its members' ranks rather than walked to.
 */
const rankingIsCheaper = (members: number, end: number, size: number): boolean => 4 * members * members < size * end;

/** Matches few enough to be ordered by their records' positions. */
const FEW_MATCHES = 128;

async function orderedByRecords(
  catalog: Catalog,
  matches: Bitset,
  total: number,
  sort: OtherOrderKey,
  window: PageWindow,
  filters: readonly FilterSet[],
  mayRead: boolean,
): Promise<PagePlugins | undefined> {
  const members = matches.slice(0, total);
  const rankOf = (ordinal: number) => catalog.records.rank(sort, ordinal);
  let positions = members.map(rankOf);
  if (positions.some((position) => position === undefined)) {
    // With the order in memory, walking it is cheaper than reading records.
    if (!mayRead) return undefined;
    const reads = planRecordReads(catalog, { ordinals: members }, "stars", filters);
    const showsAll = window.start === 0 && window.end === total;
    if (!showsAll && filesOf(reads) > 1) return undefined;
    await readFrom(catalog, reads);
    positions = members.map(rankOf);
    // A record cache too small to hold them all: the order file it is.
    if (positions.some((position) => position === undefined)) return undefined;
  }
  const keys = new Float64Array(members.length);
  for (let i = 0; i < members.length; i++) keys[i] = positionKey(positions[i]!, members[i]!);
  return pageOfKeys(keys, window.start, window.end);
}

/** The same as `membersInOrder`, from each member's position (`ranks[ordinal]`) instead of a walk over the order. */
export function membersByRank(
  members: readonly number[],
  ranks: ArrayLike<number>,
  start: number,
  end: number,
): PagePlugins & { positions: number[] } {
  const keys = new Float64Array(members.length);
  for (let i = 0; i < members.length; i++) keys[i] = positionKey(ranks[members[i]!]!, members[i]!);
  return pageOfKeys(keys, start, end);
}

/**
 * A plugin's position and ordinal as one number, so that one native sort of such keys orders plugins by position
 * (exact below 2^21 plugins): a sort with a comparator would call it a few hundred times in the interpreter, and a
 * cold isolate would then compile it.
 */
const positionKey = (position: number, ordinal: number): number => position * ORDINAL_SPAN + ordinal;

/** The plugins of keys `start … end - 1` in position order, with their positions. */
function pageOfKeys(keys: Float64Array, start: number, end: number): PagePlugins & { positions: number[] } {
  keys.sort();
  const page = keys.subarray(start, end);
  const positions = Array.from(page, (key) => Math.floor(key / ORDINAL_SPAN));
  return { ordinals: Array.from(page, (key, i) => key - positions[i]! * ORDINAL_SPAN), positions };
}

const ORDINAL_SPAN = 2 ** 32;
