/**
 * The shape of a built site, shared by the site build (which writes it) and
 * the shim (which reads it). Data files are named by their content hash and
 * never change; the manifest is the one entry point and names one build's
 * files, so a reader that resolves everything through one manifest can never
 * mix two builds.
 *
 * What the shim reads is laid out for a cold edge isolate: each answer reads
 * a handful of small files and uses their bytes through typed-array views,
 * with at most a small JSON header parsed per file (see `SetPack` and
 * `RecordFile` below). Numbers in binary files are unsigned 32-bit
 * little-endian words.
 */
import { partitionPoint } from "./partition.js";
import type { OrderKey } from "./plugin.js";

export const MANIFEST_PATH = "catalog/manifest.json";
export const SITE_FORMAT = "plugin-catalog/site" as const;
export const SITE_FORMAT_VERSION = 11 as const;

/**
 * Plugins per record shard: at least the largest `per_page`, so any page spans at most two shards;
 * twice that, so that the scattered results of a search touch fewer shards (reads cost an edge
 * isolate more than bytes do).
 */
export const SHARD_SIZE = 200;

import { DEFAULT_PER_PAGE } from "./parameters.js";

export { DEFAULT_PER_PAGE };

export type OtherOrderKey = Exclude<OrderKey, "stars">;

export interface SiteManifest {
  readonly format: typeof SITE_FORMAT;
  readonly formatVersion: typeof SITE_FORMAT_VERSION;
  /** Changes exactly when the catalog's data changes. */
  readonly buildId: string;
  /** When the catalog's data was read from the upstreams (the API's Last-Modified). */
  readonly builtAt: string;
  readonly plugins: number;
  readonly shardSize: number;
  /** Plugins per chunk of a group (see `SetPackHeader.groups`). */
  readonly groupChunk: number;
  /** `RecordFile`s per sort order, `shardSize` plugins each; in `stars` order a plugin's ordinal is its position. */
  readonly records: Readonly<Record<OrderKey, FileSeries>>;
  /**
   * The `stars` order again, in `RecordFile`s of `fineShardSize` plugins: for the records of a
   * page of few, scattered results (a rare search term), where every record is a read of its own
   * whatever the layout, these reads are the smallest.
   */
  readonly fineShards: FileSeries;
  readonly fineShardSize: number;
  /** Per non-`stars` order, its positions' ordinals: `plugins` words. */
  readonly orders: Readonly<Record<OtherOrderKey, string>>;
  /**
   * Per non-`stars` order, its ordinals' positions (the order's inverse): `plugins` words. A deep page of a large
   * filter is cut from its members' positions, sorted, where walking the order would pass most of the catalog.
   */
  readonly ranks: Readonly<Record<OtherOrderKey, string>>;
  /**
   * A `SetPack` of the sets `/api/facets` counts with and `web=1` filters by:
   * `web`, `uncategorized` and each configured category's `tag:` set; its header lists the categories.
   */
  readonly filters: string;
  /** `SetPack`s of every `tag:<tag>` and `author:<login>` set (lower-cased); a key's is pack `keyBucket(key, <number of packs>)`. */
  readonly keys: FileSeries;
  /** The shim's search data: `SetPack`s of the indexed terms' postings, in term order. */
  readonly postings: PostingsBlocks;
  /** What `sort=relevance` scores with (contract section 11), beside `postings`. */
  readonly relevance: RelevanceFiles;
  /** The Lunr index, for other consumers (`SearchDirectoryFile`); the shim reads `postings` instead. */
  readonly search: string;
  /** The exact body of `/api/status`. */
  readonly status: string;
  /** The exact body of `/api/catalog.json`, cut into parts that each stay under a CDN's file-size limit. */
  readonly catalog: readonly string[];
  /**
   * The exact body of `/api/openapi.json`: the API's description as the software that built the site
   * gives it. Named by its content hash, but outside the build id (it describes the software, not the catalog).
   */
  readonly openapi: string;
  /**
   * The whole catalog snapshot, gzipped, so tomorrow's build can start from today's: one file, or,
   * when it is larger than a CDN takes as one file, the files whose bytes joined in order are that gzip.
   */
  readonly snapshot?: string | readonly string[];
  /** The catalog's host, for `compat` (`CompatFiles`); absent when its configuration names none. */
  readonly compat?: CompatFiles;
  /** Every plugin's body of `GET /api/plugins/{slug}`, in `DetailFile`s by slug hash. */
  readonly details: DetailFiles;
}

/** The build report of the fetch that produced this catalog (absent for a build from a snapshot file). */
export const REPORT_PATH = "catalog/report.json";

/**
 * Data files `catalog/data/<name>-<i>.<hash>.bin`, i = 0, 1, …, named in the manifest by their
 * content hashes alone: at 50,000 plugins the manifest names thousands of files, and every
 * cold isolate reads it first.
 */
export interface FileSeries {
  readonly name: string;
  /** The files' content hashes, `HASH_DIGITS` hex digits each, in order. */
  readonly hashes: string;
}

export const HASH_DIGITS = 16;

export const seriesLength = (series: FileSeries): number => series.hashes.length / HASH_DIGITS;

/** The path of file `index`, or undefined when the series has none. */
export function seriesFile(series: FileSeries, index: number): string | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= seriesLength(series)) return undefined;
  return `catalog/data/${series.name}-${index}.${series.hashes.slice(HASH_DIGITS * index, HASH_DIGITS * (index + 1))}.bin`;
}

/**
 * The longest prefix a postings block stores a union for (UTF-16 code units). A prefix this long matches few terms;
 * stored for every length, the prefixes of one long word (a README of one 65,536-letter word) were billions of
 * characters. A longer prefix whose terms run past its block is read from the blocks that hold them.
 */
export const UNION_PREFIX_MAX = 64;

/** The postings blocks (`SetPack`s) and, for block i, its first and last term (code-unit order) at `bounds[2i]` and `bounds[2i+1]`. */
export interface PostingsBlocks {
  readonly files: FileSeries;
  readonly bounds: readonly string[];
}

/**
 * The relevance data. The postings blocks' sets, numbered in block order (set k of block b is set
 * `blockSets[b] + k`), have their term frequencies in the `frequencies` files (`FrequencyFile`), cut by size
 * whatever the blocks: file i holds the sets from `fileSets[i]` on. `lengths` is each plugin's length in each field
 * (`LengthsFile`); `averages` the catalog's mean lengths of the fields, in `RELEVANCE_FIELD_WEIGHTS` order.
 */
export interface RelevanceFiles {
  readonly frequencies: FileSeries;
  readonly blockSets: readonly number[];
  readonly fileSets: readonly number[];
  /** The sets' `ScoreOrderFile`s, cut by size like the frequencies: file i holds the sets from `orderSets[i]` on. */
  readonly orders: FileSeries;
  readonly orderSets: readonly number[];
  /** How many plugins a score order holds at most (`SiteLayout.scoreOrderLength`). */
  readonly orderLength: number;
  readonly lengths: string;
  readonly averages: readonly [name: number, description: number, readme: number];
}

/** BM25F's field weights of contract section 11: name, description, README, in the order every relevance file keeps. */
export const RELEVANCE_FIELD_WEIGHTS = [3, 2, 1] as const;

/* ---------------------------------------------------------- FrequencyFile
 * Consecutive postings sets' members' term frequencies in the three relevance fields, in member order (ascending
 * ordinals), so that a search is scored from words, not objects:
 *
 *   word 0        K, the number of sets (from the file's first, `RelevanceFiles.fileSets`)
 *   K words       per set: where its entries start, in bytes from the file's start (a multiple of 4)
 *   K words       per set: its entries' width, FREQUENCY_U16, FREQUENCY_U32 or FREQUENCY_WIDE
 *   K words       per set: its number of entries (members)
 *   then          the entries, each set's from its start
 *
 *   FREQUENCY_U16  (2 bytes): name << 12 | description << 7 | readme  (name < 16, description < 32, readme < 128)
 *   FREQUENCY_U32  (4 bytes): name << 24 | description << 14 | readme (name < 256, description < 1024, readme < 16384)
 *   FREQUENCY_WIDE (12 bytes): name, description, readme, a word each
 */
export const FREQUENCY_U16 = 2;
export const FREQUENCY_U32 = 4;
export const FREQUENCY_WIDE = 12;

/** Where the three counts lie in an entry of a packed width: name above `descriptionShift`, README below it. */
export interface PackedFrequencies {
  readonly nameShift: number;
  readonly descriptionShift: number;
  /** The largest count each field can hold, a mask of its bits: name, description, README. */
  readonly limits: readonly [number, number, number];
}

export const PACKED_FREQUENCIES: Readonly<Record<typeof FREQUENCY_U16 | typeof FREQUENCY_U32, PackedFrequencies>> = {
  [FREQUENCY_U16]: { nameShift: 12, descriptionShift: 7, limits: [15, 31, 127] },
  [FREQUENCY_U32]: { nameShift: 24, descriptionShift: 14, limits: [255, 1023, 16383] },
};

/* --------------------------------------------------------- ScoreOrderFile
 * Consecutive postings sets' members (ordinals) in the order of their weight x for the term (contract 11's x, highest
 * first, weights within the tie rule by ordinal), for the sets of at least `SiteLayout.scoreOrderMin` members (the
 * others have an empty order), the first `SiteLayout.scoreOrderLength` of them: a search of one term is ordered by
 * it, so a page within it needs no score of every match.
 *
 *   word 0        K, the number of sets (from the file's first, `RelevanceFiles.orderSets`)
 *   K words       per set: where its order starts, in bytes from the file's start
 *   K words       per set: its length, 0 or its number of members
 *   then          the orders, ordinals as words
 */

/* ------------------------------------------------------------ LengthsFile
 * Each plugin's number of terms in each relevance field (after stop words), by ordinal:
 *
 *   word 0        N, the number of plugins
 *   words 1 … 3   per field, the width of its lengths: 2 or 4 bytes
 *   then          per field in turn, N lengths of that width, each field's from a multiple of 4 bytes
 */

/**
 * The search chunks in term order. Each chunk is a whole serialized Lunr
 * index; `invertedStart..invertedEnd` are the byte offsets of its
 * `invertedIndex` value (a consumer that only needs the postings can skip
 * the field vectors, most of a chunk's bytes).
 */
export interface SearchDirectoryFile {
  readonly chunks: readonly SearchChunkEntry[];
}

export type SearchChunkEntry = readonly [first: string, last: string, file: string, invertedStart: number, invertedEnd: number];

/**
 * The static pages each order has: its first pages at the default page size, where nearly every plain listing is read
 * (a catalog of up to 10,000 plugins has them all). Past them the shim answers from the record shards: at 50,000
 * plugins every page of every order was 93 MB of the site, each record a fifth time over.
 */
export const STATIC_PAGES = 200;

/** The number of static pages of an order of `plugins` plugins (page 1 even for none). */
export const staticPageCount = (plugins: number): number => Math.min(STATIC_PAGES, Math.max(1, Math.ceil(plugins / DEFAULT_PER_PAGE)));

/** Static answer to the default-size page `page` of `sort`, for a CDN rewrite rule. */
export function staticPagePath(sort: OrderKey, page: number): string {
  return `catalog/pages/${sort}/${page}.json`;
}

/** Document refs in the Lunr index are ordinals in base 36 (short postings). */
export const refOf = (ordinal: number): string => ordinal.toString(36);
export const ordinalOf = (ref: string): number => parseInt(ref, 36);

/* ---------------------------------------------------------------- SetPack
 * Named sets of ordinals, each usable as it lies in the file; the keys and the
 * set table are words and bytes too, so that reading a pack allocates a few views
 * rather than a string and an array entry per key (a cold isolate's garbage
 * collections were a tenth of a search's CPU, docs/BENCHMARKS.md):
 *
 *   word 0            H, the byte length of the header
 *   bytes 4 … 4+H     the header, JSON (`SetPackHeader`: what else the pack says about its sets)
 *   then              zero bytes up to a multiple of 4
 *   word              K, the number of sets
 *   3K words          per set: its first body word, its word count, SET_LIST or SET_BITMAP
 *   K words           per key: where its UTF-8 ends in the key text (each key starts where the one before ends)
 *   bytes             the key text: the keys in code-unit order, one after the other
 *   then              zero bytes up to a multiple of 4
 *   body              words; a set is a sorted list of ordinals (SET_LIST) or a bitmap of `plugins` bits (SET_BITMAP)
 */

export const SET_LIST = 0;
export const SET_BITMAP = 1;

export interface SetPackHeader {
  /**
   * Postings blocks: the keys are the block's terms, then (from index `terms`)
   * prefixes that start in the block, each with the union of their terms'
   * postings (those whose terms run past the block, and those whose terms
   * are costly to join or to score one by one); both parts in code-unit order.
   */
  readonly terms?: number;
  /** Filter packs: the group record files that `groups` refers to. */
  readonly files?: readonly string[];
  /**
   * Filter packs, per key: 0, or where copies of its plugins' records lie in `files`, in `stars` order:
   * `[file index, first record, …]`, one pair per chunk of the manifest's `groupChunk` plugins. Only
   * small sets have them: a page of an author, or of a rare tag, then reads one or two files instead
   * of one shard per plugin scattered over the catalog.
   */
  readonly groups?: readonly (0 | readonly number[])[];
  /** The `filters` pack: the configured categories, in configuration order. */
  readonly categories?: readonly string[];
}

/** The key of a filter set in the packs. */
export const tagKey = (tag: string): string => `tag:${tag}`;
export const authorKey = (login: string): string => `author:${login}`;
export const WEB_KEY = "web";
export const UNCATEGORIZED_KEY = "uncategorized";

/** Which of `buckets` packs holds `key`. */
export function keyBucket(key: string, buckets: number): number {
  return fnv1a(key) % buckets;
}

/** FNV-1a over the UTF-16 code units of `text`: 32 bits. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/* ------------------------------------------------------------- RecordFile
 * Plugin records (their exact wire JSON) with what the shim needs to place them, without parsing:
 *
 *   word 0                  n, the number of records
 *   words 1 … n             their ordinals
 *   n words per order of `RECORD_RANK_ORDERS`, in turn: their positions in that order
 *   n words                 where each record's UTF-8 JSON ends, counted from the start of the text
 *   bytes 4+4(2+k)n …       the records' UTF-8 JSON, one after the other (k orders)
 */

export const RECORD_RANK_ORDERS = ["recent", "name", "downloads"] as const satisfies readonly OtherOrderKey[];

/* ------------------------------------------------------------------ compat
 * What `compat=V` reads: for each version V of the host (a dist-tag stands for its version), the set of plugins to
 * drop, those whose declared range does not include V. Hosts publish hundreds of versions and most of them drop the
 * same plugins, so each distinct set is stored once and the versions name theirs by index:
 *
 *   `CompatFiles.versions`   a small JSON file (`CompatVersions`): every version and dist-tag `compat` accepts, each
 *                            version's set index, and which pack holds which sets. Read first, to check `compat`.
 *   `CompatFiles.drops`      `SetPack`s of the distinct sets in index order, pack p holding sets `packs[p]` up to
 *                            `packs[p + 1]` (keys: each set's index, eight decimal digits). A query reads the one pack
 *                            of its set.
 */

export interface CompatFiles {
  /** The host's npm package, as configured. */
  readonly host: string;
  /** The `CompatVersions` file; absent (and `drops` too) when the build never read the host's versions. */
  readonly versions?: string;
  readonly drops?: FileSeries;
}

export interface CompatVersions {
  readonly host: string;
  /** The version a 400 names: the `latest` dist-tag's, else the newest release, else the newest version; null when none. */
  readonly latest: string | null;
  /** Newest first, releases before prereleases (as the explorer offers them); each exactly as the host wrote it. */
  readonly versions: readonly string[];
  /** `sets[i]`: the index of the set `versions[i]` drops. */
  readonly sets: readonly number[];
  /** The dist-tags whose version is in `versions`, `[tag, version]`, tags in code-unit order. */
  readonly tags: readonly (readonly [tag: string, version: string])[];
  /** `packs[p]`: the index of the first set pack p holds; ascending, from 0. */
  readonly packs: readonly number[];
}

/** The key of set `index` in its pack. */
export const dropSetKey = (index: number): string => String(index).padStart(8, "0");
/* ------------------------------------------------------------- DetailFile
 * The bodies of `GET /api/plugins/{slug}`, written whole by the build. No file per plugin (a host's file
 * limit is 20,000): every detail is in the file its slug's hash `fnv1a(slug)` falls in, the details ordered
 * by hash (then slug), cut into files of at most `SiteLayout.detailFileBytes` (a file holds whole details,
 * at least one, and never splits equal hashes). Each body is deflated on its own (zlib format, RFC 1950):
 * READMEs are most of a catalog's bytes, and deflated they keep a 50,000-plugin site within a host's 1 GB.
 * A cold detail reads the manifest and one file, and inflates one body. The files are outside the build id:
 * a detail follows the build's time (maintenance, last year's releases), which the other answers do not.
 *
 *   word 0        n, the number of details
 *   n words       their slug hashes, ascending
 *   n words       where each deflated body ends, counted from the start of the bodies
 *   n words       each body's length once inflated (UTF-8 bytes)
 *   bytes 4+12n … the deflated bodies, one after the other
 *
 * A body is the detail's JSON, which starts `{"slug":"<slug>",`: a slug's characters need no escaping, so
 * of the details whose hash is the slug's, the one that starts so is the slug's.
 */

export interface DetailFiles {
  readonly files: FileSeries;
  /** Each file's first slug hash, `DETAIL_HASH_DIGITS` hex digits each, in file order. */
  readonly firsts: string;
}

export const DETAIL_HASH_DIGITS = 8;

/** The hash that places a slug's detail (`DetailFile`). */
export const slugHash = (slug: string): number => fnv1a(slug);

/** The file of `details` that holds `hash`, if any could: the last whose first hash is at most `hash`. */
export function detailFileIndex(details: DetailFiles, hash: number): number | undefined {
  const firstOf = (index: number) => parseInt(details.firsts.slice(DETAIL_HASH_DIGITS * index, DETAIL_HASH_DIGITS * (index + 1)), 16);
  const after = partitionPoint(0, details.firsts.length / DETAIL_HASH_DIGITS, (index) => firstOf(index) > hash);
  return after === 0 ? undefined : after - 1;
}

/** The first bytes of a detail's body, up to its slug. */
export const DETAIL_SLUG_PREFIX = '{"slug":"';
