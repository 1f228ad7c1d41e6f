/**
 * Answers search terms from the site's postings blocks (core/site-format.ts):
 * an exact term is one lookup in the block that holds it; a prefix is the
 * union of its terms' postings in the block where they start, or their
 * precomputed union there when they run past it. AND over bitsets is
 * microseconds; only the blocks a query's terms fall in are ever read.
 */
import { Bitset } from "../core/bitset.js";
import { compareCodeUnits } from "../core/order.js";
import { partitionPoint } from "../core/partition.js";
import type { SearchTerms } from "../core/search/terms.js";
import { type PostingsBlocks, type RelevanceFiles, seriesFile, seriesLength, UNION_PREFIX_MAX } from "../core/site-format.js";
import { FrequencyFile, type FrequencyRun, ScoreOrderFile } from "./frequency-file-reader.js";
import { Lru } from "./lru.js";
import { CatalogUnavailable } from "./problem.js";
import { SetPack, type StoredSet } from "./set-pack-reader.js";
import { readBytes, type SiteReader } from "./site-reader.js";

/** One term's (or the last term's prefixes') matches: cached by `key`, computed from the blocks it needs. */
interface SearchPart {
  readonly key: string;
  /** The indexes of the postings blocks it needs. */
  readonly blocks: readonly number[];
  /** The stored sets whose union it is, as `[block's place in blocks, set index in that block]` pairs. */
  readonly sources: (blocks: readonly SetPack[]) => number[];
}

/** A query term as `sort=relevance` scores it: the plugins it matches, and the stored sets whose frequencies add up to its. */
export interface ScoredPart {
  /** Shared with the cache: read only. */
  readonly set: Bitset;
  readonly sources: readonly ScoredSource[];
}

/** A stored set, and its number among all the blocks' sets (what its frequencies and score order are found by). */
export interface ScoredSource {
  readonly set: StoredSet;
  readonly number: number;
}

const BLOCK_CACHE_BYTES = 16 * 1024 * 1024;
const FREQUENCY_CACHE_BYTES = 16 * 1024 * 1024;
const SET_CACHE_ENTRIES = 2_000;

export class SearchIndex {
  private readonly packs = new Lru<string, SetPack>(BLOCK_CACHE_BYTES, (block) => block.byteLength);
  private readonly frequencyFiles = new Lru<string, FrequencyFile>(FREQUENCY_CACHE_BYTES, (file) => file.byteLength);
  private readonly orderFiles = new Lru<string, ScoreOrderFile>(FREQUENCY_CACHE_BYTES, (file) => file.byteLength);
  private readonly sets = new Lru<string, Bitset>(SET_CACHE_ENTRIES);

  /** How many postings blocks there are: block `i`'s first and last terms are `bounds[2i]` and `bounds[2i + 1]`. */
  private readonly count: number;

  constructor(
    private readonly directory: PostingsBlocks,
    private readonly reader: SiteReader,
    private readonly size: number,
    private readonly relevance?: RelevanceFiles,
  ) {
    this.count = seriesLength(directory.files);
    if (directory.bounds.length !== 2 * this.count) throw new CatalogUnavailable("the manifest's postings blocks lack term bounds");
  }

  /** Plugins matching every term (docs/API.md#search), in a set the caller owns (never one the cache holds). */
  async match(terms: SearchTerms): Promise<Bitset> {
    let result: Bitset | undefined;
    for (const set of await this.partSets(this.parts(terms))) {
      // The first part's set is copied rather than intersected with a full one: a pass over the words less.
      result = result === undefined ? set.clone() : result.and(set);
    }
    return result ?? Bitset.full(this.size);
  }

  /**
   * The terms `sort=relevance` sums over (`scoringTerms`), each with its set and the stored sets it is the union of
   * (their frequencies and score orders are read when asked for: `frequencies`, `scoreOrder`).
   */
  async scored(terms: SearchTerms): Promise<ScoredPart[]> {
    const parts = this.parts(terms);
    const blocks = [...new Set(parts.flatMap((part) => part.blocks))];
    const [sets, packs] = await Promise.all([this.partSets(parts), Promise.all(blocks.map((block) => this.load(block)))]);
    return parts.map((part, p) => {
      const own = part.blocks.map((block) => blocks.indexOf(block));
      const pairs = part.sources(own.map((b) => packs[b]!));
      const sources: ScoredSource[] = [];
      for (let k = 0; k < pairs.length; k += 2) {
        const [b, index] = [own[pairs[k]!]!, pairs[k + 1]!];
        sources.push({ set: packs[b]!.stored(index), number: this.setNumber(blocks[b]!, index) });
      }
      return { set: sets[p]!, sources };
    });
  }

  /** The frequencies of the stored sets `numbers` (`ScoredSource.number`), their files read at once. */
  async frequencies(numbers: readonly number[]): Promise<FrequencyRun[]> {
    const held = await this.filesOf(numbers, this.relevanceFiles().fileSets, (index) => this.loadFrequencies(index));
    return numbers.map((number, i) => held[i]!.file.run(number - held[i]!.first));
  }

  /** The score order of stored set `number`, or undefined when it has none (it is small). */
  async scoreOrder(number: number): Promise<Uint32Array | undefined> {
    const [order] = await this.scoreOrders([number]);
    return order;
  }

  /** The score orders of the stored sets `numbers`, each undefined where the set has none. */
  async scoreOrders(numbers: readonly number[]): Promise<(Uint32Array | undefined)[]> {
    const held = await this.filesOf(numbers, this.relevanceFiles().orderSets, (index) => this.loadOrders(index));
    return numbers.map((number, i) => {
      const order = held[i]!.file.order(number - held[i]!.first);
      return order.length === 0 ? undefined : order;
    });
  }

  /**
   * For each set number, the file of a series cut by set (`firstSets`) that holds it and that file's first set, each
   * file asked for once: a prefix of many terms has a set per term, next to each other, in one or two files.
   */
  private async filesOf<T>(
    numbers: readonly number[],
    firstSets: readonly number[],
    load: (index: number) => Promise<T>,
  ): Promise<{ readonly file: T; readonly first: number }[]> {
    const indexes: number[] = [];
    let index = -1;
    for (const number of numbers) {
      const within = index >= 0 && number >= firstSets[index]! && number < (firstSets[index + 1] ?? Number.POSITIVE_INFINITY);
      if (!within) index = fileHolding(firstSets, number);
      indexes.push(index);
    }
    const distinct = Array.from(new Set(indexes));
    const files = await Promise.all(distinct.map(load));
    const byIndex = new Map(distinct.map((at, i) => [at, { file: files[i]!, first: firstSets[at]! }]));
    return indexes.map((at) => byIndex.get(at)!);
  }

  private relevanceFiles(): RelevanceFiles {
    if (this.relevance === undefined) throw new CatalogUnavailable("the manifest lists no relevance files");
    return this.relevance;
  }

  /** Set `index` of postings block `block` among all the blocks' sets. */
  private setNumber(block: number, index: number): number {
    const first = this.relevanceFiles().blockSets[block];
    if (first === undefined) throw new CatalogUnavailable(`the manifest numbers no sets of postings block ${block}`);
    return first + index;
  }

  private parts(terms: SearchTerms): SearchPart[] {
    return [...terms.exact.map((term) => this.exactPart(term)), this.prefixPart(terms.last.typed, terms.last.stem)];
  }

  /** Each part's set, from the cache or computed from its blocks (every block missing is read at once). */
  private async partSets(parts: readonly SearchPart[]): Promise<Bitset[]> {
    const missing = parts.filter((part) => !this.sets.has(part.key));
    // Every block this query lacks is read at once: a miss costs one read's latency, not one per block.
    await Promise.all([...new Set(missing.flatMap((part) => part.blocks))].map((block) => this.load(block)));
    const sets: Bitset[] = [];
    for (const part of parts) {
      let set = this.sets.get(part.key);
      if (set === undefined) {
        const blocks = await Promise.all(part.blocks.map((block) => this.load(block)));
        const sources = part.sources(blocks);
        // One stored set is taken as the pack gives it (a small one keeps its list, to count and slice by).
        if (sources.length === 2) set = blocks[sources[0]!]!.set(sources[1]!);
        else {
          set = new Bitset(this.size);
          for (let k = 0; k < sources.length; k += 2) blocks[sources[k]!]!.addTo(set, sources[k + 1]!);
        }
        this.sets.set(part.key, set);
      }
      sets.push(set);
    }
    return sets;
  }

  private exactPart(term: string): SearchPart {
    const holding = this.blockHolding(term);
    return {
      key: `=${term}`,
      blocks: holding === undefined ? [] : [holding],
      sources: ([block]) => {
        const index = block === undefined ? -1 : block.find(term, 0, termCount(block));
        return index < 0 ? [] : [0, index];
      },
    };
  }

  /**
   * Every indexed term that starts with `typed` or with `stem` (the stem's exact match included): the terms of the
   * shorter when one starts with the other, else of both, which then share no term.
   */
  private prefixPart(typed: string, stem: string): SearchPart {
    const prefixes = stem.startsWith(typed) ? [typed] : typed.startsWith(stem) ? [stem] : [typed, stem];
    const holding = prefixes.map((prefix) => this.blocksHolding(prefix));
    const blocks = [...new Set(holding.flat())];
    return {
      key: `*${typed}|${stem}`,
      blocks,
      sources: (packs) => {
        const sources: number[] = [];
        prefixes.forEach((prefix, i) => {
          for (const block of holding[i]!) prefixSources(packs[blocks.indexOf(block)]!, prefix, blocks.indexOf(block), sources);
        });
        return sources;
      },
    };
  }

  /**
   * The blocks holding the terms that start with `prefix`: the one where they start, which holds their union when they
   * run past it; and, for a prefix longer than any a block stores a union for, the blocks after it that start with it.
   */
  private blocksHolding(prefix: string): number[] {
    const first = this.blockStarting(prefix);
    if (first === undefined) return [];
    const blocks = [first];
    if (prefix.length > UNION_PREFIX_MAX)
      for (let next = first + 1; next < this.count && this.directory.bounds[2 * next]!.startsWith(prefix); next++) blocks.push(next);
    return blocks;
  }

  private load(block: number): Promise<SetPack> {
    // A block's name is made when it is read: a query reads a few of the blocks.
    const file = seriesFile(this.directory.files, block)!;
    return this.packs.load(file, async () => new SetPack(await readBytes(this.reader, file), this.size, file));
  }

  private loadOrders(index: number): Promise<ScoreOrderFile> {
    const file = seriesFile(this.relevanceFiles().orders, index);
    if (file === undefined) throw new CatalogUnavailable(`the manifest lists no score order file ${index}`);
    return this.orderFiles.load(file, async () => new ScoreOrderFile(await readBytes(this.reader, file), file));
  }

  private loadFrequencies(index: number): Promise<FrequencyFile> {
    const file = seriesFile(this.relevanceFiles().frequencies, index);
    if (file === undefined) throw new CatalogUnavailable(`the manifest lists no frequency file ${index}`);
    return this.frequencyFiles.load(file, async () => new FrequencyFile(await readBytes(this.reader, file), file));
  }

  /** The block whose term range holds `term`, if any. */
  private blockHolding(term: string): number | undefined {
    const block = this.lastBlockStartingAtOrBefore(term);
    return block >= 0 && compareCodeUnits(term, this.lastTerm(block)) <= 0 ? block : undefined;
  }

  /** The block holding the first term at or after `prefix`: where the prefix's terms, or their union, are. */
  private blockStarting(prefix: string): number | undefined {
    const block = this.lastBlockStartingAtOrBefore(prefix);
    if (block >= 0 && compareCodeUnits(prefix, this.lastTerm(block)) <= 0) return block;
    return block + 1 < this.count ? block + 1 : undefined;
  }

  private lastTerm(block: number): string {
    return this.directory.bounds[2 * block + 1]!;
  }

  private lastBlockStartingAtOrBefore(term: string): number {
    return partitionPoint(0, this.count, (index) => compareCodeUnits(this.directory.bounds[2 * index]!, term) > 0) - 1;
  }
}

/** The file of a series cut by set (`fileSets`: each file's first set) that holds set number `set`: the last whose first set is at or before it. */
function fileHolding(fileSets: readonly number[], set: number): number {
  return partitionPoint(0, fileSets.length, (index) => fileSets[index]! > set) - 1;
}

/** How many of a block's keys are terms; the rest are prefix unions. */
const termCount = (block: SetPack): number => block.header.terms ?? block.size;

/** The prefix's sets in `block` (its union when the block holds one, else its terms'), as `[place, index]` pairs. */
function prefixSources(block: SetPack, prefix: string, place: number, sources: number[]): void {
  const terms = termCount(block);
  const union = block.find(prefix, terms);
  if (union >= 0) {
    sources.push(place, union);
    return;
  }
  for (let i = block.lowerBound(prefix, 0, terms); i < terms && block.key(i).startsWith(prefix); i++) sources.push(place, i);
}
