/**
 * Writes a `RecordFile` (see core/site-format.ts): plugin records as their
 * exact wire JSON, with each one's ordinal and positions in the other sort
 * orders up front, so the shim places them without parsing a byte of JSON.
 */
import { type OtherOrderKey, RECORD_RANK_ORDERS } from "../core/site-format.js";

/** What the site knows of each plugin, by ordinal. */
export interface RecordSource {
  /** UTF-8 wire JSON by ordinal. */
  readonly json: readonly Uint8Array[];
  /** Per non-`stars` order, each ordinal's position in it. */
  readonly ranks: Readonly<Record<OtherOrderKey, Uint32Array>>;
}

export function encodeRecordFile(source: RecordSource, ordinals: readonly number[]): Uint8Array {
  const n = ordinals.length;
  const endsAt = 1 + (1 + RECORD_RANK_ORDERS.length) * n;
  const textStart = 4 * (endsAt + n);
  const textLength = ordinals.reduce((sum, ordinal) => sum + source.json[ordinal]!.byteLength, 0);
  const bytes = new Uint8Array(textStart + textLength);
  const view = new DataView(bytes.buffer);
  const word = (index: number, value: number) => view.setUint32(4 * index, value, true);
  word(0, n);
  let end = 0;
  ordinals.forEach((ordinal, i) => {
    word(1 + i, ordinal);
    RECORD_RANK_ORDERS.forEach((sort, k) => {
      word(1 + (k + 1) * n + i, source.ranks[sort][ordinal]!);
    });
    const json = source.json[ordinal]!;
    bytes.set(json, textStart + end);
    end += json.byteLength;
    word(endsAt + i, end);
  });
  return bytes;
}
