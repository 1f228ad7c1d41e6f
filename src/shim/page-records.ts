/**
 * The records of a filtered page. Each record lies in several files: the
 * `stars` shard of its ordinal, the shard of its position in the page's
 * order, and the group chunks of the small filter sets it belongs to. The
 * page's absent records are read from whichever of these layouts needs the
 * fewest files: a page of an author is one group file, where the shards
 * would be one file per plugin.
 */
import type { SortKey } from "../core/plugin.js";
import type { Catalog } from "./catalog.js";
import type { FilterSet, RecordGroup } from "./filters.js";
import { CatalogUnavailable } from "./problem.js";

export interface PagePlugins {
  /** The page's plugins, in page order. */
  readonly ordinals: readonly number[];
  /** Their positions in the page's sort order, when known. */
  readonly positions?: readonly number[];
}

/** Absent records by ordinal → the file each is read from (a layout). */
type Layout = Map<number, string>;

export async function pageRecords(catalog: Catalog, plugins: PagePlugins, sort: SortKey, filters: readonly FilterSet[]): Promise<Uint8Array[]> {
  const present = catalog.records.present(plugins.ordinals);
  if (present !== undefined) return present;
  // Taken now: reading files may evict these records, but the bytes in hand stay valid.
  const found = plugins.ordinals.map((ordinal) => catalog.records.get(ordinal));
  const absent = plugins.ordinals.filter((_, i) => found[i] === undefined);
  const layout = cheapestLayout(layoutsFor(catalog, plugins, absent, sort, filters));
  const read = await readFrom(catalog, layout);
  return plugins.ordinals.map((ordinal, i) => {
    const record = found[i] ?? read.get(ordinal);
    if (record === undefined) throw new CatalogUnavailable(`${layout.get(ordinal)} lacks the record of plugin ${ordinal}`);
    return record;
  });
}

function layoutsFor(catalog: Catalog, plugins: PagePlugins, absent: readonly number[], sort: SortKey, filters: readonly FilterSet[]): Layout[] {
  const size = catalog.manifest.shardSize;
  const layouts: Layout[] = [new Map(absent.map((ordinal) => [ordinal, catalog.shardFile("stars", Math.floor(ordinal / size))]))];
  if (sort !== "stars" && plugins.positions !== undefined) {
    const positionOf = new Map(plugins.ordinals.map((ordinal, i) => [ordinal, plugins.positions![i]!]));
    layouts.push(new Map(absent.map((ordinal) => [ordinal, catalog.shardFile(sort, Math.floor(positionOf.get(ordinal)! / size))])));
  }
  for (const { set, group } of filters) if (group !== undefined) layouts.push(groupLayout(set.ranks([...absent].sort((a, b) => a - b)), absent, group));
  return layouts;
}

/** `ranks[i]`: the rank in the set of the i-th smallest of `absent`. */
function groupLayout(ranks: readonly number[], absent: readonly number[], group: RecordGroup): Layout {
  const ascending = [...absent].sort((a, b) => a - b);
  return new Map(ascending.map((ordinal, i) => [ordinal, group.files[Math.floor(ranks[i]! / group.chunk)] ?? ""]));
}

/** The layout of fewest files; on a tie the first (a shard serves more later pages than a group file). */
function cheapestLayout(layouts: readonly Layout[]): Layout {
  const files = (layout: Layout) => (Array.from(layout.values()).includes("") ? Infinity : new Set(layout.values()).size);
  return layouts.reduce((best, layout) => (files(layout) < files(best) ? layout : best));
}

/** Reads the layout's files at once; the records asked for, by ordinal. */
async function readFrom(catalog: Catalog, layout: Layout): Promise<Map<number, Uint8Array>> {
  const wanted = new Set(layout.keys());
  const contents = await Promise.all([...new Set(layout.values())].map((file) => catalog.records.file(file)));
  const records = new Map<number, Uint8Array>();
  for (const { ordinals, records: held } of contents) {
    for (let i = 0; i < ordinals.length; i++) if (wanted.has(ordinals[i]!)) records.set(ordinals[i]!, held[i]!);
  }
  return records;
}
