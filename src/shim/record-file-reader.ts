/**
 * Reads a `RecordFile` (core/site-format.ts) in place: its ordinals, ranks
 * and record ends are views of its words, and a record is a view of its
 * bytes made when it is asked for. Reading a file touches no record: a page
 * of scattered search results reads a file per record it shows, and a loop
 * over every record of each was what a cold isolate spent its time (and
 * V8's compiler threads) on.
 */
import { type OtherOrderKey, RECORD_RANK_ORDERS } from "../core/site-format.js";
import { CatalogUnavailable } from "./problem.js";
import { wordsAt } from "./uint32-words.js";

export interface RecordFileContents {
  readonly count: number;
  readonly ordinals: Uint32Array;
  /** Per non-`stars` order, each record's position in it. */
  readonly ranks: Readonly<Record<OtherOrderKey, Uint32Array>>;
  /** Where each record's UTF-8 JSON ends in `text`. */
  readonly ends: Uint32Array;
  /** The records' UTF-8 wire JSON, one after another. */
  readonly text: Uint8Array;
  /** The file, for errors. */
  readonly what: string;
  /**
   * Set when the file is one of `stars` order (a shard or a fine shard): by the site format its ordinals are then
   * `first … first + count - 1` in order, so that its records are filled in as one run.
   */
  readonly first: number | undefined;
}

/**
 * @param first for a file of `stars` order, the ordinal the manifest says it starts at.
 * @throws CatalogUnavailable when `bytes` are not a record file (a record's own bounds are checked by `recordAt`), or
 *   not one of `stars` order from `first` when that is given.
 */
export function readRecordFile(bytes: Uint8Array, what: string, first?: number): RecordFileContents {
  const broken = () => notRecordFile(what);
  if (bytes.byteLength < 4) throw broken();
  const count = wordsAt(bytes, 0, 1)[0]!;
  const textStart = 4 * (1 + WORDS_PER_RECORD * count);
  if (textStart > bytes.byteLength) throw broken();
  const words = wordsAt(bytes, 4, WORDS_PER_RECORD * count);
  const ends = words.subarray((WORDS_PER_RECORD - 1) * count);
  const text = bytes.subarray(textStart);
  if ((count === 0 ? 0 : ends[count - 1]) !== text.byteLength) throw broken();
  const ordinals = words.subarray(0, count);
  if (first !== undefined && !(count > 0 && ordinals[0] === first && ordinals[count - 1] === first + count - 1)) throw broken();
  // In `RECORD_RANK_ORDERS` order; spelled out, as a cold isolate reads dozens of files for one page.
  const ranks = {
    recent: words.subarray(count, 2 * count),
    name: words.subarray(2 * count, 3 * count),
    downloads: words.subarray(3 * count, 4 * count),
  };
  return {
    count,
    ordinals,
    ranks,
    ends,
    text,
    what,
    first,
  };
}

/** The UTF-8 JSON of the file's record at `index`, a view of its bytes. */
export function recordAt(contents: RecordFileContents, index: number): Uint8Array {
  const { ends, text } = contents;
  const start = index === 0 ? 0 : ends[index - 1]!;
  const end = ends[index]!;
  if (!(index >= 0 && index < contents.count && start <= end && end <= text.byteLength)) throw notRecordFile(contents.what);
  return text.subarray(start, end);
}

/** The records at `indexes`, copied into one buffer of their own (so that the file's can be let go), with their ordinals and ranks. */
export function recordsCopied(contents: RecordFileContents, indexes: readonly number[]): RecordFileContents {
  const records = indexes.map((i) => recordAt(contents, i));
  const text = new Uint8Array(records.reduce((sum, record) => sum + record.byteLength, 0));
  const ends = new Uint32Array(records.length);
  let offset = 0;
  records.forEach((record, i) => {
    text.set(record, offset);
    ends[i] = offset += record.byteLength;
  });
  const pick = (words: Uint32Array) => Uint32Array.from(indexes, (i) => words[i]!);
  const { ordinals, ranks, what } = contents;
  return {
    count: indexes.length,
    ordinals: pick(ordinals),
    ranks: { recent: pick(ranks.recent), name: pick(ranks.name), downloads: pick(ranks.downloads) },
    ends,
    text,
    what,
    first: undefined,
  };
}

/** Per record: its ordinal, its position in each order of `RECORD_RANK_ORDERS`, where its JSON ends. */
const WORDS_PER_RECORD = 2 + RECORD_RANK_ORDERS.length;

const notRecordFile = (what: string) => new CatalogUnavailable(`${what} is not a record file`);
