/**
 * The filter data: every tag's and creator's set of plugins in `SetPack`s
 * spread over hash buckets (a query reads the one pack of each key it
 * filters by), the `filters` pack of the sets `/api/facets` counts with, and
 * for each small set the group files holding copies of its plugins' records.
 */
import { authorKey, type FileSeries, keyBucket, type SetPackHeader, tagKey, UNCATEGORIZED_KEY, WEB_KEY } from "../core/site-format.js";
import type { SnapshotPlugin } from "../snapshot/schema.js";
import { type AddFile, writeSeries } from "./file-series.js";
import type { SiteLayout } from "./layout.js";
import { encodeRecordFile, type RecordSource } from "./record-file-writer.js";
import { encodeSetPack, type NamedSet } from "./set-pack-writer.js";

/** What the filters read of a plugin. */
export type FilterFacts = Pick<SnapshotPlugin, "tags" | "creators" | "hasWebUi">;

export interface FilterFiles {
  readonly filters: string;
  readonly keys: FileSeries;
}

export function writeFilterPacks(
  add: AddFile,
  byStars: readonly FilterFacts[],
  categories: readonly string[],
  source: RecordSource,
  layout: SiteLayout,
): FilterFiles {
  const { keyed, web } = filterSetsOf(byStars);
  const buckets = bucketsOf(keyed, byStars.length, layout.keyPackBytes);
  const grouped = groupedKeys(keyed, byStars.length);
  const keys = writeSeries(
    add,
    "filters",
    buckets.map((sets, i) => packWithGroups(add, `groups-${i}`, sets, (key) => grouped.has(key), byStars.length, source, layout)),
  );
  const facetSets = sortedByKey([{ key: WEB_KEY, members: web }, uncategorizedOf(byStars, categories), ...categorySets(keyed, categories)]);
  // The categories' groups are in the key packs already; `web` has no other pack.
  const filters = add(
    "filters",
    packWithGroups(add, "groups-web", facetSets, (key) => key === WEB_KEY, byStars.length, source, layout, { categories }),
  );
  return { filters, keys };
}

/** Every lower-cased tag's and creator login's plugins, and the web-UI plugins, as ascending ordinals. */
function filterSetsOf(byStars: readonly FilterFacts[]): { keyed: Map<string, number[]>; web: number[] } {
  const keyed = new Map<string, number[]>();
  const web: number[] = [];
  const add = (key: string, ordinal: number) => {
    const members = keyed.get(key);
    if (members === undefined) keyed.set(key, [ordinal]);
    else if (members[members.length - 1] !== ordinal) members.push(ordinal);
  };
  byStars.forEach((plugin, ordinal) => {
    for (const tag of plugin.tags) add(tagKey(tag.toLowerCase()), ordinal);
    for (const login of plugin.creators) add(authorKey(login.toLowerCase()), ordinal);
    if (plugin.hasWebUi) web.push(ordinal);
  });
  return { keyed, web };
}

/**
 * How many of one plugin's tag and creator sets may hold a copy of its record (docs/API.md#bounds). Each group file
 * copies its sets' records, so a plugin with a hundred tags of its own would be copied a hundred times; ordinary
 * plugins, with a few tags and logins, stay far below.
 */
export const GROUPED_SETS_PER_PLUGIN = 32;

/**
 * The keys whose sets may be grouped: a plugin lends its record to its `GROUPED_SETS_PER_PLUGIN` largest sets (ties
 * by key), and a set is grouped only if every member lends it. A set left out is read from the record shards, as a
 * large set is: slower on a cold isolate, never wrong.
 */
function groupedKeys(keyed: ReadonlyMap<string, number[]>, plugins: number): Set<string> {
  const keysOf = Array.from({ length: plugins }, (): string[] => []);
  for (const [key, members] of keyed) for (const ordinal of members) keysOf[ordinal]!.push(key);
  const declined = new Set<string>();
  for (const keys of keysOf) {
    if (keys.length <= GROUPED_SETS_PER_PLUGIN) continue;
    const bySize = keys.sort((a, b) => keyed.get(b)!.length - keyed.get(a)!.length || (a < b ? -1 : a > b ? 1 : 0));
    for (const key of bySize.slice(GROUPED_SETS_PER_PLUGIN)) declined.add(key);
  }
  return new Set([...keyed.keys()].filter((key) => !declined.has(key)));
}

/** Compared lower-cased on both sides, as the `category` filter compares. */
function uncategorizedOf(byStars: readonly FilterFacts[], categories: readonly string[]): NamedSet {
  const wanted = new Set(categories.map((category) => category.toLowerCase()));
  const members: number[] = [];
  byStars.forEach((plugin, ordinal) => {
    if (!plugin.tags.some((tag) => wanted.has(tag.toLowerCase()))) members.push(ordinal);
  });
  return { key: UNCATEGORIZED_KEY, members };
}

function categorySets(keyed: ReadonlyMap<string, number[]>, categories: readonly string[]): NamedSet[] {
  const keys = new Set(categories.map((category) => tagKey(category.toLowerCase())));
  return [...keys].map((key) => ({ key, members: keyed.get(key) ?? [] }));
}

/** Enough buckets that each pack is about `packBytes` (a set costs its smaller encoding, plus its key). */
function bucketsOf(keyed: ReadonlyMap<string, number[]>, plugins: number, packBytes: number): NamedSet[][] {
  const bitmapWords = Math.ceil(plugins / 32);
  let bytes = 0;
  for (const [key, members] of keyed) bytes += 4 * Math.min(members.length, bitmapWords) + key.length + 24;
  const count = Math.max(1, Math.ceil(bytes / packBytes));
  const buckets = Array.from({ length: count }, (): NamedSet[] => []);
  for (const [key, members] of keyed) buckets[keyBucket(key, count)]!.push({ key, members });
  return buckets.map(sortedByKey);
}

const sortedByKey = (sets: readonly NamedSet[]): NamedSet[] => [...sets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** The pack of `sets`, writing first the group files (named `groupKind-<i>`) of its small sets that `grouped` picks. */
function packWithGroups(
  add: AddFile,
  groupKind: string,
  sets: readonly NamedSet[],
  grouped: (key: string) => boolean,
  plugins: number,
  source: RecordSource,
  layout: SiteLayout,
  extra: Omit<SetPackHeader, "files" | "groups"> = {},
): Uint8Array {
  const files = new GroupFiles(layout.groupChunk);
  const limit = Math.max(layout.groupLimit, Math.floor(layout.groupShare * plugins));
  const small = (set: NamedSet) => set.members.length > 0 && set.members.length <= limit && grouped(set.key);
  const groups = sets.map((set) => (small(set) ? files.place(set.members) : 0));
  const paths = files.contents.map((ordinals, i) => add(`${groupKind}-${i}`, encodeRecordFile(source, ordinals)));
  const hasGroups = paths.length > 0;
  return encodeSetPack(plugins, sets, { ...extra, ...(hasGroups ? { files: paths, groups } : {}) });
}

/** Fills group files in order: a chunk goes into the current file if it fits, else into a new one. */
class GroupFiles {
  readonly contents: number[][] = [];

  constructor(private readonly chunk: number) {}

  /** `[file index, first record, …]`, one pair per chunk of `members`. */
  place(members: readonly number[]): number[] {
    const pairs: number[] = [];
    for (let start = 0; start < members.length; start += this.chunk) {
      const piece = members.slice(start, start + this.chunk);
      let file = this.contents[this.contents.length - 1];
      if (file === undefined || file.length + piece.length > this.chunk) this.contents.push((file = []));
      pairs.push(this.contents.length - 1, file.length);
      for (const ordinal of piece) file.push(ordinal);
    }
    return pairs;
  }
}
