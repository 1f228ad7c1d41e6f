/**
 * One build of the catalog, as the shim sees it: everything is read through
 * this build's manifest, lazily, once, and cached within bounds (an edge
 * isolate has 128 MB). A new build is a new `Catalog`; an old one is dropped
 * whole, so no answer can mix two builds.
 */
import type { OrderKey } from "../core/plugin.js";
import { type FieldNorms, fieldNorms } from "../core/search/relevance.js";
import { type OtherOrderKey, RECORD_RANK_ORDERS, type SiteManifest, seriesFile, seriesLength } from "../core/site-format.js";
import { CompatSets } from "./compat.js";
import { FilterSets } from "./filters.js";
import { readLengthsFile } from "./frequency-file-reader.js";
import { entityTag } from "./http.js";
import { Lru } from "./lru.js";
import { memoize } from "./memo.js";
import { PluginDetails } from "./plugin-details.js";
import { CatalogUnavailable } from "./problem.js";
import { recordAt } from "./record-file-reader.js";
import { RecordStore } from "./record-store.js";
import { SearchIndex } from "./search.js";
import { ownBytes, readBytes, type SiteReader } from "./site-reader.js";
import { allWords } from "./uint32-words.js";

const decoder = new TextDecoder();
const RECORD_CACHE_BYTES = 24 * 1024 * 1024;
/** Encoded answers of recent queries: hot queries (the landing page, popular searches) skip all work. */
const ANSWER_CACHE_BYTES = 8 * 1024 * 1024;

/** How a build is held in memory (see `ShimOptions`). */
export interface CatalogOptions {
  readonly recordCacheBytes?: number;
  readonly readAhead?: boolean;
}

export class Catalog {
  readonly size: number;
  readonly lastModified: string;
  readonly records: RecordStore;
  readonly filters: FilterSets;
  readonly compat: CompatSets;
  readonly search: () => SearchIndex;
  /** Each plugin's length in each relevance field (one word or half-word per plugin and field) and their means, kept once read. */
  readonly fieldNorms: () => Promise<FieldNorms>;
  /** The exact body of `/api/status`: a few hundred bytes, kept. */
  readonly status: () => Promise<Uint8Array>;
  /**
   * The parts of `/api/catalog.json`'s body, read afresh each time: the whole catalog is
   * megabytes, which a CDN caches better than an isolate's memory.
   */
  readonly catalogParts: () => Promise<Uint8Array[]>;
  /** The exact body of `/api/openapi.json`, kept, and its ETag (a hash of its text, whatever build wrote it). */
  readonly openApiDocument: () => Promise<{ readonly bytes: Uint8Array<ArrayBuffer>; readonly etag: string }>;
  readonly answers = new AnswerCache(ANSWER_CACHE_BYTES);
  /** The bodies of `/api/plugins/{slug}`. */
  readonly details: PluginDetails;
  /** A page's answer also reads its next page's records, within bounds (`ShimOptions.readAhead`). */
  readonly readAhead: boolean;
  private readonly orders: Readonly<Record<OtherOrderKey, () => Promise<Uint32Array>>>;
  private readonly keptOrders: Partial<Record<OtherOrderKey, Uint32Array>> = {};
  private readonly rankFiles: Readonly<Record<OtherOrderKey, () => Promise<Uint32Array>>>;
  private readonly keptRanks: Partial<Record<OtherOrderKey, Uint32Array>> = {};
  /** Unfiltered pages of an order read so far without its order file (see `recordsInOrder`). */
  private readonly pagesWithoutOrder: Record<OtherOrderKey, number> = { recent: 0, name: 0, downloads: 0 };

  constructor(
    readonly manifest: SiteManifest,
    reader: SiteReader,
    { recordCacheBytes = RECORD_CACHE_BYTES, readAhead = false }: CatalogOptions = {},
  ) {
    this.size = manifest.plugins;
    this.readAhead = readAhead;
    this.lastModified = new Date(manifest.builtAt).toUTCString();
    this.records = new RecordStore(this.size, recordCacheBytes, (file) => readBytes(reader, file));
    this.filters = new FilterSets(manifest, reader);
    this.compat = new CompatSets(manifest, reader);
    this.details = new PluginDetails(manifest.details, reader);
    let search: SearchIndex | undefined;
    this.search = () => (search ??= new SearchIndex(manifest.postings, reader, this.size, manifest.relevance));
    this.fieldNorms = memoize(async () => {
      const file = manifest.relevance.lengths;
      return fieldNorms(readLengthsFile(await readBytes(reader, file), this.size, file), manifest.relevance.averages);
    });
    /** A file of one word per plugin, read once and then kept in `loaded`. */
    const perPlugin = (files: Readonly<Record<OtherOrderKey, string>>, loaded: Partial<Record<OtherOrderKey, Uint32Array>>) => {
      const load = (sort: OtherOrderKey) =>
        memoize(async () => (loaded[sort] = wordPerPlugin(await readBytes(reader, files[sort]), this.size, files[sort])));
      return Object.fromEntries(RECORD_RANK_ORDERS.map((sort) => [sort, load(sort)])) as Record<OtherOrderKey, () => Promise<Uint32Array>>;
    };
    this.orders = perPlugin(manifest.orders, this.keptOrders);
    this.rankFiles = perPlugin(manifest.ranks, this.keptRanks);
    this.status = memoize(() => readBytes(reader, manifest.status));
    this.catalogParts = () => Promise.all(manifest.catalog.map((part) => readBytes(reader, part)));
    this.openApiDocument = memoize(async () => {
      const bytes = ownBytes(await readBytes(reader, manifest.openapi));
      return { bytes, etag: entityTag("openapi", decoder.decode(bytes)) };
    });
  }

  /** The ordinals of `sort`'s positions. */
  order(sort: OtherOrderKey): Promise<Uint32Array> {
    return this.orders[sort]();
  }

  /** The order if it is in memory already. */
  loadedOrder(sort: OtherOrderKey): Uint32Array | undefined {
    return this.keptOrders[sort];
  }

  /** The positions in `sort` of the ordinals (the order's inverse). */
  ranks(sort: OtherOrderKey): Promise<Uint32Array> {
    return this.rankFiles[sort]();
  }

  /** The ranks if they are in memory already. */
  loadedRanks(sort: OtherOrderKey): Uint32Array | undefined {
    return this.keptRanks[sort];
  }

  /**
   * Reads, one file at a time, what answers read most: every sort order, every filter and compat pack, then every record while
   * the record cache has room (it stops at the first record let go). A long-lived server calls it once per build, so
   * that its answers stop waiting on the disk after its first seconds; an edge isolate does not, as it would pay CPU
   * for files its few requests never need. It stops when `wanted()` turns false (a newer build is current) or a read
   * fails (that build's files are going: requests report it themselves).
   */
  async preload(wanted: () => boolean): Promise<void> {
    const steps = [...RECORD_RANK_ORDERS.map((sort) => () => this.order(sort)), ...this.filters.packLoads(), ...this.compat.packLoads()];
    try {
      for (const step of steps) if (wanted()) await step();
      const [evictions, size] = [this.records.evictions, this.manifest.shardSize];
      const shards = seriesLength(this.manifest.records.stars);
      for (let shard = 0; shard < shards && wanted() && this.records.evictions === evictions; shard++) {
        await this.records.file(this.shardFile("stars", shard), Math.min(size, this.size - shard * size), shard * size);
      }
    } catch {
      // Nothing to do: a request that needs the file reads it and reports what it finds.
    }
  }

  /**
   * Records at positions `start..end` of `sort` order: from memory, or at most two shard reads.
   * A shard names its records' ordinals, so a cold page of `recent` or `name` needs no order
   * file; once a second such page comes, the order is read, so that warm pages can be cut from
   * memory (a shard whose records all came from other files is not kept).
   */
  async recordsInOrder(sort: OrderKey, start: number, end: number): Promise<Uint8Array[]> {
    let order: Uint32Array | undefined;
    if (sort !== "stars") order = this.loadedOrder(sort) ?? (this.pagesWithoutOrder[sort]++ > 0 ? await this.order(sort) : undefined);
    const present =
      order === undefined && sort !== "stars" ? undefined : this.records.present(order?.subarray(start, end) ?? range(start, end));
    if (present !== undefined) return present;
    if (start >= end) return [];
    const size = this.manifest.shardSize;
    const firstShard = Math.floor(start / size);
    const shardsTo = (position: number) =>
      Array.from({ length: Math.max(0, Math.ceil(position / size) - firstShard) }, (_, i) => firstShard + i);
    const shards = shardsTo(end);
    const readShard = (shard: number) =>
      this.records.file(this.shardFile(sort, shard), Math.min(size, this.size - shard * size), sort === "stars" ? shard * size : undefined);
    const reads = shards.map(readShard);
    // Reading ahead, the next page's shard (when it starts another) and the order (which the next page reads) come
    // along; their failures are the next page's to report, so this page waits for them but never fails on them.
    const ahead = this.readAhead
      ? [
          ...shardsTo(Math.min(this.size, 2 * end - start))
            .slice(shards.length)
            .map(readShard),
          ...(sort !== "stars" && order === undefined ? [this.order(sort)] : []),
        ].map((read) => read.catch(() => undefined))
      : [];
    const contents = await Promise.all(reads);
    await Promise.all(ahead);
    const records: Uint8Array[] = [];
    contents.forEach((file, i) => {
      const offset = shards[i]! * size;
      for (let at = Math.max(start, offset); at < Math.min(end, offset + file.count); at++) records.push(recordAt(file, at - offset));
    });
    return records;
  }

  shardFile(sort: OrderKey, index: number): string {
    const file = seriesFile(this.manifest.records[sort], index);
    if (file === undefined) throw new CatalogUnavailable(`the manifest lists no record shard ${index} for sort ${sort}`);
    return file;
  }

  fineShardFile(index: number): string {
    const file = seriesFile(this.manifest.fineShards, index);
    if (file === undefined) throw new CatalogUnavailable(`the manifest lists no fine shard ${index}`);
    return file;
  }
}

function wordPerPlugin(bytes: Uint8Array, size: number, file: string): Uint32Array {
  const words = allWords(bytes);
  if (words === undefined || words.length !== size)
    throw new CatalogUnavailable(`${file} does not hold one word for each of ${size} plugins`);
  return words;
}

/** The integers `start..end`: positions of `stars` order are ordinals. */
function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
}

/** Answer bodies of this build by effective query, bounded in bytes; concurrent misses share one computation. */
export class AnswerCache {
  private readonly bodies: Lru<string, Uint8Array<ArrayBuffer>>;
  private readonly pending = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  constructor(maxBytes: number) {
    this.bodies = new Lru<string, Uint8Array<ArrayBuffer>>(maxBytes, (body) => body.byteLength + 64);
  }

  /** The body kept for `key`, if any: nothing is computed. */
  known(key: string): Uint8Array<ArrayBuffer> | undefined {
    return this.bodies.get(key);
  }

  async get(key: string, compute: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
    const hit = this.bodies.get(key);
    if (hit !== undefined) return hit;
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = compute();
      this.pending.set(key, pending);
      void pending
        .then(
          (body) => this.bodies.set(key, body),
          () => {},
        )
        .finally(() => this.pending.delete(key));
    }
    return pending;
  }
}
