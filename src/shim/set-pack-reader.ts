/**
 * Reads a `SetPack` (core/site-format.ts) in place: the small header is the
 * only JSON parsed; a key is decoded, and a set is a view of the file's words
 * (a bitmap) or built from one (a list), only when asked for. Each key and
 * set is checked when it is used, not all when the pack is read: a query uses
 * a handful of a block's hundreds, and a loop over all of them is what made a
 * cold isolate compile it (docs/BENCHMARKS.md).
 */
import { Bitset } from "../core/bitset.js";
import { compareCodeUnits } from "../core/order.js";
import { partitionPoint } from "../core/partition.js";
import { SET_BITMAP, SET_LIST, type SetPackHeader } from "../core/site-format.js";
import { CatalogUnavailable } from "./problem.js";
import { parseJson } from "./site-reader.js";
import { wordsAt } from "./uint32-words.js";

const decoder = new TextDecoder();

/** A set's words (a sorted list of ordinals, or a bitmap) and which of the two they are. */
export interface StoredSet {
  readonly kind: number;
  readonly words: Uint32Array;
}

export class SetPack {
  readonly header: SetPackHeader;
  readonly byteLength: number;
  /** How many sets (and keys) the pack holds. */
  readonly size: number;
  /** Three words per set: first body word, word count, kind. */
  private readonly table: Uint32Array;
  /** Per key, where its UTF-8 ends in `keyText`. */
  private readonly keyEnds: Uint32Array;
  private readonly keyText: Uint8Array;
  private readonly body: Uint32Array;
  /** Keys decoded so far: a warm isolate looks the same few up again and again (binary searches pass the same middles). */
  private readonly decoded: (string | undefined)[];

  /** @throws CatalogUnavailable when `bytes` are not a set pack over `plugins` plugins. */
  constructor(
    bytes: Uint8Array,
    private readonly plugins: number,
    private readonly what: string,
  ) {
    const word = (offset: number) => wordsAt(bytes, offset, 1)[0]!;
    const headerLength = bytes.byteLength >= 4 ? word(0) : -1;
    const tableStart = (4 + headerLength + 3) & ~3;
    if (headerLength < 0 || tableStart + 4 > bytes.byteLength || bytes.byteLength % 4 !== 0) throw this.broken();
    this.header = parseJson<SetPackHeader>(decoder.decode(bytes.subarray(4, 4 + headerLength)), what);
    this.size = word(tableStart);
    const keysStart = tableStart + 4 + 16 * this.size;
    if (keysStart > bytes.byteLength) throw this.broken();
    this.table = wordsAt(bytes, tableStart + 4, 3 * this.size);
    this.keyEnds = wordsAt(bytes, tableStart + 4 + 12 * this.size, this.size);
    const keyBytes = this.size === 0 ? 0 : this.keyEnds[this.size - 1]!;
    const bodyStart = (keysStart + keyBytes + 3) & ~3;
    if (bodyStart > bytes.byteLength) throw this.broken();
    this.keyText = bytes.subarray(keysStart, keysStart + keyBytes);
    this.body = wordsAt(bytes, bodyStart, (bytes.byteLength - bodyStart) / 4);
    this.byteLength = bytes.byteLength;
    this.decoded = new Array<string | undefined>(this.size);
    if (!this.shapedLikeOne()) throw this.broken();
  }

  /** The index of `key` among the keys `from … to - 1` (which are in code-unit order), or -1. */
  find(key: string, from = 0, to = this.size): number {
    const i = this.lowerBound(key, from, to);
    return i < to && this.key(i) === key ? i : -1;
  }

  /** The first index in `from … to - 1` whose key is not below `key`. */
  lowerBound(key: string, from = 0, to = this.size): number {
    return partitionPoint(from, to, (index) => compareCodeUnits(this.key(index), key) >= 0);
  }

  key(index: number): string {
    const known = this.decoded[index];
    if (known !== undefined) return known;
    if (!(index >= 0 && index < this.size)) throw this.broken();
    const start = index === 0 ? 0 : this.keyEnds[index - 1]!;
    const end = this.keyEnds[index]!;
    if (start > end || end > this.keyText.byteLength) throw this.broken();
    return (this.decoded[index] = decoder.decode(this.keyText.subarray(start, end)));
  }

  /**
   * The set at `index`, in memory of its own: a view would keep the whole file alive as long as
   * the set is cached, long after the file itself is evicted.
   */
  set(index: number): Bitset {
    const words = this.words(index);
    return this.kind(index) === SET_BITMAP ? new Bitset(this.plugins, words.slice()) : Bitset.ofList(this.plugins, words);
  }

  /** Adds the members of the set at `index` to `target`. */
  addTo(target: Bitset, index: number): void {
    const words = this.words(index);
    if (this.kind(index) === SET_BITMAP) target.or(new Bitset(this.plugins, words));
    else target.addAll(words);
  }

  /** Where copies of the records of the set at `index` lie: `[file index, first record, …]`, or none. */
  group(index: number): readonly number[] | undefined {
    const group = this.header.groups?.[index];
    return group === undefined || group === 0 ? undefined : group;
  }

  file(index: number): string {
    const file = this.header.files?.[index];
    if (file === undefined) throw this.broken();
    return file;
  }

  /** The set at `index` as it lies in the file: a view of its words, for a caller that walks them itself. */
  stored(index: number): StoredSet {
    return { kind: this.kind(index), words: this.words(index) };
  }

  /** SET_LIST or SET_BITMAP: how the set at `index` is stored. */
  kind(index: number): number {
    return this.table[3 * index + 2]!;
  }

  /** The words of the set at `index`. @throws CatalogUnavailable when its entry does not describe a set of this pack. */
  private words(index: number): Uint32Array {
    if (!(index >= 0 && index < this.size)) throw this.broken();
    const start = this.table[3 * index]!;
    const count = this.table[3 * index + 1]!;
    const kind = this.table[3 * index + 2]!;
    const inBody = start + count <= this.body.length;
    if (!inBody || !(kind === SET_LIST || (kind === SET_BITMAP && count === Math.ceil(this.plugins / 32)))) throw this.broken();
    return this.body.subarray(start, start + count);
  }

  /** The header is an object, with a group entry per set if any; the table and keys are checked as they are used. */
  private shapedLikeOne(): boolean {
    const { header } = this;
    if (typeof header !== "object" || header === null || Array.isArray(header)) return false;
    return header.groups === undefined || (Array.isArray(header.groups) && header.groups.length === this.size);
  }

  private broken(): CatalogUnavailable {
    return new CatalogUnavailable(`${this.what} is not a set pack of this catalog`);
  }
}
