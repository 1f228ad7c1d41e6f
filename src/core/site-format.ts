/**
 * The shape of a built site, shared by the site build (which writes it) and
 * the shim (which reads it). Data files are named by their content hash and
 * never change; the manifest is the one entry point and names one build's
 * files, so a reader that resolves everything through one manifest can never
 * mix two builds.
 */
import type { SortKey } from "./plugin.js";

export const MANIFEST_PATH = "catalog/manifest.json";
export const SITE_FORMAT = "plugin-catalog/site" as const;
export const SITE_FORMAT_VERSION = 2 as const;

/** Plugins per record shard: the largest `per_page`, so any page spans at most two shards. */
export const SHARD_SIZE = 100;
export const DEFAULT_PER_PAGE = 50;

export interface SiteManifest {
  readonly format: typeof SITE_FORMAT;
  readonly formatVersion: typeof SITE_FORMAT_VERSION;
  /** Changes exactly when the catalog's data changes. */
  readonly buildId: string;
  /** When the catalog's data was read from the upstreams (the API's Last-Modified). */
  readonly builtAt: string;
  readonly plugins: number;
  readonly shardSize: number;
  /** Record shards per sort order; in `stars` order a plugin's ordinal is its position. */
  readonly records: Readonly<Record<SortKey, readonly string[]>>;
  readonly orders: string;
  readonly filters: string;
  readonly search: string;
  /** The whole catalog snapshot, so tomorrow's build can start from today's. */
  readonly snapshot?: string;
}

/** The build report of the fetch that produced this catalog (absent for a build from a snapshot file). */
export const REPORT_PATH = "catalog/report.json";

/** Position lists of the non-`stars` orders, as ordinals (= `stars` positions). */
export type OrdersFile = Readonly<Record<Exclude<SortKey, "stars">, readonly number[]>>;

/** Ordinals per lower-cased tag and creator login, and of the web-UI plugins. */
export interface FiltersFile {
  readonly tags: Readonly<Record<string, readonly number[]>>;
  readonly authors: Readonly<Record<string, readonly number[]>>;
  readonly web: readonly number[];
}

/**
 * The search chunks in term order. Each chunk is a whole serialized Lunr
 * index; `invertedStart..invertedEnd` are the byte offsets of its
 * `invertedIndex` value, the only part the shim reads (the field vectors,
 * most of a chunk's bytes, are there for Lunr's own scoring).
 */
export interface SearchDirectoryFile {
  readonly chunks: readonly SearchChunkEntry[];
}

export type SearchChunkEntry = readonly [first: string, last: string, file: string, invertedStart: number, invertedEnd: number];

/** Static answer to the default-size page `page` of `sort`, for a CDN rewrite rule. */
export function staticPagePath(sort: SortKey, page: number): string {
  return `catalog/pages/${sort}/${page}.json`;
}

/** Document refs in the search index are ordinals in base 36 (short postings). */
export const refOf = (ordinal: number): string => ordinal.toString(36);
export const ordinalOf = (ref: string): number => parseInt(ref, 36);

/**
 * A record shard is a JSON array with one record per line. JSON escapes line
 * breaks inside strings, so a reader can take the records apart by line
 * without parsing them: they stay JSON text until they are sent.
 */
export function shardText(recordsJson: readonly string[]): string {
  return `[\n${recordsJson.join(",\n")}\n]`;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;

/**
 * The inverse of `shardText`, on the file's bytes: each record's UTF-8 JSON,
 * as views into `bytes` (nothing is decoded or copied).
 */
export function shardRecords(bytes: Uint8Array): Uint8Array[] {
  const records: Uint8Array[] = [];
  let start = bytes.indexOf(NEWLINE) + 1;
  const last = bytes.lastIndexOf(NEWLINE);
  while (start > 0 && start < last) {
    const end = bytes.indexOf(NEWLINE, start);
    records.push(bytes.subarray(start, bytes[end - 1] === COMMA ? end - 1 : end));
    start = end + 1;
  }
  return records;
}
