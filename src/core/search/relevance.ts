/**
 * `sort=relevance` (contract section 11): BM25F's parts that need no file, and the order of scored plugins.
 * The shim sums each query term's frequencies per field and plugin; these functions turn sums into scores and
 * scores into a page.
 */
import { RELEVANCE_FIELD_WEIGHTS } from "../site-format.js";
import type { SearchTerms } from "./terms.js";

export const K1 = 1.2;
export const B = 0.75;
/** Two scores a ≥ b with a − b ≤ TIE · a are a tie (broken by stars, then slug: by ordinal). */
export const TIE = 1e-9;

/**
 * The query terms a score sums over: each distinct stem once, at its last place, so a stem repeated at the end
 * of the query is the last term (a prefix, with that place's typed form) and its earlier places count no more.
 */
export function scoringTerms(terms: SearchTerms): SearchTerms {
  const exact = [...new Set(terms.exact)].filter((stem) => stem !== terms.last.stem);
  return { exact, last: terms.last };
}

/** idf_t = ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function inverseDocumentFrequency(plugins: number, documentFrequency: number): number {
  return Math.log(1 + (plugins - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

const [W_NAME, W_DESCRIPTION, W_README] = RELEVANCE_FIELD_WEIGHTS;

/** Each field's lengths by ordinal: name, description, README. */
export type FieldLengths = readonly [ArrayLike<number>, ArrayLike<number>, ArrayLike<number>];

/** What a term's weight needs of the catalog: each field's lengths, and their means. */
export interface FieldNorms {
  readonly lengths: FieldLengths;
  readonly averages: ArrayLike<number>;
}

/**
 * The field lengths and their means, the means as doubles whatever their JSON spelled (`3` parses to a small
 * integer): the shim's scoring loops, compiled at a Worker's start over doubles, then always meet the same kind of
 * array. Every `FieldNorms` the shim scores with is made here.
 */
export function fieldNorms(lengths: FieldLengths, averages: readonly number[]): FieldNorms {
  return { lengths, averages: Float64Array.from(averages) };
}

/**
 * A term's weight x in plugin `member`: Σ_f w_f · tf_f / (1 − b + b · len_f / avglen_f), its frequencies per field at
 * `tfs[at…at+2]` (name, description, README), a field without the term adding nothing. The build orders a set by it
 * and the shim scores by it, so that both make the same numbers.
 */
export function termWeight(tfs: ArrayLike<number>, at: number, member: number, { lengths, averages }: FieldNorms): number {
  const name = tfs[at]!;
  const description = tfs[at + 1]!;
  const readme = tfs[at + 2]!;
  return (
    (name === 0 ? 0 : (W_NAME * name) / (1 - B + (B * lengths[0][member]!) / averages[0]!)) +
    (description === 0 ? 0 : (W_DESCRIPTION * description) / (1 - B + (B * lengths[1][member]!) / averages[1]!)) +
    (readme === 0 ? 0 : (W_README * readme) / (1 - B + (B * lengths[2][member]!) / averages[2]!))
  );
}

/** A term's part of a plugin's score from its weight x: idf_t · x · (k1 + 1) / (x + k1). */
export const termScore = (idf: number, x: number): number => (idf * x * (K1 + 1)) / (x + K1);

/**
 * The ordinals at positions `start … end − 1` of `ordinals` ordered by score, highest first, ties (within
 * `TIE`) by ordinal, ascending. `ordinals` ascend and `scores[i]` is `ordinals[i]`'s, every score positive.
 *
 * One native sort does the work, which a comparator would do in the interpreter a million times over at
 * 50,000 plugins: each key is the score with its lowest mantissa bits replaced by the plugin's index, inverted,
 * so that ascending keys read from the end run by score, then by ordinal. The bits given up cost less
 * precision than the tie rule allows; the runs of ties around the page are then put in ordinal order from the
 * exact scores.
 */
export function pageByScore(scores: Float64Array, ordinals: ArrayLike<number>, start: number, end: number): number[] {
  const count = scores.length;
  if (start >= end) return [];
  const bits = Math.max(1, Math.ceil(Math.log2(count)));
  if (bits > MAX_INDEX_BITS) throw new RangeError(`cannot rank ${count} plugins`);
  const mask = 2 ** bits - 1;
  const keys = new Float64Array(count);
  const halves = new Uint32Array(keys.buffer);
  for (let i = 0; i < count; i++) {
    keys[i] = scores[i]!;
    halves[2 * i + LOW] = ((halves[2 * i + LOW]! & ~mask) | (mask - i)) >>> 0;
  }
  /** The index (into `scores`) of the plugin at position p, best first: p among the `ordered` first. */
  const at = (p: number): number => mask - (halves[2 * (count - 1 - p) + LOW]! & mask);
  const tied = (p: number): boolean => isTie(scores[at(p)]!, scores[at(p + 1)]!);
  // Only the first positions are put in order, the page's and a few past it, and more while ties run past them.
  let ordered = Math.min(count, end + TIES_PAST_PAGE);
  let to = end;
  for (;;) {
    placeLargest(keys, ordered);
    while (to < ordered && tied(to - 1)) to++;
    if (to < ordered || ordered === count) break;
    ordered = Math.min(count, 2 * ordered);
  }
  let from = start;
  while (from > 0 && tied(from - 1)) from--;
  const indexes = new Uint32Array(to - from);
  for (let k = 0; k < indexes.length; k++) indexes[k] = at(from + k);
  orderRunsOfTies(indexes, scores);
  return Array.from(indexes.subarray(start - from, end - from), (i) => ordinals[i]!);
}

/** Positions past the page put in order at first, for the ties that may run on from its last plugin. */
const TIES_PAST_PAGE = 32;

/**
 * Puts the `k` largest keys, ascending, at the end of `keys` (distinct keys: each holds its plugin's index), the rest
 * before them in no order: a selection (Hoare's, median of three) and a native sort of the `k`, which cost less than
 * sorting every key when the page is near the top of many matches. A selection that takes too many rounds, as an
 * adversary's scores might make it, gives way to sorting every key.
 */
function placeLargest(keys: Float64Array, k: number): void {
  const target = keys.length - k;
  let low = 0;
  let high = keys.length - 1;
  for (let rounds = 0; target > 0 && low < high; rounds++) {
    if (rounds === MAX_SELECTION_ROUNDS) {
      keys.sort();
      return;
    }
    const a = keys[low]!;
    const b = keys[(low + high) >>> 1]!;
    const c = keys[high]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = low;
    let j = high;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const swap = keys[i]!;
        keys[i++] = keys[j]!;
        keys[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  keys.subarray(target).sort();
}

/** Far more than a selection of random keys takes (about twice the bits of their count). */
const MAX_SELECTION_ROUNDS = 96;

/** Enough for any catalog the hosts' file limits allow, while the rest of the mantissa is finer than `TIE`. */
const MAX_INDEX_BITS = 21;

/** Which half of a float64's words holds its low mantissa bits. */
const LOW = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1 ? 0 : 1;

function isTie(a: number, b: number): boolean {
  const high = a >= b ? a : b;
  const low = a >= b ? b : a;
  return high - low <= TIE * high;
}

/** Sorts each run of neighbours that tie by index (ordinal order), in place. */
function orderRunsOfTies(indexes: Uint32Array, scores: Float64Array): void {
  let runStart = 0;
  for (let k = 1; k <= indexes.length; k++) {
    if (k < indexes.length && isTie(scores[indexes[k - 1]!]!, scores[indexes[k]!]!)) continue;
    if (k - runStart > 1) indexes.subarray(runStart, k).sort();
    runStart = k;
  }
}
