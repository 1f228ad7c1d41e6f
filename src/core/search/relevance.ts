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
  readonly averages: readonly number[];
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
  keys.sort();
  /** The index (into `scores`) of the plugin at position p, best first. */
  const at = (p: number): number => mask - (halves[2 * (count - 1 - p) + LOW]! & mask);
  const tied = (p: number): boolean => isTie(scores[at(p)]!, scores[at(p + 1)]!);
  let from = start;
  while (from > 0 && tied(from - 1)) from--;
  let to = end;
  while (to < count && tied(to - 1)) to++;
  const indexes = Array.from({ length: to - from }, (_, k) => at(from + k));
  orderRunsOfTies(indexes, scores);
  return indexes.slice(start - from, end - from).map((i) => ordinals[i]!);
}

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
function orderRunsOfTies(indexes: number[], scores: Float64Array): void {
  let runStart = 0;
  for (let k = 1; k <= indexes.length; k++) {
    if (k < indexes.length && isTie(scores[indexes[k - 1]!]!, scores[indexes[k]!]!)) continue;
    if (k - runStart > 1) {
      const run = Uint32Array.from(indexes.slice(runStart, k)).sort();
      for (let j = 0; j < run.length; j++) indexes[runStart + j] = run[j]!;
    }
    runStart = k;
  }
}
