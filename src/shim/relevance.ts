/**
 * `sort=relevance` (contract section 11): a search's matches scored by BM25F and cut to a page. Each query
 * term's frequencies are summed per field over the stored sets it matches (a prefix matches several terms),
 * for the matching plugins only, from the frequency files beside the postings blocks; the field lengths come
 * from one file of the whole catalog.
 */
import type { Bitset } from "../core/bitset.js";
import type { PageWindow } from "../core/paging.js";
import { B, inverseDocumentFrequency, K1, lengthNorm, pageByScore, scoringTerms } from "../core/search/relevance.js";
import type { SearchTerms } from "../core/search/terms.js";
import { FREQUENCY_U16, FREQUENCY_U32, PACKED_FREQUENCIES, RELEVANCE_FIELD_WEIGHTS, SET_LIST } from "../core/site-format.js";
import type { Catalog } from "./catalog.js";
import type { FieldLengths, FrequencyRun } from "./frequency-file-reader.js";
import type { PagePlugins } from "./page-records.js";
import { CatalogUnavailable } from "./problem.js";
import type { ScoredPart } from "./search.js";
import type { StoredSet } from "./set-pack-reader.js";

type FieldSums = [Float64Array, Float64Array, Float64Array];

export async function relevancePlugins(
  catalog: Catalog,
  search: SearchTerms,
  matches: Bitset,
  total: number,
  window: PageWindow,
): Promise<PagePlugins> {
  const members = matches.members(total);
  const [parts, lengths] = await Promise.all([catalog.search().scored(scoringTerms(search)), catalog.fieldLengths()]);
  const norms = fieldNorms(members, lengths, catalog.manifest.relevance.averages);
  const scores = new Float64Array(total);
  const sums: FieldSums = [new Float64Array(total), new Float64Array(total), new Float64Array(total)];
  for (const part of parts) addTermScores(scores, part, members, norms, sums, catalog.size);
  return { ordinals: pageByScore(scores, members, window.start, window.end) };
}

/**
 * Per field, each member's length divisor (`lengthNorm`, spelled out: a cold isolate interprets these loops, and a
 * call per member costs more than its arithmetic).
 */
function fieldNorms(members: Uint32Array, lengths: FieldLengths, averages: readonly number[]): FieldSums {
  return lengths.map((field, f) => {
    const norms = new Float64Array(members.length);
    const average = averages[f]!;
    if (average === 0) return norms.fill(lengthNorm(0, 0));
    for (let i = 0; i < members.length; i++) norms[i] = 1 - B + (B * field[members[i]!]!) / average;
    return norms;
  }) as unknown as FieldSums;
}

/** Adds the term's share to each member's score: its frequencies summed per field, weighed, saturated. */
function addTermScores(
  scores: Float64Array,
  part: ScoredPart,
  members: Uint32Array,
  norms: FieldSums,
  sums: FieldSums,
  size: number,
): void {
  for (const sum of sums) sum.fill(0);
  for (const source of part.sources) addFrequencies(source.set, source.frequencies, members, sums);
  const idf = inverseDocumentFrequency(size, part.set.count());
  const [wName, wDescription, wReadme] = RELEVANCE_FIELD_WEIGHTS;
  const [name, description, readme] = sums;
  const [nName, nDescription, nReadme] = norms;
  // A term's share of a score: idf · x · (k1 + 1) / (x + k1).
  for (let i = 0; i < members.length; i++) {
    const x = (wName * name[i]!) / nName[i]! + (wDescription * description[i]!) / nDescription[i]! + (wReadme * readme[i]!) / nReadme[i]!;
    scores[i]! += (idf * x * (K1 + 1)) / (x + K1);
  }
}

/** Adds one stored set's frequencies of the members it holds into `sums` (by member index). */
function addFrequencies(set: StoredSet, run: FrequencyRun, members: Uint32Array, sums: FieldSums): void {
  const found = set.kind === SET_LIST ? inList(set.words, members) : inBitmap(set.words, members);
  const { ranks, at, count } = found;
  // Ranks ascend with the members: the last is the largest.
  if (count > 0 && ranks[count - 1]! >= run.count) throw new CatalogUnavailable("a frequency file does not fit its postings");
  const [name, description, readme] = sums;
  if (run.width === FREQUENCY_U16 || run.width === FREQUENCY_U32) {
    const entries = run.halves ?? run.words!;
    const { nameShift, descriptionShift, limits } = PACKED_FREQUENCIES[run.width];
    const [descriptionMask, readmeMask] = [limits[1], limits[2]];
    for (let k = 0; k < count; k++) {
      const v = entries[ranks[k]!]!;
      const i = at[k]!;
      name[i]! += v >>> nameShift;
      description[i]! += (v >>> descriptionShift) & descriptionMask;
      readme[i]! += v & readmeMask;
    }
  } else {
    const words = run.words!;
    for (let k = 0; k < count; k++) {
      const r = 3 * ranks[k]!;
      const i = at[k]!;
      name[i]! += words[r]!;
      description[i]! += words[r + 1]!;
      readme[i]! += words[r + 2]!;
    }
  }
}

/** The members a stored set holds: for the k-th of them, its rank in the set and its index among `members`. */
interface Found {
  readonly ranks: Uint32Array;
  readonly at: Uint32Array;
  readonly count: number;
}

/** A list and the members, both ascending: merged, or, for a list far shorter, each of its entries looked up. */
function inList(list: Uint32Array, members: Uint32Array): Found {
  const capacity = Math.min(list.length, members.length);
  const [ranks, at] = [new Uint32Array(capacity), new Uint32Array(capacity)];
  let count = 0;
  if (16 * list.length < members.length) {
    for (let r = 0; r < list.length; r++) {
      const i = indexOf(members, list[r]!);
      if (i < 0) continue;
      ranks[count] = r;
      at[count++] = i;
    }
    return { ranks, at, count };
  }
  let r = 0;
  for (let i = 0; i < members.length && r < list.length; i++) {
    const member = members[i]!;
    while (r < list.length && list[r]! < member) r++;
    if (list[r] !== member) continue;
    ranks[count] = r++;
    at[count++] = i;
  }
  return { ranks, at, count };
}

function indexOf(sorted: Uint32Array, value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return sorted[low] === value ? low : -1;
}

/** A bitmap's members among `members`: each one's rank is the set bits below it, counted word by word as they pass. */
function inBitmap(bitmap: Uint32Array, members: Uint32Array): Found {
  const [ranks, at] = [new Uint32Array(members.length), new Uint32Array(members.length)];
  let count = 0;
  let word = 0;
  let below = 0;
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    const w = member >>> 5;
    for (; word < w; word++) {
      let v = bitmap[word]! - ((bitmap[word]! >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      below += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    const bit = 1 << (member & 31);
    const bits = bitmap[w] ?? 0;
    if ((bits & bit) === 0) continue;
    let v = bits & (bit - 1);
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    ranks[count] = below + (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
    at[count++] = i;
  }
  return { ranks, at, count };
}
