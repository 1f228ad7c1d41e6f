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

/** A postings block: its first and last term, and its file. */
type PostingsBlockEntry = readonly [first: string, last: string, file: string];

/** One term's (or the last term's prefixes') matches: cached by `key`, computed from the blocks it needs. */
interface SearchPart {
  readonly key: string;
  readonly blocks: readonly PostingsBlockEntry[];
  readonly compute: (blocks: readonly SetPack[]) => Bitset;
}

const BLOCK_CACHE_BYTES = 16 * 1024 * 1024;
const SET_CACHE_ENTRIES = 2_000;

export class SearchIndex {
  private readonly blocks = new Lru<string, SetPack>(BLOCK_CACHE_BYTES, (block) => block.byteLength);
  private readonly sets = new Lru<string, Bitset>(SET_CACHE_ENTRIES);

  private readonly directory: readonly PostingsBlockEntry[];

  constructor(
    blocks: PostingsBlocks,
    private readonly reader: SiteReader,
    private readonly size: number,
  ) {
    const files = Array.from({ length: seriesLength(blocks.files) }, (_, i) => seriesFile(blocks.files, i)!);
    if (blocks.bounds.length !== 2 * files.length) throw new CatalogUnavailable("the manifest's postings blocks lack term bounds");
    this.directory = files.map((file, i) => [blocks.bounds[2 * i]!, blocks.bounds[2 * i + 1]!, file] as const);
  }

  /** Plugins matching every term (docs/API.md#search). */
  async match(terms: SearchTerms): Promise<Bitset> {
    const parts = [...terms.exact.map((term) => this.exactPart(term)), this.prefixPart(terms.last.typed, terms.last.stem)];
    const missing = parts.filter((part) => !this.sets.has(part.key));
    // Every block this query lacks is read at once: a miss costs one read's latency, not one per block.
    await Promise.all([...new Set(missing.flatMap((part) => part.blocks))].map((entry) => this.load(entry)));
    let result: Bitset | undefined;
    for (const part of parts) {
      let set = this.sets.get(part.key);
      if (set === undefined) {
        set = part.compute(await Promise.all(part.blocks.map((entry) => this.load(entry))));
        this.sets.set(part.key, set);
      }
      // The first part's set is copied rather than intersected with a full one: a pass over the words less.
      result = result === undefined ? set.clone() : result.and(set);
    }
    return result ?? Bitset.full(this.size);
  }

  private exactPart(term: string): SearchPart {
    const entry = this.blockHolding(term);
    return {
      key: `=${term}`,
      blocks: entry === undefined ? [] : [entry],
      compute: ([block]) => {
        const index = block === undefined ? -1 : block.find(term, 0, termCount(block));
        return index < 0 ? new Bitset(this.size) : block!.set(index);
      },
    };
  }

  /** Every indexed term that starts with `typed` or with `stem` (the stem's exact match included). */
  private prefixPart(typed: string, stem: string): SearchPart {
    const prefixes = [...new Set([typed, stem])];
    const entries = prefixes.map((prefix) => this.blockStarting(prefix));
    return {
      key: `*${typed}|${stem}`,
      blocks: entries.filter((entry) => entry !== undefined),
      compute: (blocks) => {
        const set = new Bitset(this.size);
        let next = 0;
        prefixes.forEach((prefix, i) => {
          if (entries[i] !== undefined) addPrefix(set, blocks[next++]!, prefix);
        });
        return set;
      },
    };
  }

  private load([, , file]: PostingsBlockEntry): Promise<SetPack> {
    return this.blocks.load(file, async () => new SetPack(await readBytes(this.reader, file), this.size, file));
  }

  /** The block whose term range holds `term`, if any. */
  private blockHolding(term: string): PostingsBlockEntry | undefined {
    const entry = this.directory[this.lastBlockStartingAtOrBefore(term)];
    return entry !== undefined && compareCodeUnits(term, entry[1]) <= 0 ? entry : undefined;
  }

  /** The block holding the first term at or after `prefix`: where the prefix's terms, or their union, are. */
  private blockStarting(prefix: string): PostingsBlockEntry | undefined {
    const index = this.lastBlockStartingAtOrBefore(prefix);
    const entry = this.directory[index];
    return entry !== undefined && compareCodeUnits(prefix, entry[1]) <= 0 ? entry : this.directory[index + 1];
  }

  private lastBlockStartingAtOrBefore(term: string): number {
    let low = 0;
    let high = this.directory.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareCodeUnits(this.directory[mid]![0], term) <= 0) low = mid + 1;
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
