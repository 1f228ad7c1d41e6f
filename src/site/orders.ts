/** Sort orders as the site stores them: positions' ordinals (the order files) and ordinals' positions (in record files). */

/** Each ordinal's position in an order given as its positions' ordinals. */
export function ranksOf(ordinalsByPosition: readonly number[]): Uint32Array {
  const ranks = new Uint32Array(ordinalsByPosition.length);
  ordinalsByPosition.forEach((ordinal, position) => {
    ranks[ordinal] = position;
  });
  return ranks;
}

/** An order file: the positions' ordinals as little-endian 32-bit words, as the shim views them. */
export function orderFile(ordinalsByPosition: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(4 * ordinalsByPosition.length);
  const view = new DataView(bytes.buffer);
  ordinalsByPosition.forEach((ordinal, i) => {
    view.setUint32(4 * i, ordinal, true);
  });
  return bytes;
}
