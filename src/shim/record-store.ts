/**
 * Plugin records, as the UTF-8 JSON the site's record files hold, by ordinal.
 *
 * The site ships records several times over: one shard set per sort order
 * (so any page of any order is at most two reads), and group files for the
 * small filter sets. In memory a record is one record whatever file it came
 * from: a file read for one purpose fills in every record it holds that is
 * not here yet, and later pages of any order or filter find them. When
 * memory holds most of a file's records already, the few it adds are copied
 * out and its buffer let go, so a warm shim keeps each record about once,
 * and a catalog whose records outgrow the cache reads far fewer bytes.
 *
 * Records are bytes, not strings: they live outside the JS heap and cost
 * the garbage collector nothing while they are kept. Which file holds each
 * present record is kept in typed arrays as long as the catalog (zeroed
 * memory, no objects), so that a shard of consecutive ordinals, the file a
 * cold answer reads most, is filled in by a few native fills, not a loop.
 */
import { type OtherOrderKey, RECORD_RANK_ORDERS } from "../core/site-format.js";
import { Lru } from "./lru.js";
import { CatalogUnavailable } from "./problem.js";
import { type RecordFileContents, readRecordFile, recordAt, recordsCopied } from "./record-file-reader.js";

interface LoadedFile {
  /** Its number in `supplierOf` (from 1). */
  readonly id: number;
  readonly contents: RecordFileContents;
  /** The ordinals whose record this file supplied (they were absent when it was read): a run of them… */
  readonly run: Run | undefined;
  /** …and any others. */
  readonly supplied: number[];
  /** A record it supplied was handed out since the cache last looked: it is spared once when room is made. */
  used: boolean;
}

export class RecordStore {
  /**
   * Per ordinal: the `id` of the file that supplied its record, or 0 when it is absent; its record's index in that file
   * (a file of `stars` order needs none: it is `ordinal - first`); its positions in the other orders, from its file.
   * Made when the first file is kept: an answer that reads no record (a status, facets, a detail) does not pay for
   * zeroing a megabyte at 50,000 plugins.
   */
  private tables: PerOrdinal | undefined;
  /** Files that supplied at least one record, by id; a file that supplied none is not kept. */
  private readonly suppliers = new Map<number, LoadedFile>();
  private readonly files: Lru<string, LoadedFile>;
  private readonly reading = new Map<string, Promise<RecordFileContents>>();
  private nextId = 1;
  private partialReads = 0;

  constructor(
    private readonly size: number,
    maxBytes: number,
    private readonly read: (file: string) => Promise<Uint8Array>,
  ) {
    this.files = new Lru<string, LoadedFile>(
      maxBytes,
      // A file's buffer stays alive while any record of it is kept: it counts whole.
      (file) => file.contents.text.byteLength + 1,
      (file) => this.forget(file),
      (file) => {
        const spared = file.used;
        file.used = false;
        return spared;
      },
    );
  }

  /** The records of `ordinals` in that order, or undefined when one of them is not in memory. */
  present(ordinals: ArrayLike<number>): Uint8Array[] | undefined {
    const found: Uint8Array[] = [];
    for (let i = 0; i < ordinals.length; i++) {
      const record = this.recordOf(ordinals[i]!, true);
      if (record === undefined) return undefined;
      found.push(record);
    }
    return found;
  }

  /** How many times records were let go to make room for others. */
  get evictions(): number {
    return this.files.evictions;
  }

  /** The present record of `ordinal`, if any. */
  get(ordinal: number): Uint8Array | undefined {
    return this.recordOf(ordinal, false);
  }

  /** The position in `sort` of the plugin of `ordinal`, when its record is present. */
  rank(sort: OtherOrderKey, ordinal: number): number | undefined {
    const tables = this.tables;
    return tables?.supplierOf[ordinal] ? tables.ranks[sort][ordinal] : undefined;
  }

  /**
   * A record file's contents, read once however many ask at the same time; its absent records are filled in.
   * @param count how many records the manifest implies the file holds, when it does.
   * @param first for a file of `stars` order, the ordinal it starts at (see `RecordFileContents.first`).
   */
  async file(file: string, count?: number, first?: number): Promise<RecordFileContents> {
    const kept = this.files.get(file);
    const contents = kept?.contents ?? (await this.readOnce(file, first));
    if (count !== undefined && contents.count !== count) {
      throw new CatalogUnavailable(`${file} holds ${contents.count} records where the manifest implies ${count}`);
    }
    if (kept !== undefined) this.supply(kept.contents, kept.id, kept.supplied);
    return contents;
  }

  private recordOf(ordinal: number, use: boolean): Uint8Array | undefined {
    if (this.tables === undefined) return undefined;
    const supplier = this.suppliers.get(this.tables.supplierOf[ordinal] ?? 0);
    if (supplier === undefined) return undefined;
    if (use) supplier.used = true;
    const { first } = supplier.contents;
    return recordAt(supplier.contents, first === undefined ? this.tables.indexIn[ordinal]! : ordinal - first);
  }

  private readOnce(file: string, first: number | undefined): Promise<RecordFileContents> {
    let pending = this.reading.get(file);
    if (pending === undefined) {
      pending = this.readFile(file, first).finally(() => this.reading.delete(file));
      this.reading.set(file, pending);
    }
    return pending;
  }

  private async readFile(file: string, first: number | undefined): Promise<RecordFileContents> {
    const contents = readRecordFile(await this.read(file), file, first);
    const absent = this.absentIndexes(contents);
    if (absent === ALL) this.keep(file, contents);
    // A file read for a few records when memory holds the rest (another order's shard, a group chunk): its buffer would
    // count whole while those few are kept, so they are copied out and kept on their own, under a key of their own.
    else if (absent.length > 0) {
      this.keep(`${file}#${++this.partialReads}`, recordsCopied(contents, absent));
      // Making room may have evicted records this file holds: then it is kept whole, so that it fills them in at once.
      const again = this.absentIndexes(contents);
      if (again === ALL || again.length > 0) this.keep(file, contents);
    }
    return contents;
  }

  /** Which of the file's records are absent: all, none, or their indexes. @throws CatalogUnavailable for an ordinal of no plugin. */
  private absentIndexes(contents: RecordFileContents): typeof ALL | number[] {
    const run = runOf(contents);
    if (run !== undefined && run.end > this.size) throw new CatalogUnavailable(`${contents.what} holds a record of no plugin`);
    if (run !== undefined && !this.anyPresent(run.first, run.end)) return ALL;
    const { ordinals, count } = contents;
    const absent: number[] = [];
    for (let i = 0; i < count; i++) {
      const ordinal = ordinals[i]!;
      if (ordinal >= this.size) throw new CatalogUnavailable(`${contents.what} holds a record of no plugin`);
      if ((this.tables?.supplierOf[ordinal] ?? 0) === 0) absent.push(i);
    }
    return absent.length === count && count > 0 ? ALL : absent;
  }

  /** Whether a record of `first … end - 1` is present. `Boolean` is a builtin: `some` runs natively, where a loop would be interpreted. */
  private anyPresent(first: number, end: number): boolean {
    return this.tables?.supplierOf.subarray(first, end).some(Boolean) === true;
  }

  private keep(key: string, contents: RecordFileContents): void {
    const id = this.nextId++;
    const supplied: number[] = [];
    const loaded: LoadedFile = { id, contents, run: this.supply(contents, id, supplied), supplied, used: false };
    this.suppliers.set(id, loaded);
    const evictions = this.files.evictions;
    this.files.set(key, loaded);
    // A file larger than the whole budget is not kept, and neither are its records.
    if (!this.files.has(key)) this.forget(loaded);
    // Making room may have evicted the supplier of a record this file also holds: fill it in again.
    else if (this.files.evictions !== evictions) this.supply(contents, id, supplied);
  }

  /** Fills in the absent records from `contents`, as supplied by file `id`: the run it filled in whole, or none and those filled in are added to `supplied`. */
  private supply(contents: RecordFileContents, id: number, supplied: number[]): Run | undefined {
    const run = runOf(contents);
    if (run !== undefined && !this.anyPresent(run.first, run.end)) {
      const { supplierOf, ranks } = this.perOrdinal();
      supplierOf.fill(id, run.first, run.end);
      for (const sort of RECORD_RANK_ORDERS) ranks[sort].set(contents.ranks[sort], run.first);
      return run;
    }
    const { ordinals, ranks, count } = contents;
    const tables = this.perOrdinal();
    for (let i = 0; i < count; i++) {
      const ordinal = ordinals[i]!;
      if (tables.supplierOf[ordinal] !== 0) continue;
      tables.supplierOf[ordinal] = id;
      tables.indexIn[ordinal] = i;
      tables.ranks.recent[ordinal] = ranks.recent[i]!;
      tables.ranks.name[ordinal] = ranks.name[i]!;
      tables.ranks.downloads[ordinal] = ranks.downloads[i]!;
      supplied.push(ordinal);
    }
    return undefined;
  }

  private perOrdinal(): PerOrdinal {
    const size = this.size;
    this.tables ??= {
      supplierOf: new Uint32Array(size),
      indexIn: new Uint32Array(size),
      ranks: { recent: new Uint32Array(size), name: new Uint32Array(size), downloads: new Uint32Array(size) },
    };
    return this.tables;
  }

  private forget(loaded: LoadedFile): void {
    this.suppliers.delete(loaded.id);
    const { run, supplied, id } = loaded;
    const supplierOf = this.tables?.supplierOf;
    if (supplierOf === undefined) return;
    if (run !== undefined) supplierOf.fill(0, run.first, run.end);
    for (const ordinal of supplied) if (supplierOf[ordinal] === id) supplierOf[ordinal] = 0;
  }
}

interface PerOrdinal {
  readonly supplierOf: Uint32Array;
  readonly indexIn: Uint32Array;
  readonly ranks: Readonly<Record<OtherOrderKey, Uint32Array>>;
}

const ALL = "all" as const;

type Run = { readonly first: number; readonly end: number };

/** The file's ordinals as a run `[first, end)` when it is of `stars` order, so that the run is handled whole. */
const runOf = ({ first, count }: RecordFileContents): Run | undefined => (first === undefined ? undefined : { first, end: first + count });
