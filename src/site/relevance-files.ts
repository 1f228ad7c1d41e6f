/**
 * Writes what `sort=relevance` scores with (core/site-format.ts, `FrequencyFile` and `LengthsFile`): each
 * postings set's members' term frequencies in the three relevance fields, in the narrowest width that holds
 * them all, and each plugin's field lengths.
 */
import { inverseDocumentFrequency, pageByScore, termScore, termWeight } from "../core/search/relevance.js";
import { FREQUENCY_U16, FREQUENCY_U32, FREQUENCY_WIDE, PACKED_FREQUENCIES } from "../core/site-format.js";
import { align4 } from "./set-pack-writer.js";

/** One set's members' frequencies per field (name, description, README), in member order. */
export type FieldCounts = readonly [ArrayLike<number>, ArrayLike<number>, ArrayLike<number>];

export function encodeFrequencyFile(sets: readonly FieldCounts[]): Uint8Array {
  const widths = sets.map(widthOf);
  const starts: number[] = [];
  let offset = 4 * (1 + 3 * sets.length);
  sets.forEach((counts, k) => {
    starts.push(offset);
    offset = align4(offset + widths[k]! * counts[0].length);
  });
  const bytes = new Uint8Array(offset);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, sets.length, true);
  sets.forEach((counts, k) => {
    view.setUint32(4 * (1 + k), starts[k]!, true);
    view.setUint32(4 * (1 + sets.length + k), widths[k]!, true);
    view.setUint32(4 * (1 + 2 * sets.length + k), counts[0].length, true);
    writeEntries(view, starts[k]!, widths[k]!, counts);
  });
  return bytes;
}

/** The bytes a set's entries take in a frequency file, its table entry included. */
export function frequencyBytesOf(counts: FieldCounts): number {
  return 12 + align4(widthOf(counts) * counts[0].length);
}

function widthOf(counts: FieldCounts): number {
  const largests = counts.map(largest);
  const holds = (width: typeof FREQUENCY_U16 | typeof FREQUENCY_U32) =>
    largests.every((value, f) => value <= PACKED_FREQUENCIES[width].limits[f]!);
  return holds(FREQUENCY_U16) ? FREQUENCY_U16 : holds(FREQUENCY_U32) ? FREQUENCY_U32 : FREQUENCY_WIDE;
}

function largest(values: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i]!);
  return max;
}

function writeEntries(view: DataView, start: number, width: number, [name, description, readme]: FieldCounts): void {
  for (let i = 0; i < name.length; i++) {
    const [n, d, r] = [name[i]!, description[i]!, readme[i]!];
    if (width === FREQUENCY_U16 || width === FREQUENCY_U32) {
      const { nameShift, descriptionShift } = PACKED_FREQUENCIES[width];
      const packed = ((n << nameShift) | (d << descriptionShift) | r) >>> 0;
      if (width === FREQUENCY_U16) view.setUint16(start + 2 * i, packed, true);
      else view.setUint32(start + 4 * i, packed, true);
    } else {
      view.setUint32(start + 12 * i, n, true);
      view.setUint32(start + 12 * i + 4, d, true);
      view.setUint32(start + 12 * i + 8, r, true);
    }
  }
}

/** Per field (name, description, README), each plugin's length by ordinal. */
export function encodeLengthsFile(lengths: FieldCounts): Uint8Array {
  const plugins = lengths[0].length;
  const widths = lengths.map((field) => (largest(field) < 0x10000 ? 2 : 4));
  const starts: number[] = [];
  let offset = 16;
  widths.forEach((width) => {
    starts.push(offset);
    offset = align4(offset + width * plugins);
  });
  const bytes = new Uint8Array(offset);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, plugins, true);
  widths.forEach((width, f) => {
    view.setUint32(4 * (1 + f), width, true);
    const field = lengths[f]!;
    for (let i = 0; i < plugins; i++) {
      if (width === 2) view.setUint16(starts[f]! + 2 * i, field[i]!, true);
      else view.setUint32(starts[f]! + 4 * i, field[i]!, true);
    }
  });
  return bytes;
}

/** The mean of each field's lengths over the catalog (0 for an empty one), as contract section 11 defines `avglen`. */
export function averageLengths(lengths: FieldCounts): [number, number, number] {
  const mean = (field: ArrayLike<number>) => {
    let sum = 0;
    for (let i = 0; i < field.length; i++) sum += field[i]!;
    return field.length === 0 ? 0 : sum / field.length;
  };
  return [mean(lengths[0]), mean(lengths[1]), mean(lengths[2])];
}

/**
 * A set's members ordered by their score for the term alone (contract 11: idf_t · x · (k1 + 1) / (x + k1), where
 * x = Σ_f w_f · tf_f / (1 − b + b · len_f / avglen_f) and df_t is the set's size), highest first, scores within the
 * tie rule by ordinal: a search of this one term, unfiltered, is ordered so, and its page is a slice of this order.
 * The tie rule is the scores', not the weights': the score draws weights together, so weights apart can be scores
 * that tie. The weight and the score are the shim's own functions, so that both make the same numbers.
 */
export function scoreOrder(
  members: readonly number[],
  counts: FieldCounts,
  {
    lengths,
    averages,
    plugins,
  }: { readonly lengths: FieldCounts; readonly averages: readonly [number, number, number]; readonly plugins: number },
): Uint32Array {
  const idf = inverseDocumentFrequency(plugins, members.length);
  const scores = new Float64Array(members.length);
  const tfs = new Float64Array(3);
  members.forEach((member, i) => {
    for (let f = 0; f < 3; f++) tfs[f] = counts[f]![i]!;
    scores[i] = termScore(idf, termWeight(tfs, 0, member, { lengths, averages }));
  });
  return Uint32Array.from(pageByScore(scores, members, 0, members.length));
}

/** The bytes a set's order takes in a score order file, its table entries included. */
export const orderBytesOf = (order: Uint32Array): number => 8 + 4 * order.length;

/** `ScoreOrderFile` (core/site-format.ts): consecutive sets' orders, an empty one where a set has none. */
export function encodeScoreOrderFile(orders: readonly Uint32Array[]): Uint8Array {
  const tableWords = 1 + 2 * orders.length;
  const words = new Uint32Array(tableWords + orders.reduce((sum, order) => sum + order.length, 0));
  words[0] = orders.length;
  let at = tableWords;
  orders.forEach((order, k) => {
    words[1 + k] = 4 * at;
    words[1 + orders.length + k] = order.length;
    words.set(order, at);
    at += order.length;
  });
  return new Uint8Array(words.buffer);
}
