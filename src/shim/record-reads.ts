/**
 * Where to read the records of a filtered page. Each record lies in several files: the
 * `stars` shard of its ordinal, its fine shard, the shard of its position in
 * the page's order, and the group chunks of the small filter sets it belongs
 * to. The page's absent records are read from whichever of these files
 * needs the fewest files, then the fewest bytes: a page of an author is one
 * group file, where the shards would be one file per plugin; a page of a few
 * scattered search results is one fine shard per result.
 */
import type { OrderKey } from "../core/plugin.js";
import type { Catalog } from "./catalog.js";
import type { FilterSet, RecordGroup } from "./filters.js";
import { CatalogUnavailable } from "./problem.js";
import { recordAt } from "./record-file-reader.js";

export interface PagePlugins {
  /** The page's plugins, in page order. */
  readonly ordinals: readonly number[];
  /** Their positions in the page's sort order, when known. */
  readonly positions?: readonly number[];
}

/**
 * Records (about half a kilobyte each) an answer may read beyond those it shows: with the manifest,
 * filter packs, postings and order it reads besides, about a megabyte in all.
 */
const RECORD_READ_BUDGET = 1_600;

/** Where to read each absent record (by ordinal), how many records each of those files holds, and where those of `stars` order start. */
export interface RecordReads {
  readonly files: ReadonlyMap<number, string>;
  readonly sizes: ReadonlyMap<string, number>;
  readonly firsts: ReadonlyMap<string, number>;
}

export async function pageRecords(
  catalog: Catalog,
  plugins: PagePlugins,
  sort: OrderKey,
  filters: readonly FilterSet[],
): Promise<Uint8Array[]> {
  return catalog.records.present(plugins.ordinals) ?? recordsFrom(catalog, plugins, planRecordReads(catalog, plugins, sort, filters));
}

/** The records of `plugins`, those absent read as `reads` says; the plan must be made from the records present now. */
export async function recordsFrom(catalog: Catalog, plugins: PagePlugins, reads: RecordReads): Promise<Uint8Array[]> {
  // Taken now: reading files may evict these records, but the bytes in hand stay valid.
  const found = plugins.ordinals.map((ordinal) => catalog.records.get(ordinal));
  const read = await readFrom(catalog, reads);
  return plugins.ordinals.map((ordinal, i) => {
    const record = found[i] ?? read.get(ordinal);
    if (record === undefined) throw new CatalogUnavailable(`${reads.files.get(ordinal)} lacks the record of plugin ${ordinal}`);
    return record;
  });
}

/** The cheapest way to read the absent records of `plugins`. */
export function planRecordReads(catalog: Catalog, plugins: PagePlugins, sort: OrderKey, filters: readonly FilterSet[]): RecordReads {
  // Sorted as words: a typed array sorts numerically and natively, where a comparator would run in the interpreter.
  const absent = Array.from(Uint32Array.from(plugins.ordinals.filter((ordinal) => catalog.records.get(ordinal) === undefined)).sort());
  const candidates = candidatesFor(catalog, plugins, absent, sort, filters);
  return shrunk(catalog, absent, cheapest(candidates));
}

/**
 * One way to read the records: `files[i]` is the file of the i-th smallest absent ordinal, by
 * index into `path`; each file holds `size` records.
 */
interface Candidate {
  readonly files: readonly number[];
  readonly size: number;
  readonly path: (index: number) => string;
  /** Files of `stars` order: the first ordinal of file `index`. */
  readonly first?: (index: number) => number;
}

function candidatesFor(
  catalog: Catalog,
  plugins: PagePlugins,
  absent: readonly number[],
  sort: OrderKey,
  filters: readonly FilterSet[],
): Candidate[] {
  const { shardSize, fineShardSize } = catalog.manifest;
  const candidates: Candidate[] = [
    {
      files: absent.map((ordinal) => Math.floor(ordinal / shardSize)),
      size: shardSize,
      path: (index) => catalog.shardFile("stars", index),
      first: (index) => index * shardSize,
    },
    {
      files: absent.map((ordinal) => Math.floor(ordinal / fineShardSize)),
      size: fineShardSize,
      path: (index) => catalog.fineShardFile(index),
      first: (index) => index * fineShardSize,
    },
  ];
  if (sort !== "stars" && plugins.positions !== undefined) {
    const positionOf = new Map(plugins.ordinals.map((ordinal, i) => [ordinal, plugins.positions![i]!]));
    const files = absent.map((ordinal) => Math.floor(positionOf.get(ordinal)! / shardSize));
    candidates.push({ files, size: shardSize, path: (index) => catalog.shardFile(sort, index) });
  }
  for (const { set, group } of filters) if (group !== undefined) candidates.push(groupCandidate(set.ranks(absent), group));
  return candidates;
}

/** `ranks[i]`: the rank in the group's set of the i-th smallest absent ordinal. */
function groupCandidate(ranks: readonly number[], group: RecordGroup): Candidate {
  const path = (index: number) => {
    const file = group.files[index];
    if (file === undefined) throw new CatalogUnavailable("a filter pack lists fewer group chunks than its set needs");
    return file;
  };
  return { files: ranks.map((rank) => Math.floor(rank / group.chunk)), size: group.chunk, path };
}

const distinct = (files: readonly number[]): number => new Set(files).size;

/**
 * A read costs a cold isolate far more than its bytes, so the candidate of fewest files wins, then
 * of fewest bytes, then the first (a shard serves more later pages than a group file), among
 * those whose bytes stay in budget; when none does (a page of scattered results), among those
 * within twice the budget; when none does either, the one of fewest bytes.
 */
function cheapest(candidates: readonly Candidate[]): Candidate {
  const costs = candidates.map((candidate) => {
    const files = distinct(candidate.files);
    return { candidate, files, records: files * candidate.size };
  });
  type Cost = (typeof costs)[number];
  const fewestFiles = (a: Cost, b: Cost) => a.files < b.files || (a.files === b.files && a.records < b.records);
  for (const budget of [RECORD_READ_BUDGET, 2 * RECORD_READ_BUDGET]) {
    const within = costs.filter((cost) => cost.records <= budget);
    if (within.length > 0) return within.reduce((best, cost) => (fewestFiles(cost, best) ? cost : best)).candidate;
  }
  return costs.reduce((best, cost) => (cost.records < best.records ? cost : best)).candidate;
}

/** The candidate's files, each giving way to a fine shard when its records here all lie in one (same reads, fewer bytes). */
function shrunk(catalog: Catalog, absent: readonly number[], candidate: Candidate): RecordReads {
  const fineSize = catalog.manifest.fineShardSize;
  const fine = (i: number) => Math.floor(absent[i]! / fineSize);
  const fineOfFile = new Map<number, number | undefined>();
  candidate.files.forEach((file, i) => {
    const shard = fineOfFile.has(file) ? fineOfFile.get(file) : fine(i);
    fineOfFile.set(file, shard === fine(i) ? shard : undefined);
  });
  const files = new Map<number, string>();
  const sizes = new Map<string, number>();
  const firsts = new Map<string, number>();
  // A file's name is built once, not once per record it holds.
  const paths = new Map<number, string>();
  candidate.files.forEach((file, i) => {
    let path = paths.get(file);
    if (path === undefined) {
      const shard = candidate.size > fineSize ? fineOfFile.get(file) : undefined;
      path = shard === undefined ? candidate.path(file) : catalog.fineShardFile(shard);
      paths.set(file, path);
      sizes.set(path, shard === undefined ? candidate.size : fineSize);
      const first = shard === undefined ? candidate.first?.(file) : shard * fineSize;
      if (first !== undefined) firsts.set(path, first);
    }
    files.set(absent[i]!, path);
  });
  return { files, sizes, firsts };
}

/** How many files a plan reads. */
export const filesOf = (reads: RecordReads): number => reads.sizes.size;

/** Reads the plan's files at once; the records asked for, by ordinal. */
export async function readFrom(catalog: Catalog, reads: RecordReads): Promise<Map<number, Uint8Array>> {
  const paths = [...reads.sizes.keys()];
  const contents = await Promise.all(paths.map((file) => catalog.records.file(file, undefined, reads.firsts.get(file))));
  const byPath = new Map(paths.map((path, i) => [path, contents[i]!]));
  const records = new Map<number, Uint8Array>();
  // Each wanted record is looked up in its file (a native search of its ordinals), not each file's every record tested.
  reads.files.forEach((path, ordinal) => {
    const file = byPath.get(path)!;
    const index = file.ordinals.indexOf(ordinal);
    if (index >= 0) records.set(ordinal, recordAt(file, index));
  });
  return records;
}
