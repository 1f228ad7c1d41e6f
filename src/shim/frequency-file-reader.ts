/**
 * Reads the relevance files (core/site-format.ts, `FrequencyFile` and `LengthsFile`) in place: a set's term
 * frequencies and the field lengths are views of the file's bytes, decoded per member when scored.
 */
import type { FieldLengths } from "../core/search/relevance.js";
import { FREQUENCY_U16, FREQUENCY_U32, FREQUENCY_WIDE } from "../core/site-format.js";
import { CatalogUnavailable } from "./problem.js";
import { wordsAt } from "./uint32-words.js";

/** One set's entries: `count` members' frequencies in a view of the width the file gives. */
export interface FrequencyRun {
  readonly width: number;
  readonly count: number;
  /** FREQUENCY_U16 entries. */
  readonly halves: Uint16Array | undefined;
  /** FREQUENCY_U32 entries, or FREQUENCY_WIDE ones (three words each). */
  readonly words: Uint32Array | undefined;
}

export class FrequencyFile {
  readonly byteLength: number;
  private readonly sets: number;
  private readonly table: Uint32Array;

  private readonly bytes: Uint8Array;

  constructor(
    bytes: Uint8Array,
    private readonly what: string,
  ) {
    this.bytes = aligned(bytes);
    if (bytes.byteLength < 4 || bytes.byteLength % 4 !== 0) throw this.broken();
    this.sets = wordsAt(this.bytes, 0, 1)[0]!;
    if (4 * (1 + 3 * this.sets) > bytes.byteLength) throw this.broken();
    this.table = wordsAt(this.bytes, 4, 3 * this.sets);
    this.byteLength = bytes.byteLength;
  }

  /** The entries of the set at `index` (the index of its key in the postings block). */
  run(index: number): FrequencyRun {
    if (!(index >= 0 && index < this.sets)) throw this.broken();
    const start = this.table[index]!;
    const width = this.table[this.sets + index]!;
    const count = this.table[2 * this.sets + index]!;
    const known = width === FREQUENCY_U16 || width === FREQUENCY_U32 || width === FREQUENCY_WIDE;
    if (!(known && start % 4 === 0 && start + width * count <= this.byteLength)) throw this.broken();
    if (width === FREQUENCY_U16) {
      return { width, count, halves: new Uint16Array(this.bytes.buffer, this.bytes.byteOffset + start, count), words: undefined };
    }
    return { width, count, halves: undefined, words: wordsAt(this.bytes, start, (count * width) / 4) };
  }

  private broken(): CatalogUnavailable {
    return new CatalogUnavailable(`${this.what} is not a frequency file of this catalog`);
  }
}

/** A `ScoreOrderFile` (core/site-format.ts): each set's members in score order, a view of the file's words. */
export class ScoreOrderFile {
  readonly byteLength: number;
  private readonly words: Uint32Array;
  private readonly sets: number;

  constructor(
    bytes: Uint8Array,
    private readonly what: string,
  ) {
    const file = aligned(bytes);
    if (file.byteLength < 4 || file.byteLength % 4 !== 0) throw this.broken();
    this.words = wordsAt(file, 0, file.byteLength / 4);
    this.sets = this.words[0]!;
    if (1 + 2 * this.sets > this.words.length) throw this.broken();
    this.byteLength = file.byteLength;
  }

  /** The order of the set at `index` (empty when the set has none). */
  order(index: number): Uint32Array {
    if (!(index >= 0 && index < this.sets)) throw this.broken();
    const start = this.words[1 + index]!;
    const length = this.words[1 + this.sets + index]!;
    if (!(start % 4 === 0 && start / 4 + length <= this.words.length)) throw this.broken();
    return this.words.subarray(start / 4, start / 4 + length);
  }

  private broken(): CatalogUnavailable {
    return new CatalogUnavailable(`${this.what} is not a score order file of this catalog`);
  }
}

/** @throws CatalogUnavailable when `bytes` are not a lengths file of `plugins` plugins. */
export function readLengthsFile(file: Uint8Array, plugins: number, what: string): FieldLengths {
  const broken = () => new CatalogUnavailable(`${what} is not a lengths file of this catalog`);
  const bytes = aligned(file);
  if (bytes.byteLength < 16) throw broken();
  const [count, ...widths] = wordsAt(bytes, 0, 4);
  if (count !== plugins) throw broken();
  const fields: ArrayLike<number>[] = [];
  let offset = 16;
  for (const width of widths) {
    const end = offset + width! * plugins;
    if (!((width === 2 || width === 4) && end <= bytes.byteLength)) throw broken();
    fields.push(width === 2 ? new Uint16Array(bytes.buffer, bytes.byteOffset + offset, plugins) : wordsAt(bytes, offset, plugins));
    offset = (end + 3) & ~3;
  }
  return fields as unknown as FieldLengths;
}

/** The bytes where typed-array views of them may start: a reader may hand out a view at any offset. */
function aligned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
}
