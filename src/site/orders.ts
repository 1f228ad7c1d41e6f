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

/** The manifest's `orders` and `ranks` of the non-`stars` orders: their positions' ordinals and their ordinals' positions. */
export function writeOrderFiles(
  add: AddFile,
  ordinalsByPosition: Readonly<Record<OtherSortKey, readonly number[]>>,
  ranks: Readonly<Record<OtherSortKey, Uint32Array>>,
): Pick<SiteManifest, "orders" | "ranks"> {
  return {
    orders: {
      recent: add("orders-recent", wordsFile(ordinalsByPosition.recent)),
      name: add("orders-name", wordsFile(ordinalsByPosition.name)),
    },
    ranks: { recent: add("ranks-recent", wordsFile(ranks.recent)), name: add("ranks-name", wordsFile(ranks.name)) },
  };
}

/** Words as little-endian 32-bit words, as the shim views them. */
function wordsFile(words: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(4 * words.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < words.length; i++) view.setUint32(4 * i, words[i]!, true);
  return bytes;
}
