/**
 * `sort=relevance` (contract section 11): a search's matches scored by BM25F and cut to a page. Each query
 * term's frequencies per field come from the stored sets it matches (a prefix matches several terms), for the
 * matching plugins only, from the frequency files beside the postings blocks; the field lengths come from one
 * file of the whole catalog.
 *
 * A fresh isolate interprets these loops, and V8 compiles the ones that run long on its own threads, which the
 * edge bills too: a term that is one stored set (an exact term, or a prefix's stored union: most terms) is scored
 * in one pass over the matches, frequencies read, weighed and saturated as it goes, its ranks and popcounts spelled
 * out (a call per member costs the interpreter more than its arithmetic); only a prefix of several stored sets, or
 * entries too wide to pack, sum their frequencies first.
 */
import { Bitset, popcount } from "../core/bitset.js";
import { membersInOrder, type PageWindow } from "../core/paging.js";
import {
  B,
  type FieldNorms,
  inverseDocumentFrequency,
  K1,
  pageByScore,
  scoringTerms,
  TIE,
  termScore,
  termWeight,
} from "../core/search/relevance.js";
import type { SearchTerms } from "../core/search/terms.js";
import { FREQUENCY_WIDE, PACKED_FREQUENCIES, RELEVANCE_FIELD_WEIGHTS, SET_LIST } from "../core/site-format.js";
import type { Catalog } from "./catalog.js";
import type { FrequencyRun } from "./frequency-file-reader.js";
import { CatalogUnavailable } from "./problem.js";
import type { PagePlugins } from "./record-reads.js";
import type { ScoredPart, SearchIndex } from "./search.js";
import type { StoredSet } from "./set-pack-reader.js";

const [W_NAME, W_DESCRIPTION, W_README] = RELEVANCE_FIELD_WEIGHTS;

export async function relevancePlugins(
  catalog: Catalog,
  search: SearchTerms,
  matches: Bitset,
  total: number,
  window: PageWindow,
): Promise<PagePlugins> {
  const index = catalog.search();
  const parts = await index.scored(scoringTerms(search));
  const { orderLength } = catalog.manifest.relevance;
  const ordered =
    (parts.length === 1 ? await inScoreOrder(index, parts[0]!, matches, total, window, orderLength) : undefined) ??
    // So few matches are scored: fewer than the candidates would be.
    (total > Math.min(CANDIDATE_DEPTH, orderLength) && enoughCandidates(parts, total, orderLength, window)
      ? await fromCandidates(catalog, parts, matches, window)
      : undefined);
  if (ordered !== undefined) return ordered;
  const members = matches.members(total);
  const sources = parts.flatMap((part) => part.sources);
  const [runs, lengths] = await Promise.all([index.frequencies(sources.map((source) => source.number)), catalog.fieldLengths()]);
  const fields: FieldNorms = { lengths, averages: catalog.manifest.relevance.averages };
  const scores = new Float64Array(total);
  const ranks = new Uint32Array(total);
  let next = 0;
  for (const part of parts) {
    const idf = inverseDocumentFrequency(catalog.size, part.set.count());
    const own = part.sources.map((source) => ({ set: source.set, run: runs[next++]! }));
    const [only] = own;
    if (own.length === 1 && only!.run.width !== FREQUENCY_WIDE) {
      if (only!.set.kind === SET_LIST) listRanks(only!.set.words, members, ranks);
      else bitmapRanks(only!.set.words, members, ranks);
      scorePacked(scores, only!.run, ranks, members, fields, idf);
    } else scoreSums(scores, summed(own, members), members, fields, idf);
  }
  return { ordinals: pageByScore(scores, members, window.start, window.end) };
}

/**
 * A search of one term of one stored set that has a score order is ordered by it (its score grows with the term's
 * weight): the page is a slice of the order, or, filtered, the matches met walking it. Undefined when the set has no
 * order, when the page ends past what the order holds, or when the matches are so few that scoring them costs less
 * than the walk.
 */
async function inScoreOrder(
  index: SearchIndex,
  part: ScoredPart,
  matches: Bitset,
  total: number,
  window: PageWindow,
  orderLength: number,
): Promise<PagePlugins | undefined> {
  const count = part.set.count();
  if (part.sources.length !== 1 || total * WALK_SHARE < count) return undefined;
  // Filtered, the walk meets about `total / count` of the order's plugins: too few to fill the page, it is not tried.
  if (total < count && Math.min(count, orderLength) * total < window.end * count) return undefined;
  const order = await index.scoreOrder(part.sources[0]!.number);
  if (order === undefined) return undefined;
  // The order holds the set's first plugins: enough when the page ends within them.
  if (total === count) return window.end <= order.length ? { ordinals: Array.from(order.subarray(window.start, window.end)) } : undefined;
  const page = membersInOrder(matches, order, window.start, window.end);
  return page.ordinals.length === window.end - window.start ? { ordinals: page.ordinals } : undefined;
}

/** Matches fewer than this share of the term's plugins are scored rather than met walking its score order. */
const WALK_SHARE = 16;

/**
 * A search scored over candidates, not every match: each term's stored sets give as candidates the matches among the
 * first `depth` plugins of their score orders (a set without one is small, and gives all its plugins). Any other match
 * weighs at most, for each term, the sum over its ordered sets of the weight of the `depth`-th plugin read, so scores
 * at most the sum of those terms' shares. When the page's last candidate scores above that bound (beyond the tie
 * rule), the candidates hold the page; else the depth doubles, up to what the orders hold, and past it every match is
 * scored.
 */
async function fromCandidates(
  catalog: Catalog,
  parts: readonly ScoredPart[],
  matches: Bitset,
  window: PageWindow,
): Promise<PagePlugins | undefined> {
  const index = catalog.search();
  const sources = parts.flatMap((part) => part.sources);
  const [orders, runs, lengths] = await Promise.all([
    index.scoreOrders(sources.map((source) => source.number)),
    index.frequencies(sources.map((source) => source.number)),
    catalog.fieldLengths(),
  ]);
  const fields: FieldNorms = { lengths, averages: catalog.manifest.relevance.averages };
  let next = 0;
  const terms = parts.map((part): TermAccess => {
    const access = part.sources.map((source) => sourceAccess(source.set, runs[next]!, orders[next++]));
    return { sources: access, idf: inverseDocumentFrequency(catalog.size, part.set.count()) };
  });
  // A term of small sets alone gives every plugin that has it: then the candidates are every match.
  let deepest = 0;
  for (const term of terms) for (const source of term.sources) if (!source.whole) deepest = Math.max(deepest, source.first.length);
  for (let depth = Math.min(deepest, Math.max(CANDIDATE_DEPTH, 2 * window.end)); ; depth = Math.min(deepest, 2 * depth)) {
    const page = candidatePage(terms, depth, matches, fields, window);
    // A term of many sets bounds the others by the sum of their weights: deeper candidates rarely prove a page.
    if (page !== undefined || depth >= deepest || sources.length > FEW_SOURCES) return page;
  }
}

/** Past this many stored sets, candidates are tried at one depth only (see `fromCandidates`). */
const FEW_SOURCES = 8;

/**
 * Whether the terms' score orders likely hold a page of candidates: a term's order meets about `total / count` of
 * its plugins among the matches. When the sum falls short of the page, the candidates are not tried (a read and a
 * scoring pass or two that would end in scoring every match anyway).
 */
function enoughCandidates(parts: readonly ScoredPart[], total: number, orderLength: number, window: PageWindow): boolean {
  let expected = 0;
  for (const part of parts) {
    const count = part.set.count();
    expected += (Math.min(count, part.sources.length * orderLength) * total) / count;
  }
  return expected >= window.end;
}

/** The least depth tried: scoring a few hundred candidates costs less than reading another file. */
const CANDIDATE_DEPTH = 128;

/** A term: its stored sets, and its idf. */
interface TermAccess {
  readonly sources: readonly SourceAccess[];
  readonly idf: number;
}

/** A stored set of a term, and the plugins it gives as candidates. */
interface SourceAccess {
  readonly set: StoredSet;
  readonly run: FrequencyRun;
  /** Its score order (the first plugins by weight), or, for a set without one, every plugin it holds. */
  readonly first: Uint32Array;
  /** `first` is every plugin the set holds. */
  readonly whole: boolean;
}

function candidatePage(
  terms: readonly TermAccess[],
  depth: number,
  matches: Bitset,
  fields: FieldNorms,
  window: PageWindow,
): PagePlugins | undefined {
  const seen = new Set<number>();
  for (const { sources } of terms)
    for (const { first, whole } of sources) {
      const read = whole ? first.length : Math.min(depth, first.length);
      for (let i = 0; i < read; i++) if (matches.has(first[i]!)) seen.add(first[i]!);
    }
  if (seen.size < window.end) return undefined;
  const candidates = Uint32Array.from(seen).sort();
  const scores = new Float64Array(candidates.length);
  for (const term of terms) {
    const sums = new Float64Array(3 * candidates.length);
    for (const source of term.sources) addFrequencies(source.set, source.run, candidates, sums);
    for (let i = 0; i < candidates.length; i++) scores[i]! += termScore(term.idf, termWeight(sums, 3 * i, candidates[i]!, fields));
  }
  // A term every plugin of which is a candidate leaves no other match: the candidates are all of them.
  if (terms.some((term) => term.sources.every((source) => source.whole)))
    return { ordinals: pageByScore(scores, candidates, window.start, window.end) };
  // Any other match: for each term, at most its ordered sets' weights at the last plugin read of each.
  let bound = 0;
  for (const term of terms) {
    let x = 0;
    for (const source of term.sources) {
      if (source.whole) continue;
      const at = Uint32Array.of(source.first[Math.min(depth, source.first.length) - 1]!);
      const sums = new Float64Array(3);
      addFrequencies(source.set, source.run, at, sums);
      x += termWeight(sums, 0, at[0]!, fields);
    }
    bound += termScore(term.idf, x);
  }
  // An order is by score within the tie rule: a later plugin may score that much more than the one read.
  const last = Float64Array.from(scores).sort()[candidates.length - window.end]!;
  if (!(bound * (1 + TIE) < last * (1 - TIE))) return undefined;
  return { ordinals: pageByScore(scores, candidates, window.start, window.end) };
}

/** A stored set and its candidates: its order or, without one, its members. */
function sourceAccess(set: StoredSet, run: FrequencyRun, order: Uint32Array | undefined): SourceAccess {
  // A set's run holds an entry per plugin of it: its count, which lists a bitmap's members in one pass.
  const members = () => (set.kind === SET_LIST ? set.words : new Bitset(32 * set.words.length, set.words).members(run.count));
  return { set, run, first: order ?? members(), whole: order === undefined || order.length === run.count };
}

/** Each member's rank in a sorted list (`ABSENT` when it lacks one): a merge of two ascending lists. */
function listRanks(list: Uint32Array, members: Uint32Array, ranks: Uint32Array): void {
  let rank = 0;
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    while (rank < list.length && list[rank]! < member) rank++;
    ranks[i] = list[rank] === member ? rank : ABSENT;
  }
}

/** Each member's rank in a bitmap (`ABSENT` when it lacks one): the set bits below it, counted word by word as they pass. */
function bitmapRanks(bitmap: Uint32Array, members: Uint32Array, ranks: Uint32Array): void {
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
    let v = bitmap[w]! & (bit - 1);
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    ranks[i] = (bitmap[w]! & bit) === 0 ? ABSENT : below + (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
  }
}

const ABSENT = 0xffffffff;

/** Adds a term of one stored set of packed entries to each member's score, from the member's rank in the set. */
function scorePacked(
  scores: Float64Array,
  run: FrequencyRun,
  ranks: Uint32Array,
  members: Uint32Array,
  fields: FieldNorms,
  idf: number,
): void {
  const entries = run.halves ?? run.words!;
  const { nameShift, descriptionShift, limits } = PACKED_FREQUENCIES[run.width as keyof typeof PACKED_FREQUENCIES];
  const [descriptionMask, readmeMask] = [limits[1], limits[2]];
  const [nameLengths, descriptionLengths, readmeLengths] = fields.lengths;
  const [nameAverage, descriptionAverage, readmeAverage] = fields.averages as [number, number, number];
  const count = run.count;
  for (let i = 0; i < members.length; i++) {
    const rank = ranks[i]!;
    if (rank === ABSENT) continue;
    if (rank >= count) throw new CatalogUnavailable("a frequency file does not fit its postings");
    const entry = entries[rank]!;
    const member = members[i]!;
    const name = entry >>> nameShift;
    const description = (entry >>> descriptionShift) & descriptionMask;
    const readme = entry & readmeMask;
    // `termWeight` and `termScore`, spelled out with the packed entry's counts: this loop runs once per match.
    const x =
      (name === 0 ? 0 : (W_NAME * name) / (1 - B + (B * nameLengths[member]!) / nameAverage)) +
      (description === 0 ? 0 : (W_DESCRIPTION * description) / (1 - B + (B * descriptionLengths[member]!) / descriptionAverage)) +
      (readme === 0 ? 0 : (W_README * readme) / (1 - B + (B * readmeLengths[member]!) / readmeAverage));
    scores[i]! += (idf * x * (K1 + 1)) / (x + K1);
  }
}

/** Each member's frequencies summed per field over several stored sets, in threes (name, description, README). */
function summed(sources: readonly { readonly set: StoredSet; readonly run: FrequencyRun }[], members: Uint32Array): Float64Array {
  const sums = new Float64Array(3 * members.length);
  for (const source of sources) addFrequencies(source.set, source.run, members, sums);
  return sums;
}

/** Adds a term's share to each member's score from its summed frequencies, as `scorePacked` does from one set's. */
function scoreSums(scores: Float64Array, sums: Float64Array, members: Uint32Array, fields: FieldNorms, idf: number): void {
  for (let i = 0; i < members.length; i++) scores[i]! += termScore(idf, termWeight(sums, 3 * i, members[i]!, fields));
}

/**
 * Adds one stored set's frequencies of the plugins of `sorted` (ascending) it holds into `sums` (three per plugin, by
 * its index there): a set far smaller than them by its own members, each looked up among them; else by a cursor
 * over them, each one's rank in the set counted as it goes.
 */
function addFrequencies(set: StoredSet, run: FrequencyRun, sorted: Uint32Array, sums: Float64Array): void {
  const read = entryReader(run);
  if (set.kind === SET_LIST && 16 * set.words.length < sorted.length) {
    for (let r = 0; r < set.words.length; r++) {
      const i = indexOf(sorted, set.words[r]!);
      if (i >= 0) read(r, sums, 3 * i);
    }
    return;
  }
  const rank = rankCursor(set);
  for (let i = 0; i < sorted.length; i++) {
    const r = rank(sorted[i]!);
    if (r >= 0) read(r, sums, 3 * i);
  }
}

/** Adds the counts of entry `r` of a run, whatever its width, to `sums[at…at+2]`. */
function entryReader(run: FrequencyRun): (r: number, sums: Float64Array, at: number) => void {
  const entries = run.halves ?? run.words!;
  const check = (r: number) => {
    if (r >= run.count) throw new CatalogUnavailable("a frequency file does not fit its postings");
  };
  if (run.width === FREQUENCY_WIDE)
    return (r, sums, at) => {
      check(r);
      sums[at]! += entries[3 * r]!;
      sums[at + 1]! += entries[3 * r + 1]!;
      sums[at + 2]! += entries[3 * r + 2]!;
    };
  const { nameShift, descriptionShift, limits } = PACKED_FREQUENCIES[run.width as keyof typeof PACKED_FREQUENCIES];
  return (r, sums, at) => {
    check(r);
    const entry = entries[r]!;
    sums[at]! += entry >>> nameShift;
    sums[at + 1]! += (entry >>> descriptionShift) & limits[1];
    sums[at + 2]! += entry & limits[2];
  };
}

/** `partitionPoint` spelled out: this runs once per plugin of a small set, where a call per step would cost a cold isolate more. */
function indexOf(sorted: Uint32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return sorted[low] === value ? low : -1;
}

/** For ascending members asked in turn, each one's rank in the stored set, or -1 when the set lacks it. */
function rankCursor({ kind, words }: StoredSet): (member: number) => number {
  let next = 0;
  let word = 0;
  let below = 0;
  if (kind === SET_LIST)
    return (member) => {
      while (next < words.length && words[next]! < member) next++;
      return words[next] === member ? next : -1;
    };
  return (member) => {
    const w = member >>> 5;
    for (; word < w; word++) below += popcount(words[word]!);
    const bit = 1 << (member & 31);
    return (words[w]! & bit) === 0 ? -1 : below + popcount(words[w]! & (bit - 1));
  };
}
