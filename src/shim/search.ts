/**
 * Answers search terms from the site's postings blocks (core/site-format.ts):
 * an exact term is one lookup in the block that holds it; a prefix is the
 * union of its terms' postings in the block where they start, or their
 * precomputed union there when they run past it. AND over bitsets is
 * microseconds; only the blocks a query's terms fall in are ever read.
 */
import { Bitset } from "../core/bitset.js";
import { compareCodeUnits } from "../core/order.js";
import type { SearchTerms } from "../core/search/terms.js";
import { type PostingsBlocks, seriesFile, seriesLength } from "../core/site-format.js";
import { Lru } from "./lru.js";
import { CatalogUnavailable } from "./problem.js";
import { SetPack } from "./set-pack-reader.js";
import { readBytes, type SiteReader } from "./site-reader.js";

/** One term's (or the last term's prefixes') matches: cached by `key`, computed from the blocks it needs. */
interface SearchPart {
  readonly key: string;
  /** The indexes of the postings blocks it needs. */
  readonly blocks: readonly number[];
  readonly compute: (blocks: readonly SetPack[]) => Bitset;
}

const BLOCK_CACHE_BYTES = 16 * 1024 * 1024;
const SET_CACHE_ENTRIES = 2_000;

export class SearchIndex {
  private readonly packs = new Lru<string, SetPack>(BLOCK_CACHE_BYTES, (block) => block.byteLength);
  private readonly sets = new Lru<string, Bitset>(SET_CACHE_ENTRIES);

  /** How many postings blocks there are: block `i`'s first and last terms are `bounds[2i]` and `bounds[2i + 1]`. */
  private readonly count: number;

  constructor(
    private readonly directory: PostingsBlocks,
    private readonly reader: SiteReader,
    private readonly size: number,
  ) {
    this.count = seriesLength(directory.files);
    if (directory.bounds.length !== 2 * this.count) throw new CatalogUnavailable("the manifest's postings blocks lack term bounds");
  }

  /** Plugins matching every term (docs/API.md#search), in a set the caller owns (never one the cache holds). */
  async match(terms: SearchTerms): Promise<Bitset> {
    const parts = [...terms.exact.map((term) => this.exactPart(term)), this.prefixPart(terms.last.typed, terms.last.stem)];
    const missing = parts.filter((part) => !this.sets.has(part.key));
    // Every block this query lacks is read at once: a miss costs one read's latency, not one per block.
    await Promise.all([...new Set(missing.flatMap((part) => part.blocks))].map((block) => this.load(block)));
    let result: Bitset | undefined;
    for (const part of parts) {
      let set = this.sets.get(part.key);
      if (set === undefined) {
        set = part.compute(await Promise.all(part.blocks.map((block) => this.load(block))));
        this.sets.set(part.key, set);
      }
      // The first part's set is copied rather than intersected with a full one: a pass over the words less.
      result = result === undefined ? set.clone() : result.and(set);
    }
    return result ?? Bitset.full(this.size);
  }

  private exactPart(term: string): SearchPart {
    const holding = this.blockHolding(term);
    return {
      key: `=${term}`,
      blocks: holding === undefined ? [] : [holding],
      compute: ([block]) => {
        const index = block === undefined ? -1 : block.find(term, 0, termCount(block));
        return index < 0 ? new Bitset(this.size) : block!.set(index);
      },
    };
  }

  /** Every indexed term that starts with `typed` or with `stem` (the stem's exact match included). */
  private prefixPart(typed: string, stem: string): SearchPart {
    const prefixes = [...new Set([typed, stem])];
    const starting = prefixes.map((prefix) => this.blockStarting(prefix));
    return {
      key: `*${typed}|${stem}`,
      blocks: starting.filter((block) => block !== undefined),
      compute: (blocks) => {
        const set = new Bitset(this.size);
        let next = 0;
        prefixes.forEach((prefix, i) => {
          if (starting[i] !== undefined) addPrefix(set, blocks[next++]!, prefix);
        });
        return set;
      },
    };
  }

  private load(block: number): Promise<SetPack> {
    // A block's name is made when it is read: a query reads a few of the blocks.
    const file = seriesFile(this.directory.files, block)!;
    return this.packs.load(file, async () => new SetPack(await readBytes(this.reader, file), this.size, file));
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
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareCodeUnits(this.directory.bounds[2 * mid]!, term) <= 0) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  }
}

/** How many of a block's keys are terms; the rest are prefix unions. */
const termCount = (block: SetPack): number => block.header.terms ?? block.size;

function addPrefix(set: Bitset, block: SetPack, prefix: string): void {
  const terms = termCount(block);
  const union = block.find(prefix, terms);
  if (union >= 0) {
    block.addTo(set, union);
    return;
  }
  for (let i = block.lowerBound(prefix, 0, terms); i < terms && block.key(i).startsWith(prefix); i++) block.addTo(set, i);
}
