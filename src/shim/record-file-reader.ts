/**
 * Reads a `RecordFile` (core/site-format.ts) in place: each record is a view
 * of the file's bytes, and its ordinal and ranks are views of its words.
 */
import { type OtherSortKey, RECORD_RANK_ORDERS } from "../core/site-format.js";
import { CatalogUnavailable } from "./problem.js";
import { wordsAt } from "./uint32-words.js";

export interface RecordFileContents {
  readonly ordinals: Uint32Array;
  /** Per non-`stars` order, each record's position in it. */
  readonly ranks: Readonly<Record<OtherSortKey, Uint32Array>>;
  /** Each record's UTF-8 wire JSON: views of the file's bytes. */
  readonly records: readonly Uint8Array[];
}

/** @throws CatalogUnavailable when `bytes` are not a record file. */
export function readRecordFile(bytes: Uint8Array, what: string): RecordFileContents {
  const broken = () => new CatalogUnavailable(`${what} is not a record file`);
  if (bytes.byteLength < 4) throw broken();
  const count = wordsAt(bytes, 0, 1)[0]!;
  const textStart = 4 * (1 + 4 * count);
  if (textStart > bytes.byteLength) throw broken();
  const words = wordsAt(bytes, 4, 4 * count);
  const ends = words.subarray(3 * count);
  const records: Uint8Array[] = [];
  let start = textStart;
  for (let i = 0; i < count; i++) {
    const end = textStart + ends[i]!;
    if (end < start || end > bytes.byteLength) throw broken();
    records.push(bytes.subarray(start, end));
    start = end;
  }
  if (start !== bytes.byteLength) throw broken();
  const ranks = Object.fromEntries(RECORD_RANK_ORDERS.map((sort, k) => [sort, words.subarray((k + 1) * count, (k + 2) * count)]));
  return { ordinals: words.subarray(0, count), ranks: ranks as Record<OtherSortKey, Uint32Array>, records };
}
