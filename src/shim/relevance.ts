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
import { type Bitset, popcount } from "../core/bitset.js";
import { membersInOrder, type PageWindow } from "../core/paging.js";
import { B, inverseDocumentFrequency, K1, pageByScore, scoringTerms, TIE } from "../core/search/relevance.js";
import type { SearchTerms } from "../core/search/terms.js";
import { FREQUENCY_WIDE, PACKED_FREQUENCIES, RELEVANCE_FIELD_WEIGHTS, SET_LIST } from "../core/site-format.js";
import type { Catalog } from "./catalog.js";
import type { FieldLengths, FrequencyRun } from "./frequency-file-reader.js";
import { CatalogUnavailable } from "./problem.js";
import type { PagePlugins } from "./record-reads.js";
import type { ScoredPart, SearchIndex } from "./search.js";
import type { StoredSet } from "./set-pack-reader.js";

const [W_NAME, W_DESCRIPTION, W_README] = RELEVANCE_FIELD_WEIGHTS;

/** What scoring a term needs of the catalog: each field's lengths by ordinal and their means. */
interface Fields {
  readonly lengths: FieldLengths;
  readonly averages: readonly number[];
}

export async function relevancePlugins(
  catalog: Catalog,
  search: SearchTerms,
  matches: Bitset,
  total: number,
  window: PageWindow,
): Promise<PagePlugins> {
  const index = catalog.search();
  const parts = await index.scored(scoringTerms(search));
  const ordered =
    parts.length === 1
      ? await inScoreOrder(index, parts[0]!, matches, total, window)
      : await fromCandidates(catalog, parts, matches, window);
  if (ordered !== undefined) return ordered;
  const members = matches.members(total);
  const sources = parts.flatMap((part) => part.sources);
  const [runs, lengths] = await Promise.all([index.frequencies(sources.map((source) => source.number)), catalog.fieldLengths()]);
  const fields: Fields = { lengths, averages: catalog.manifest.relevance.averages };
  const scores = new Float64Array(total);
  const ranks = new Uint32Array(total);
  let next = 0;
  for (const part of parts) {
    const idf = inverseDocumentFrequency(catalog.size, part.set.count());
    const own = part.sources.map((source) => ({ set: source.set, frequencies: runs[next++]! }));
    const [only] = own;
    if (own.length === 1 && only!.frequencies.width !== FREQUENCY_WIDE) {
      if (only!.set.kind === SET_LIST) listRanks(only!.set.words, members, ranks);
      else bitmapRanks(only!.set.words, members, ranks);
      scorePacked(scores, only!.frequencies, ranks, members, fields, idf);
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
): Promise<PagePlugins | undefined> {
  if (part.sources.length !== 1 || total * WALK_SHARE < part.set.count()) return undefined;
  const order = await index.scoreOrder(part.sources[0]!.number);
  if (order === undefined) return undefined;
  // The order holds the set's first plugins: enough when the page ends within them.
  if (total === part.set.count())
    return window.end <= order.length ? { ordinals: Array.from(order.subarray(window.start, window.end)) } : undefined;
  const page = membersInOrder(matches, order, window.start, window.end);
  return page.ordinals.length === window.end - window.start ? { ordinals: page.ordinals } : undefined;
}

/** Matches fewer than this share of the term's plugins are scored rather than met walking its score order. */
const WALK_SHARE = 16;

/**
 * A search of several terms, each one stored set of packed entries with a score order, whose page ends within what
 * the orders hold: scored over candidates, not every match. The candidates are the matches among each order's first
 * `depth` plugins; any other match weighs at most the `depth`-th plugin's weight for each term, so scores at most
 * the sum of those terms' shares. When the page's last candidate scores above that bound (beyond the tie rule), the
 * candidates hold the page; else the depth doubles, up to the orders' length, and past it every match is scored.
 */
async function fromCandidates(
  catalog: Catalog,
  parts: readonly ScoredPart[],
  matches: Bitset,
  window: PageWindow,
): Promise<PagePlugins | undefined> {
  if (parts.some((part) => part.sources.length !== 1)) return undefined;
  const index = catalog.search();
  const numbers = parts.map((part) => part.sources[0]!.number);
  const orders = await Promise.all(numbers.map((number) => index.scoreOrder(number)));
  if (orders.some((order) => order === undefined)) return undefined;
  const [runs, lengths] = await Promise.all([index.frequencies(numbers), catalog.fieldLengths()]);
  if (runs.some((run) => run.width === FREQUENCY_WIDE)) return undefined;
  const fields: Fields = { lengths, averages: catalog.manifest.relevance.averages };
  const terms = parts.map((part, p) =>
    termWeights(part.sources[0]!.set, runs[p]!, fields, inverseDocumentFrequency(catalog.size, part.set.count())),
  );
  const longest = Math.min(...orders.map((order) => order!.length));
  for (let depth = Math.min(longest, Math.max(CANDIDATE_DEPTH, 2 * window.end)); ; depth = Math.min(longest, 2 * depth)) {
    const page = candidatePage(orders as Uint32Array[], depth, terms, matches, window);
    if (page !== undefined || depth === longest) return page;
  }
}

/** The least depth tried: scoring a few hundred candidates costs less than reading another file. */
const CANDIDATE_DEPTH = 128;

/** A term's share of a score for any plugin of its set (`share`), by random access to its rank and entry. */
interface TermWeights {
  readonly share: (ordinal: number) => number;
}

function candidatePage(
  orders: readonly Uint32Array[],
  depth: number,
  terms: readonly TermWeights[],
  matches: Bitset,
  window: PageWindow,
): PagePlugins | undefined {
  const seen = new Set<number>();
  for (const order of orders) for (let i = 0; i < depth; i++) if (matches.has(order[i]!)) seen.add(order[i]!);
  if (seen.size < window.end) return undefined;
  const candidates = Uint32Array.from(seen).sort();
  const scores = new Float64Array(candidates.length);
  for (const term of terms) for (let i = 0; i < candidates.length; i++) scores[i]! += term.share(candidates[i]!);
  // Any other match: at most each term's share at the order's last plugin read.
  let bound = 0;
  terms.forEach((term, t) => {
    bound += term.share(orders[t]![depth - 1]!);
  });
  // An order is by weight within the tie rule: a later plugin may weigh that much more than the one read.
  const last = Float64Array.from(scores).sort()[candidates.length - window.end]!;
  if (!(bound * (1 + TIE) < last * (1 - TIE))) return undefined;
  return { ordinals: pageByScore(scores, candidates, window.start, window.end) };
}

/**
 * A term's share of the score of any plugin of its stored set, by random access: the plugin's rank in the set (a
 * bitmap's counted from a directory of each word's bits below it, made once), its entry, its lengths; the same
 * arithmetic as `scorePacked`, so that a plugin scores the same whichever way.
 */
function termWeights(set: StoredSet, run: FrequencyRun, fields: Fields, idf: number): TermWeights {
  const rank = randomRanks(set);
  const entries = run.halves ?? run.words!;
  const { nameShift, descriptionShift, limits } = PACKED_FREQUENCIES[run.width as keyof typeof PACKED_FREQUENCIES];
  const [nameLengths, descriptionLengths, readmeLengths] = fields.lengths;
  const [nameAverage, descriptionAverage, readmeAverage] = fields.averages as [number, number, number];
  return {
    share: (member) => {
      const r = rank(member);
      if (r < 0) return 0;
      if (r >= run.count) throw new CatalogUnavailable("a frequency file does not fit its postings");
      const entry = entries[r]!;
      const name = entry >>> nameShift;
      const description = (entry >>> descriptionShift) & limits[1];
      const readme = entry & limits[2];
      const x =
        (name === 0 ? 0 : (W_NAME * name) / (1 - B + (B * nameLengths[member]!) / nameAverage)) +
        (description === 0 ? 0 : (W_DESCRIPTION * description) / (1 - B + (B * descriptionLengths[member]!) / descriptionAverage)) +
        (readme === 0 ? 0 : (W_README * readme) / (1 - B + (B * readmeLengths[member]!) / readmeAverage));
      return (idf * x * (K1 + 1)) / (x + K1);
    },
  };
}

/** Any plugin's rank in a stored set, or -1 when the set lacks it: a list's by binary search, a bitmap's by directory. */
function randomRanks({ kind, words }: StoredSet): (member: number) => number {
  if (kind === SET_LIST)
    return (member) => {
      let [low, high] = [0, words.length];
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (words[middle]! < member) low = middle + 1;
        else high = middle;
      }
      return words[low] === member ? low : -1;
    };
  const below = new Uint32Array(words.length);
  for (let w = 1; w < words.length; w++) below[w] = below[w - 1]! + popcount(words[w - 1]!);
  return (member) => {
    const [w, bit] = [member >>> 5, 1 << (member & 31)];
    return (words[w]! & bit) === 0 ? -1 : below[w]! + popcount(words[w]! & (bit - 1));
  };
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
function scorePacked(scores: Float64Array, run: FrequencyRun, ranks: Uint32Array, members: Uint32Array, fields: Fields, idf: number): void {
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
    // x = Σ_f w_f · tf_f / (1 − b + b · len_f / avglen_f), a field without the term adding nothing.
    const x =
      (name === 0 ? 0 : (W_NAME * name) / (1 - B + (B * nameLengths[member]!) / nameAverage)) +
      (description === 0 ? 0 : (W_DESCRIPTION * description) / (1 - B + (B * descriptionLengths[member]!) / descriptionAverage)) +
      (readme === 0 ? 0 : (W_README * readme) / (1 - B + (B * readmeLengths[member]!) / readmeAverage));
    scores[i]! += (idf * x * (K1 + 1)) / (x + K1);
  }
}

type FieldSums = [Float64Array, Float64Array, Float64Array];

/** Each member's frequencies summed per field over several stored sets (a prefix's terms, or wide entries). */
function summed(sources: readonly { readonly set: StoredSet; readonly frequencies: FrequencyRun }[], members: Uint32Array): FieldSums {
  const sums: FieldSums = [new Float64Array(members.length), new Float64Array(members.length), new Float64Array(members.length)];
  for (const source of sources) addFrequencies(source.set, source.frequencies, members, sums);
  return sums;
}

/** Adds a term's share to each member's score from its summed frequencies, as `scoreOneSet` does from one set's. */
function scoreSums(scores: Float64Array, [name, description, readme]: FieldSums, members: Uint32Array, fields: Fields, idf: number): void {
  const [nameLengths, descriptionLengths, readmeLengths] = fields.lengths;
  const [nameAverage, descriptionAverage, readmeAverage] = fields.averages as [number, number, number];
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    const n = name[i]!;
    const d = description[i]!;
    const r = readme[i]!;
    const x =
      (n === 0 ? 0 : (W_NAME * n) / (1 - B + (B * nameLengths[member]!) / nameAverage)) +
      (d === 0 ? 0 : (W_DESCRIPTION * d) / (1 - B + (B * descriptionLengths[member]!) / descriptionAverage)) +
      (r === 0 ? 0 : (W_README * r) / (1 - B + (B * readmeLengths[member]!) / readmeAverage));
    scores[i]! += (idf * x * (K1 + 1)) / (x + K1);
  }
}

/** Adds one stored set's frequencies of the members it holds into `sums` (by member index). */
function addFrequencies(set: StoredSet, run: FrequencyRun, members: Uint32Array, [name, description, readme]: FieldSums): void {
  const rank = rankCursor(set);
  const packed = run.width === FREQUENCY_WIDE ? undefined : PACKED_FREQUENCIES[run.width as keyof typeof PACKED_FREQUENCIES];
  const entries = run.halves ?? run.words!;
  for (let i = 0; i < members.length; i++) {
    const r = rank(members[i]!);
    if (r < 0) continue;
    if (r >= run.count) throw new CatalogUnavailable("a frequency file does not fit its postings");
    if (packed === undefined) {
      name[i]! += entries[3 * r]!;
      description[i]! += entries[3 * r + 1]!;
      readme[i]! += entries[3 * r + 2]!;
    } else {
      const v = entries[r]!;
      name[i]! += v >>> packed.nameShift;
      description[i]! += (v >>> packed.descriptionShift) & packed.limits[1];
      readme[i]! += v & packed.limits[2];
    }
  }
}

/** For ascending members asked in turn, each one's rank in the stored set, or -1 when the set lacks it. */
function rankCursor({ kind, words }: StoredSet): (member: number) => number {
  let [next, word, below] = [0, 0, 0];
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
