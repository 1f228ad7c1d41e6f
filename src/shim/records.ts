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
 * the garbage collector nothing while they are kept.
 */
import type { OtherSortKey } from "../core/site-format.js";
import { Lru } from "./lru.js";
import { CatalogUnavailable } from "./problem.js";
import { type RecordFileContents, readRecordFile } from "./record-file-reader.js";

interface LoadedFile {
  readonly contents: RecordFileContents;
  /** Ordinals whose record this file supplied (they were absent when it was read). */
  readonly supplied: number[];
  /** A record it supplied was handed out since the cache last looked: it is spared once when room is made. */
  used: boolean;
}

export class RecordStore {
  /**
   * Present records by ordinal. Maps, not arrays of one slot per plugin: a new isolate's first answer would
   * otherwise fill two arrays as long as the catalog.
   */
  private readonly records = new Map<number, Uint8Array>();
  /** Each present record's positions in the other orders, from its file. */
  private readonly ranks: Readonly<Record<OtherSortKey, Uint32Array>>;
  /**
   * The file that supplied each present record: using a record marks its file used, which keeps it in memory
   * (a mark, not an LRU move per record: a page of records from as many files would move each of them).
   */
  private readonly suppliers = new Map<number, LoadedFile>();
  /** Files that supplied at least one record; a file that supplied none is not kept. */
  private readonly files: Lru<string, LoadedFile>;
  private readonly reading = new Map<string, Promise<RecordFileContents>>();
  private partialReads = 0;

  constructor(
    private readonly size: number,
    maxBytes: number,
    private readonly read: (file: string) => Promise<Uint8Array>,
  ) {
    this.ranks = { recent: new Uint32Array(size), name: new Uint32Array(size) };
    this.files = new Lru<string, LoadedFile>(
      maxBytes,
      // A file's buffer stays alive while any record of it is kept: it counts whole.
      (file) => file.contents.records.reduce((sum, record) => sum + record.byteLength, 1),
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
      const ordinal = ordinals[i]!;
      const record = this.records.get(ordinal);
      if (record === undefined) return undefined;
      found.push(record);
      const supplier = this.suppliers.get(ordinal);
      if (supplier !== undefined) supplier.used = true;
    }
    return found;
  }

  /** How many times records were let go to make room for others. */
  get evictions(): number {
    return this.files.evictions;
  }

  /** The present record of `ordinal`, if any. */
  get(ordinal: number): Uint8Array | undefined {
    return this.records.get(ordinal);
  }

  /** The position in `sort` of the plugin of `ordinal`, when its record is present. */
  rank(sort: OtherSortKey, ordinal: number): number | undefined {
    return this.records.has(ordinal) ? this.ranks[sort][ordinal] : undefined;
  }

  /**
   * A record file's contents, read once however many ask at the same time; its absent records are filled in.
   * @param count how many records the manifest implies the file holds, when it does.
   */
  async file(file: string, count?: number): Promise<RecordFileContents> {
    const kept = this.files.get(file);
    const contents = kept?.contents ?? (await this.readOnce(file));
    if (count !== undefined && contents.records.length !== count) {
      throw new CatalogUnavailable(`${file} holds ${contents.records.length} records where the manifest implies ${count}`);
    }
    if (kept !== undefined) this.supply(kept);
    return contents;
  }

  private readOnce(file: string): Promise<RecordFileContents> {
    let pending = this.reading.get(file);
    if (pending === undefined) {
      pending = this.readFile(file).finally(() => this.reading.delete(file));
      this.reading.set(file, pending);
    }
    return pending;
  }

  private async readFile(file: string): Promise<RecordFileContents> {
    const contents = readRecordFile(await this.read(file), file);
    if (contents.ordinals.some((ordinal) => ordinal >= this.size)) throw new CatalogUnavailable(`${file} holds a record of no plugin`);
    const absent = absentIndexes(contents, this.records);
    if (absent.length === contents.records.length) this.keep(file, contents);
    // A file read for a few records when memory holds the rest (another order's shard, a group chunk): its buffer would
    // count whole while those few are kept, so they are copied out and kept on their own, under a key of their own.
    else if (absent.length > 0) {
      this.keep(`${file}#${++this.partialReads}`, onlyAt(contents, absent));
      // Making room may have evicted records this file holds: then it is kept whole, so that it fills them in at once.
      if (absentIndexes(contents, this.records).length > 0) this.keep(file, contents);
    }
    return contents;
  }

  private keep(key: string, contents: RecordFileContents): void {
    const loaded: LoadedFile = { contents, supplied: [], used: false };
    this.supply(loaded);
    this.files.set(key, loaded);
    // Making room may have evicted the supplier of a record this file also holds: fill it in again.
    if (this.files.has(key)) this.supply(loaded);
    // A file larger than the whole budget is not kept, and neither are its records.
    else this.forget(loaded);
  }

  /** Fills in the absent records from `loaded`. */
  private supply(loaded: LoadedFile): void {
    const { ordinals, records, ranks } = loaded.contents;
    for (let i = 0; i < records.length; i++) {
      const ordinal = ordinals[i]!;
      if (this.records.has(ordinal)) continue;
      this.records.set(ordinal, records[i]!);
      this.ranks.recent[ordinal] = ranks.recent[i]!;
      this.ranks.name[ordinal] = ranks.name[i]!;
      this.suppliers.set(ordinal, loaded);
      loaded.supplied.push(ordinal);
    }
  }

  private forget(loaded: LoadedFile): void {
    for (const ordinal of loaded.supplied) {
      this.records.delete(ordinal);
      this.suppliers.delete(ordinal);
    }
  }
}

function absentIndexes(contents: RecordFileContents, present: ReadonlyMap<number, Uint8Array>): number[] {
  const absent: number[] = [];
  for (let i = 0; i < contents.ordinals.length; i++) if (!present.has(contents.ordinals[i]!)) absent.push(i);
  return absent;
}

/** The records at `indexes`, copied into one buffer of their own (so the file's can be let go), with their ranks. */
function onlyAt(contents: RecordFileContents, indexes: readonly number[]): RecordFileContents {
  const buffer = new Uint8Array(indexes.reduce((sum, i) => sum + contents.records[i]!.byteLength, 0));
  let offset = 0;
  const records = indexes.map((i) => {
    const record = contents.records[i]!;
    buffer.set(record, offset);
    offset += record.byteLength;
    return buffer.subarray(offset - record.byteLength, offset);
  });
  const pick = (words: Uint32Array) => Uint32Array.from(indexes, (i) => words[i]!);
  const { ordinals, ranks } = contents;
  return { ordinals: pick(ordinals), ranks: { recent: pick(ranks.recent), name: pick(ranks.name) }, records };
}
