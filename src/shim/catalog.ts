/**
 * One build of the catalog, as the shim sees it: everything is read through
 * this build's manifest, lazily, once, and cached within bounds (an edge
 * isolate has 128 MB). A new build is a new `Catalog`; an old one is dropped
 * whole, so no answer can mix two builds.
 */
import { LRUCache } from "lru-cache";
import { Bitset } from "../core/bitset.js";
import type { SortKey } from "../core/plugin.js";
import type { FiltersFile, OrdersFile, SearchDirectoryFile, SiteManifest } from "../core/site-format.js";
import { readBytes, readJson, type SiteReader } from "./files.js";
import { memoize } from "./memo.js";
import { CatalogUnavailable } from "./problem.js";
import { RecordStore, type ShardRef } from "./records.js";
import { SearchIndex } from "./search.js";

const RECORD_CACHE_BYTES = 24 * 1024 * 1024;
/** Encoded answers of recent queries: hot queries (the landing page, popular searches) skip all work. */
const ANSWER_CACHE_BYTES = 8 * 1024 * 1024;
const FILTER_SET_ENTRIES = 1_000;

export class Catalog {
  readonly size: number;
  readonly lastModified: string;
  private readonly records: RecordStore;
  private readonly filterSets = new LRUCache<string, Bitset>({ max: FILTER_SET_ENTRIES });
  readonly orders: () => Promise<Record<Exclude<SortKey, "stars">, Uint32Array>>;
  private readonly filters: () => Promise<FiltersFile>;
  readonly search: () => Promise<SearchIndex>;
  readonly answers = new AnswerCache(ANSWER_CACHE_BYTES);

  constructor(readonly manifest: SiteManifest, reader: SiteReader, recordCacheBytes = RECORD_CACHE_BYTES) {
    this.size = manifest.plugins;
    this.lastModified = new Date(manifest.builtAt).toUTCString();
    this.records = new RecordStore(this.size, recordCacheBytes, (file) => readBytes(reader, file));
    this.orders = memoize(async () => {
      const orders = await readJson<OrdersFile>(reader, manifest.orders);
      return { recent: Uint32Array.from(orders.recent), name: Uint32Array.from(orders.name) };
    });
    this.filters = memoize(() => readJson<FiltersFile>(reader, manifest.filters));
    this.search = memoize(async () => new SearchIndex(await readJson<SearchDirectoryFile>(reader, manifest.search), reader, this.size));
  }

  /** Records at positions `start..end` of `sort` order: from memory, or at most two shard reads. */
  async recordsInOrder(sort: SortKey, start: number, end: number): Promise<Uint8Array[]> {
    const order = sort === "stars" ? undefined : (await this.orders())[sort];
    const present = this.records.present(order === undefined ? range(start, end) : order.subarray(start, end));
    if (present !== undefined) return present;
    const records: Uint8Array[] = [];
    const size = this.manifest.shardSize;
    for (let shard = Math.floor(start / size); shard * size < end; shard++) {
      const shardRecords = await this.records.shard(this.shardRef(sort, shard, order));
      records.push(...shardRecords.slice(Math.max(0, start - shard * size), end - shard * size));
    }
    return records;
  }

  /** Records by ordinal (= position in `stars` order), in the order given: absent ones from their `stars` shards. */
  async recordsAt(ordinals: readonly number[]): Promise<Uint8Array[]> {
    const present = this.records.present(ordinals);
    if (present !== undefined) return present;
    // Taken now: reading the other shards may evict these records, but the bytes in hand stay valid.
    const found = ordinals.map((ordinal) => this.records.get(ordinal));
    const size = this.manifest.shardSize;
    const absentShards = new Set(ordinals.filter((_, i) => found[i] === undefined).map((ordinal) => Math.floor(ordinal / size)));
    const read = new Map(await Promise.all([...absentShards].map(async (n) => [n, await this.records.shard(this.shardRef("stars", n))] as const)));
    return ordinals.map((ordinal, i) => found[i] ?? read.get(Math.floor(ordinal / size))![ordinal % size]!);
  }

  private shardRef(sort: SortKey, index: number, order?: Uint32Array): ShardRef {
    const file = this.manifest.records[sort][index];
    if (file === undefined) throw new CatalogUnavailable(`the manifest lists no record shard ${index} for sort ${sort}`);
    const start = index * this.manifest.shardSize;
    const end = Math.min(start + this.manifest.shardSize, this.size);
    return { file, ordinals: order === undefined ? range(start, end) : order.subarray(start, end) };
  }

  async tagSet(tag: string): Promise<Bitset> {
    return this.filterSet(`tag:${tag}`, (filters) => own(filters.tags, tag));
  }

  async authorSet(login: string): Promise<Bitset> {
    return this.filterSet(`author:${login}`, (filters) => own(filters.authors, login));
  }

  async webSet(): Promise<Bitset> {
    return this.filterSet("web", (filters) => filters.web);
  }

  private async filterSet(key: string, pick: (filters: FiltersFile) => readonly number[] | undefined): Promise<Bitset> {
    const hit = this.filterSets.get(key);
    if (hit) return hit;
    const set = Bitset.of(this.size, pick(await this.filters()) ?? []);
    this.filterSets.set(key, set);
    return set;
  }
}

/** The integers `start..end`: positions of `stars` order are ordinals. */
function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
}

/** A tag called "constructor" must not find Object.prototype's. */
function own(map: Readonly<Record<string, readonly number[]>>, key: string): readonly number[] | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Answer bodies of this build by effective query, bounded in bytes; concurrent misses share one computation. */
export class AnswerCache {
  private readonly bodies: LRUCache<string, Uint8Array<ArrayBuffer>>;
  private readonly pending = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  constructor(maxBytes: number) {
    this.bodies = new LRUCache<string, Uint8Array<ArrayBuffer>>({ maxSize: maxBytes, sizeCalculation: (body) => body.byteLength + 64 });
  }

  async get(key: string, compute: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
    const hit = this.bodies.get(key);
    if (hit !== undefined) return hit;
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = compute();
      this.pending.set(key, pending);
      void pending.then((body) => this.bodies.set(key, body), () => {}).finally(() => this.pending.delete(key));
    }
    return pending;
  }
}
