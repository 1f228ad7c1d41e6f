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
  type FieldLengths,
  type FieldNorms,
  fieldNorms,
  inverseDocumentFrequency,
  K1,
  pageByScore,
  scoringTerms,
  TIE,
  termScore,
  termWeight,
} from "../core/search/relevance.js";
import type { SearchTerms } from "../core/search/terms.js";
import {
  FREQUENCY_U16,
  FREQUENCY_U32,
  FREQUENCY_WIDE,
  PACKED_FREQUENCIES,
  RELEVANCE_FIELD_WEIGHTS,
  SET_BITMAP,
  SET_LIST,
} from "../core/site-format.js";
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
  const [runs, fields] = await Promise.all([index.frequencies(sources.map((source) => source.number)), catalog.fieldNorms()]);
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
  const [orders, runs, fields] = await Promise.all([
    index.scoreOrders(sources.map((source) => source.number)),
    index.frequencies(sources.map((source) => source.number)),
    catalog.fieldNorms(),
  ]);
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
  const candidates = candidatesAt(terms, depth, matches);
  if (candidates.length < window.end) return undefined;
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

/**
 * The matches among the first `depth` plugins of each source's order (all of a whole source's), ascending, each once:
 * gathered into one array and sorted natively, which leaves a warm isolate less to collect than a set of them did.
 */
function candidatesAt(terms: readonly TermAccess[], depth: number, matches: Bitset): Uint32Array {
  const sources = terms.flatMap((term) => term.sources);
  const read = (source: SourceAccess) => (source.whole ? source.first.length : Math.min(depth, source.first.length));
  const gathered = new Uint32Array(sources.reduce((sum, source) => sum + read(source), 0));
  let count = 0;
  for (const source of sources)
    for (let i = 0, end = read(source); i < end; i++) if (matches.has(source.first[i]!)) gathered[count++] = source.first[i]!;
  const sorted = gathered.subarray(0, count).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i]!;
  return sorted.subarray(0, unique);
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
  const nameAverage = fields.averages[0]!;
  const descriptionAverage = fields.averages[1]!;
  const readmeAverage = fields.averages[2]!;
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

/**
 * Runs this module's scoring loops over made-up data of a catalog of `plugins` plugins: a Worker calls it where it
 * starts (warm-up.ts). A fresh isolate interprets a loop until it has run long, then compiles it on V8's
 * threads, during the request: at 50,000 plugins, a first request that scored each of its 16,852 matches spent about
 * half of its 25 ms of CPU that way. Run here, over as many plugins, the loops are machine code before any request.
 * The data has the types the site's files give (packed entries of 16 and 32 bits, three-word entries, lengths of both
 * widths, means as doubles), and every branch a request may take is taken (a page past the first, ties around it,
 * candidates that prove a page and candidates that do not): code compiled without a branch is thrown away when a
 * request takes it.
 * @returns how many matches were scored on the path that scores every one, and how many candidate pages were tried.
 */
export function warmScoringLoops(plugins: number): { readonly matchesScored: number; readonly candidatePages: number } {
  const data = madeUpCatalog(plugins);
  let matchesScored = 0;
  let candidatePages = 0;
  for (const readmeBits of WARM_UP_PASSES) {
    const fields = fieldNorms(madeUpLengths(data.size, readmeBits), [4.5, 20.5, 1000.5]);
    const [ofBitmap, ofList, ofFew] = scoreEveryMatch(data, fields);
    matchesScored += data.members.length;
    // Two terms drawn apart, which the first depths do not prove; one term twice, which they do; a small set's term.
    for (const terms of [
      [ofBitmap, ofList],
      [ofBitmap, ofBitmap],
      [ofList, ofFew],
    ])
      for (let depth = CANDIDATE_DEPTH; depth <= data.depth; depth *= 2) {
        candidatePage(terms, depth, data.matches, fields, WARM_UP_WINDOW);
        candidatePages++;
      }
  }
  return { matchesScored, candidatePages };
}

/**
 * The warm-up's passes over its data, by the width of the README's lengths: each width twice, since V8 compiles a
 * function whole after a few calls (two passes left the dearest answer at 50,000 plugins 3 ms dearer).
 */
const WARM_UP_PASSES = [16, 32, 16, 32];

/** Plugins per call where the warm-up calls a loop in slices. */
const WARM_UP_SLICE = 2_048;

/** The page the warm-up asks for: past the first, of the bench's largest size. */
const WARM_UP_WINDOW: PageWindow = { start: 300, end: 400, pages: 4 };

interface MadeUpCatalog {
  readonly size: number;
  readonly matches: Bitset;
  readonly members: Uint32Array;
  /** A bitmap holding every match and more, a list of every other match, a list of a few: stored sets, with runs. */
  readonly bitmap: StoredSet;
  readonly list: StoredSet;
  readonly few: StoredSet;
  readonly runs: { readonly bitmap: FrequencyRun; readonly list: FrequencyRun; readonly few: FrequencyRun };
  readonly idf: number;
  /** How deep the score orders go. */
  readonly depth: number;
}

function madeUpCatalog(plugins: number): MadeUpCatalog {
  const size = 32 * Math.ceil(plugins / 32);
  const bitmap: StoredSet = { kind: SET_BITMAP, words: new Uint32Array(size / 32).fill(0x7b7b7b7b) };
  const pattern = new Bitset(size, new Uint32Array(size / 32).fill(0x5b5b5b5b));
  // The set operations of a search's terms and filters, on sets of this size (one of them kept as its list too).
  const matches = Bitset.ofList(size, pattern.members(pattern.count())).or(pattern).and(new Bitset(size, bitmap.words));
  const members = matches.members(matches.count());
  const list: StoredSet = { kind: SET_LIST, words: everyNth(members, 2) };
  const few: StoredSet = { kind: SET_LIST, words: everyNth(members, 64) };
  const runs = {
    bitmap: madeUpRun(FREQUENCY_U16, new Bitset(size, bitmap.words).count()),
    list: madeUpRun(FREQUENCY_U32, list.words.length),
    few: madeUpRun(FREQUENCY_WIDE, few.words.length),
  };
  const idf = inverseDocumentFrequency(size, members.length);
  return { size, matches, members, bitmap, list, few, runs, idf, depth: Math.min(8 * CANDIDATE_DEPTH, members.length) };
}

/** Scores every match on each path, and makes the terms' score orders from the scores, as the build does. */
function scoreEveryMatch(data: MadeUpCatalog, fields: FieldNorms): [TermAccess, TermAccess, TermAccess] {
  const { members, bitmap, list, few, runs, idf } = data;
  const ranks = new Uint32Array(members.length);
  const bitmapScores = new Float64Array(members.length);
  // In slices first: V8 compiles a function whole after many calls, where one long loop only gets its loop compiled.
  for (let at = 0; at < members.length; at += WARM_UP_SLICE)
    bitmapRanks(bitmap.words, members.subarray(at, at + WARM_UP_SLICE), ranks.subarray(at, at + WARM_UP_SLICE));
  bitmapRanks(bitmap.words, members, ranks);
  scorePacked(bitmapScores, runs.bitmap, ranks, members, fields, idf);
  const listScores = new Float64Array(members.length);
  listRanks(list.words, members, ranks);
  scorePacked(listScores, runs.list, ranks, members, fields, idf);
  const bitmapOrder = Uint32Array.from(pageByScore(bitmapScores, members, 0, data.depth));
  const listOrder = Uint32Array.from(pageByScore(listScores, members, 0, data.depth));
  const sums = summed(
    [
      { set: list, run: runs.list },
      { set: few, run: runs.few },
    ],
    members,
  );
  scoreSums(listScores, sums, members, fields, idf);
  pageByScore(listScores, members, WARM_UP_WINDOW.start, WARM_UP_WINDOW.end);
  // Ties, many of them, around the page.
  pageByScore(
    Float64Array.from(members, (member) => 1 + (member % 7)),
    members,
    WARM_UP_WINDOW.start,
    WARM_UP_WINDOW.end,
  );
  membersInOrder(data.matches, bitmapOrder, WARM_UP_WINDOW.start, WARM_UP_WINDOW.end);
  return [
    { sources: [sourceAccess(bitmap, runs.bitmap, bitmapOrder)], idf },
    { sources: [sourceAccess(list, runs.list, listOrder)], idf },
    { sources: [sourceAccess(few, runs.few, undefined)], idf },
  ];
}

function everyNth(members: Uint32Array, n: number): Uint32Array {
  const picked = new Uint32Array(Math.ceil(members.length / n));
  for (let i = 0; i < picked.length; i++) picked[i] = members[n * i]!;
  return picked;
}

/** A frequency run of `count` entries of a width, their counts spread over every bit the width has. */
function madeUpRun(width: number, count: number): FrequencyRun {
  const words = new Uint32Array(width === FREQUENCY_WIDE ? 3 * count : count);
  for (let i = 0; i < words.length; i++) words[i] = Math.imul(i + 1, 0x9e3779b1) >>> (width === FREQUENCY_WIDE ? 28 : 0);
  return width === FREQUENCY_U16
    ? { width, count, halves: Uint16Array.from(words), words: undefined }
    : { width, count, halves: undefined, words };
}

/** The three fields' lengths, the name's and description's in 16 bits, the README's in `readmeBits`. */
function madeUpLengths(size: number, readmeBits: number): FieldLengths {
  const spread = (lengths: Uint16Array | Uint32Array, most: number) => {
    for (let i = 0; i < size; i++) lengths[i] = 1 + ((Math.imul(i + 1, 0x9e3779b1) >>> 0) % most);
    return lengths;
  };
  const readme = readmeBits === 16 ? new Uint16Array(size) : new Uint32Array(size);
  return [spread(new Uint16Array(size), 8), spread(new Uint16Array(size), 40), spread(readme, 2000)];
}
