/**
 * The shim's search data: the search index's postings (the same terms, the
 * same documents) as `SetPack`s, cut by term range into blocks of about
 * `postingsBlockBytes`, so an exact term is one block read.
 *
 * A query's last term matches by prefix. Where a prefix's terms run past the
 * end of a block (`ch` over thousands of terms), the block where they start
 * also holds their union, precomputed: every prefix is then answered from
 * the one block that holds its first term. So does a prefix whose terms,
 * though in one block, would take more words to join than two whole-catalog
 * bitmaps (`plu`: hundreds of terms): a cold isolate joins sets in V8's
 * interpreter, where that many words cost milliseconds. And so does a prefix
 * of more than `MANY_TERMS` terms, however small their sets (`trac`: 167 rare
 * terms at 50,000 plugins), which `sort=relevance` would score term by term.
 */
import { compareCodeUnits } from "../core/order.js";
import { partitionPoint } from "../core/partition.js";
import { type FileSeries, type PostingsBlocks, type RelevanceFiles, UNION_PREFIX_MAX } from "../core/site-format.js";
import { type AddFile, SeriesWriter, writeSeries } from "./file-series.js";
import {
  encodeFrequencyFile,
  encodeScoreOrderFile,
  type FieldCounts,
  frequencyBytesOf,
  orderBytesOf,
  scoreOrder,
} from "./relevance-files.js";
import { encodeSetPack, type NamedSet } from "./set-pack-writer.js";

/** `terms` in code-unit order; `postings[i]`: the ordinals of the plugins holding `terms[i]`, ascending. */
export function writePostingsBlocks(
  add: AddFile,
  terms: readonly string[],
  postings: readonly number[][],
  plugins: number,
  blockBytes: number,
): PostingsBlocks {
  return writeBlocks(add, terms, postings, plugins, blockBytes, undefined).postings;
}

/** Where the blocks' sets' frequencies and score orders lie (`RelevanceFiles`). */
export type WrittenFrequencies = Pick<RelevanceFiles, "frequencies" | "blockSets" | "fileSets" | "orders" | "orderSets" | "orderLength">;

/** Takes each set of the blocks in turn, in the sets' numbering: its members and their frequencies. */
type ScoredSetSink = (members: readonly number[], counts: FieldCounts) => void;

/** What the build needs to order a set's members by their weight for a term (`ScoreOrderFile`). */
export interface ScoreOrdering {
  readonly lengths: FieldCounts;
  readonly averages: readonly [number, number, number];
  /** Sets of fewer members get no order. */
  readonly minMembers: number;
  /** An order keeps its first this many members. */
  readonly length: number;
}

/**
 * The postings blocks, and the `FrequencyFile`s of their sets: `counts[i]` holds `terms[i]`'s frequencies in each
 * relevance field, parallel to `postings[i]`; a prefix union's are its terms' summed per plugin. The frequency files
 * are cut at `frequencyBytes` whatever the blocks (a block of common terms and prefix unions holds hundreds of
 * kilobytes of them, where its sets are a few bitmaps): a query reads the files of its sets only.
 */
export function writeScoredPostingsBlocks(
  add: AddFile,
  terms: readonly string[],
  postings: readonly number[][],
  counts: readonly FieldCounts[],
  plugins: number,
  { blockBytes, frequencyBytes }: { blockBytes: number; frequencyBytes: number },
  ordering: ScoreOrdering,
): { postings: PostingsBlocks; frequencies: WrittenFrequencies } {
  const frequencies = new SetFiles(add, "frequencies", frequencyBytes, frequencyBytesOf, encodeFrequencyFile);
  const orders = new SetFiles(add, "orders-by-score", frequencyBytes, orderBytesOf, encodeScoreOrderFile);
  const sink: ScoredSetSink = (members, setCounts) => {
    frequencies.add(setCounts);
    orders.add(
      members.length < ordering.minMembers
        ? EMPTY_ORDER
        : scoreOrder(members, setCounts, { ...ordering, plugins }).subarray(0, ordering.length),
    );
  };
  const written = writeBlocks(add, terms, postings, plugins, blockBytes, { counts, sink });
  const [frequencyFiles, orderFiles] = [frequencies.finish(), orders.finish()];
  return {
    postings: written.postings,
    frequencies: {
      frequencies: frequencyFiles.series,
      fileSets: frequencyFiles.firstSets,
      orders: orderFiles.series,
      orderSets: orderFiles.firstSets,
      orderLength: ordering.length,
      blockSets: written.blockSets,
    },
  };
}

const EMPTY_ORDER = new Uint32Array(0);

/** Consecutive runs of items whose sizes add up to at most `budget`, an item over it alone. */
function cutBySize(sizes: readonly number[], budget: number): Block[] {
  const runs: Block[] = [];
  let [start, bytes] = [0, 0];
  sizes.forEach((size, i) => {
    if (i > start && bytes + size > budget) {
      runs.push({ start, end: i });
      [start, bytes] = [i, 0];
    }
    bytes += size;
  });
  if (sizes.length > start) runs.push({ start, end: sizes.length });
  return runs;
}

/**
 * Each block with the unions of the prefixes that start in it, made block by block: at 50,000 plugins all the unions
 * at once, with their frequencies, were hundreds of megabytes.
 */
function writeBlocks(
  add: AddFile,
  terms: readonly string[],
  postings: readonly number[][],
  plugins: number,
  blockBytes: number,
  scored: { readonly counts: readonly FieldCounts[]; readonly sink: ScoredSetSink } | undefined,
): { postings: PostingsBlocks; blockSets: number[] } {
  const costly = costlyPrefixes(terms, postings, plugins);
  const blocks = cutBlocks(terms, postings, plugins, blockBytes, costly);
  const unions = new Set(costly.keys());
  for (const prefix of crossingPrefixes(terms, blocks)) unions.add(prefix);
  const prefixes = Array.from(unions).sort(compareCodeUnits);
  const firsts = prefixes.map((prefix) => lowerBound(terms, prefix));
  const summer = scored === undefined ? undefined : new CountSummer(plugins);
  const packs: Uint8Array[] = [];
  const blockSets: number[] = [];
  let [setCount, next] = [0, 0];
  for (const { start, end } of blocks) {
    // Sorted prefixes start at ascending terms: each block's are the next ones.
    const own: ReturnType<typeof unionOf>[] = [];
    for (; next < prefixes.length && firsts[next]! < end; next++) {
      own.push(unionOf(terms, postings, prefixes[next]!, firsts[next]!, plugins, scored?.counts, summer));
    }
    const sets: NamedSet[] = [
      ...terms.slice(start, end).map((key, k) => ({ key, members: postings[start + k]! })),
      ...own.map(({ set }) => set),
    ];
    packs.push(encodeSetPack(plugins, sets, { terms: end - start }));
    blockSets.push(setCount);
    setCount += sets.length;
    if (scored !== undefined) {
      for (let i = start; i < end; i++) scored.sink(postings[i]!, scored.counts[i]!);
      for (const union of own) scored.sink(union.set.members, union.counts!);
    }
  }
  return {
    postings: {
      files: writeSeries(add, "postings", packs),
      bounds: blocks.flatMap(({ start, end }) => [terms[start]!, terms[end - 1]!]),
    },
    blockSets,
  };
}

/** Files of the sets' data written as the sets come, each of at most the budget's bytes (or one set's that takes more). */
class SetFiles<T> {
  private readonly series: SeriesWriter;
  private readonly firstSets: number[] = [];
  private pending: T[] = [];
  private pendingBytes = 0;
  private sets = 0;

  constructor(
    add: AddFile,
    name: string,
    private readonly budget: number,
    private readonly bytesOf: (item: T) => number,
    private readonly encode: (items: readonly T[]) => Uint8Array,
  ) {
    this.series = new SeriesWriter(add, name);
  }

  add(item: T): void {
    const bytes = this.bytesOf(item);
    if (this.pending.length > 0 && this.pendingBytes + bytes > this.budget) this.flush();
    if (this.pending.length === 0) this.firstSets.push(this.sets);
    this.pending.push(item);
    this.pendingBytes += bytes;
    this.sets++;
  }

  /** The files, and each one's first set. */
  finish(): { series: FileSeries; firstSets: number[] } {
    this.flush();
    return { series: this.series.finish(), firstSets: this.firstSets };
  }

  private flush(): void {
    if (this.pending.length > 0) this.series.add(this.encode(this.pending));
    [this.pending, this.pendingBytes] = [[], 0];
  }
}

interface Block {
  readonly start: number;
  readonly end: number;
}

/**
 * Blocks of about `blockBytes`, each costly prefix's union counted with its first term (the block it will lie in), so
 * that a block of many such prefixes is no larger than another: a query reads a whole block for one term of it.
 */
function cutBlocks(
  terms: readonly string[],
  postings: readonly number[][],
  plugins: number,
  blockBytes: number,
  unions: ReadonlyMap<string, number>,
): Block[] {
  const bitmapWords = Math.ceil(plugins / 32);
  const sizes = terms.map((term, i) => 4 * Math.min(postings[i]!.length, bitmapWords) + term.length + 16);
  for (const [prefix, words] of unions) sizes[lowerBound(terms, prefix)]! += 4 * Math.min(words, bitmapWords) + prefix.length + 16;
  return cutBySize(sizes, blockBytes);
}

/** The prefixes whose terms do not all lie in one block: the common prefixes of the terms on either side of a boundary. */
function crossingPrefixes(terms: readonly string[], blocks: readonly Block[]): string[] {
  const prefixes = new Set<string>();
  for (const { start } of blocks.slice(1)) {
    const [before, after] = [terms[start - 1]!, terms[start]!];
    const shared = Math.min(before.length, after.length, UNION_PREFIX_MAX);
    for (let length = 1; length <= shared && before[length - 1] === after[length - 1]; length++) prefixes.add(after.slice(0, length));
  }
  return Array.from(prefixes);
}

/** Words a prefix's terms may always take to join (small catalogs), however small a bitmap. */
const UNION_WORK = 512;

/**
 * A prefix of more terms than this has its union stored whatever their words: `sort=relevance` scores a prefix term
 * by term, a pass over the page's candidates and a frequency run each, where a stored union is one pass (and its own
 * score order), and a fresh isolate joins them one call each.
 */
const MANY_TERMS = 32;

/**
 * The prefixes of more than one term whose sets, each in its stored form, hold more words than two
 * bitmaps (and than `UNION_WORK`): a lower bar stores a union for nearly every prefix of a common term.
 * Also those of more than `MANY_TERMS` terms. Each with the words its terms' sets hold (at least its union's).
 */
function costlyPrefixes(terms: readonly string[], postings: readonly number[][], plugins: number): Map<string, number> {
  const bitmapWords = Math.ceil(plugins / 32);
  const bar = Math.max(UNION_WORK, 2 * bitmapWords);
  const work = new Map<string, { words: number; terms: number }>();
  terms.forEach((term, i) => {
    const words = Math.min(postings[i]!.length, bitmapWords);
    for (let length = 1; length <= Math.min(term.length, UNION_PREFIX_MAX); length++) {
      const prefix = term.slice(0, length);
      const sum = work.get(prefix);
      if (sum === undefined) work.set(prefix, { words, terms: 1 });
      else [sum.words, sum.terms] = [sum.words + words, sum.terms + 1];
    }
  });
  const costly = new Map<string, number>();
  for (const [prefix, sum] of work) if ((sum.terms > 1 && sum.words > bar) || sum.terms > MANY_TERMS) costly.set(prefix, sum.words);
  return costly;
}

/** `first`: the index of the prefix's first term, whose block holds the union; `counts`: its members' summed frequencies. */
function unionOf(
  terms: readonly string[],
  postings: readonly number[][],
  prefix: string,
  first: number,
  plugins: number,
  counts: readonly FieldCounts[] | undefined,
  summer: CountSummer | undefined,
): { set: NamedSet; counts: FieldCounts | undefined } {
  const member = new Uint8Array(plugins);
  for (let i = first; i < terms.length && terms[i]!.startsWith(prefix); i++) {
    const ordinals = postings[i]!;
    for (const ordinal of ordinals) member[ordinal] = 1;
    if (counts !== undefined) summer!.add(ordinals, counts[i]!);
  }
  const members: number[] = [];
  for (let ordinal = 0; ordinal < plugins; ordinal++) if (member[ordinal] === 1) members.push(ordinal);
  return { set: { key: prefix, members }, counts: summer?.take(members) };
}

/** Sums frequencies per plugin over several sets, in buffers of the catalog's size kept from one union to the next. */
class CountSummer {
  private readonly sums: [Int32Array, Int32Array, Int32Array];

  constructor(plugins: number) {
    this.sums = [new Int32Array(plugins), new Int32Array(plugins), new Int32Array(plugins)];
  }

  add(ordinals: readonly number[], counts: FieldCounts): void {
    this.sums.forEach((sum, f) => {
      const field = counts[f]!;
      for (let i = 0; i < ordinals.length; i++) sum[ordinals[i]!]! += field[i]!;
    });
  }

  /** The sums of `members`, which are then zeroed for the next union. */
  take(members: readonly number[]): FieldCounts {
    return this.sums.map((sum) => {
      const taken = Int32Array.from(members, (ordinal) => sum[ordinal]!);
      for (const ordinal of members) sum[ordinal] = 0;
      return taken;
    }) as unknown as FieldCounts;
  }
}

export function lowerBound(sorted: readonly string[], value: string): number {
  return partitionPoint(0, sorted.length, (index) => compareCodeUnits(sorted[index]!, value) >= 0);
}
