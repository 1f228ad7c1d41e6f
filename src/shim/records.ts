/**
 * Plugin records, as the UTF-8 JSON the site's shards hold, by ordinal.
 *
 * The site ships one shard set per sort order, so that any page of any
 * order is at most two reads. In memory a record is one record whatever
 * shard it came from: a shard read for one order fills in every record it
 * holds that is not here yet, and later pages of any order find them. A
 * warm shim then keeps each record about once, not once per order, and
 * `sort=name` pages stop reading files as soon as the `stars` shards (which
 * every filtered answer reads) are in.
 *
 * Records are bytes, not strings: they live outside the JS heap and cost
 * the garbage collector nothing while they are kept.
 */
import { LRUCache } from "lru-cache";
import { shardRecords } from "../core/site-format.js";
import { CatalogUnavailable } from "./problem.js";

/** A shard file and the ordinals of its records, in file order. */
export interface ShardRef {
  readonly file: string;
  readonly ordinals: ArrayLike<number>;
}

interface LoadedShard {
  readonly records: readonly Uint8Array[];
  /** Ordinals whose record this shard supplied (they were absent when it was read). */
  readonly supplied: number[];
}

export class RecordStore {
  private readonly records: (Uint8Array | undefined)[];
  /** The shard that supplied each present record: using a record keeps its shard recent in the LRU. */
  private readonly suppliers: (string | undefined)[];
  /** Shards that supplied at least one record; a shard that supplied none is not kept. */
  private readonly shards: LRUCache<string, LoadedShard>;
  private readonly reading = new Map<string, Promise<readonly Uint8Array[]>>();

  constructor(
    size: number,
    maxBytes: number,
    private readonly read: (file: string) => Promise<Uint8Array>,
  ) {
    this.records = new Array<Uint8Array | undefined>(size).fill(undefined);
    this.suppliers = new Array<string | undefined>(size).fill(undefined);
    this.shards = new LRUCache<string, LoadedShard>({
      maxSize: maxBytes,
      // A shard's buffer stays alive while any record of it is kept: it counts whole.
      sizeCalculation: (shard) => shard.records.reduce((sum, record) => sum + record.byteLength, 1),
      dispose: (shard) => this.forget(shard),
    });
  }

  /** The records of `ordinals` in that order, or undefined when one of them is not in memory. */
  present(ordinals: ArrayLike<number>): Uint8Array[] | undefined {
    const found: Uint8Array[] = [];
    let lastSupplier: string | undefined;
    for (let i = 0; i < ordinals.length; i++) {
      const ordinal = ordinals[i]!;
      const record = this.records[ordinal];
      if (record === undefined) return undefined;
      found.push(record);
      const supplier = this.suppliers[ordinal];
      if (supplier !== lastSupplier && supplier !== undefined) this.shards.get(supplier);
      lastSupplier = supplier;
    }
    return found;
  }

  /** The present record of `ordinal`, if any. */
  get(ordinal: number): Uint8Array | undefined {
    return this.records[ordinal];
  }

  /** A shard's records in file order, read once however many ask at the same time; absent records are filled in. */
  async shard(ref: ShardRef): Promise<readonly Uint8Array[]> {
    const kept = this.shards.get(ref.file);
    if (kept !== undefined) {
      this.supply(ref, kept.records, kept);
      return kept.records;
    }
    let pending = this.reading.get(ref.file);
    if (pending === undefined) {
      pending = this.readShard(ref).finally(() => this.reading.delete(ref.file));
      this.reading.set(ref.file, pending);
    }
    return pending;
  }

  private async readShard(ref: ShardRef): Promise<readonly Uint8Array[]> {
    const records = shardRecords(await this.read(ref.file));
    if (records.length !== ref.ordinals.length) {
      throw new CatalogUnavailable(`${ref.file} holds ${records.length} records where the manifest implies ${ref.ordinals.length}`);
    }
    const shard: LoadedShard = { records, supplied: [] };
    this.supply(ref, records, shard);
    if (shard.supplied.length > 0) {
      this.shards.set(ref.file, shard);
      // Making room may have evicted the supplier of a record this shard also holds: fill it in again.
      if (this.shards.has(ref.file)) this.supply(ref, records, shard);
      // A shard larger than the whole budget is not kept, and neither are its records.
      else this.forget(shard);
    }
    return records;
  }

  /** Fills in the absent records of `ref` from `records`, on behalf of `shard`. */
  private supply(ref: ShardRef, records: readonly Uint8Array[], shard: LoadedShard): void {
    for (let i = 0; i < records.length; i++) {
      const ordinal = ref.ordinals[i]!;
      if (this.records[ordinal] !== undefined) continue;
      this.records[ordinal] = records[i];
      this.suppliers[ordinal] = ref.file;
      shard.supplied.push(ordinal);
    }
  }

  private forget(shard: LoadedShard): void {
    for (const ordinal of shard.supplied) {
      this.records[ordinal] = undefined;
      this.suppliers[ordinal] = undefined;
    }
  }
}
