/**
 * Sort orders as the site stores them: positions' ordinals (the order files), ordinals' positions (the rank files, and
 * each record's in record files).
 */
import type { OtherSortKey, SiteManifest } from "../core/site-format.js";
import type { AddFile } from "./file-series.js";

/** Each ordinal's position in an order given as its positions' ordinals. */
export function ranksOf(ordinalsByPosition: readonly number[]): Uint32Array {
  const ranks = new Uint32Array(ordinalsByPosition.length);
  ordinalsByPosition.forEach((ordinal, position) => {
    ranks[ordinal] = position;
  });
  return ranks;
}

/** The manifest's `orders` and `ranks` of the non-`stars` orders, each given as its positions' ordinals. */
export function writeOrderFiles(
  add: AddFile,
  ordinalsByPosition: Readonly<Record<OtherSortKey, readonly number[]>>,
): Pick<SiteManifest, "orders" | "ranks"> {
  const { recent, name } = ordinalsByPosition;
  return {
    orders: { recent: add("orders-recent", wordsFile(recent)), name: add("orders-name", wordsFile(name)) },
    ranks: { recent: add("ranks-recent", wordsFile(ranksOf(recent))), name: add("ranks-name", wordsFile(ranksOf(name))) },
  };
}

/** Words as little-endian 32-bit words, as the shim views them. */
function wordsFile(words: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(4 * words.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < words.length; i++) view.setUint32(4 * i, words[i]!, true);
  return bytes;
}
