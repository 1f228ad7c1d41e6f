/**
 * Sort orders as the site stores them: positions' ordinals (the order files), ordinals' positions (the rank files, and
 * each record's in record files).
 */
import { type OtherOrderKey, RECORD_RANK_ORDERS, type SiteManifest } from "../core/site-format.js";
import type { AddFile } from "./file-series.js";

/** Each ordinal's position in an order given as its positions' ordinals. */
export function ranksOf(ordinalsByPosition: readonly number[]): Uint32Array {
  const ranks = new Uint32Array(ordinalsByPosition.length);
  ordinalsByPosition.forEach((ordinal, position) => {
    ranks[ordinal] = position;
  });
  return ranks;
}

/** The manifest's `orders` and `ranks` of the non-`stars` orders: their positions' ordinals and their ordinals' positions. */
export function writeOrderFiles(
  add: AddFile,
  ordinalsByPosition: Readonly<Record<OtherOrderKey, readonly number[]>>,
  ranks: Readonly<Record<OtherOrderKey, Uint32Array>>,
): Pick<SiteManifest, "orders" | "ranks"> {
  const files = (kind: string, words: Readonly<Record<OtherOrderKey, ArrayLike<number>>>) =>
    Object.fromEntries(RECORD_RANK_ORDERS.map((sort) => [sort, add(`${kind}-${sort}`, wordsFile(words[sort]))])) as Record<
      OtherOrderKey,
      string
    >;
  return { orders: files("orders", ordinalsByPosition), ranks: files("ranks", ranks) };
}

/** Words as little-endian 32-bit words, as the shim views them. */
function wordsFile(words: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(4 * words.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < words.length; i++) view.setUint32(4 * i, words[i]!, true);
  return bytes;
}
