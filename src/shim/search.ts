/**
 * Answers search terms from the shipped lunr chunks by reading their inverted
 * index directly: a posting list is a set of ordinals, and AND / prefix-OR
 * over bitsets is microseconds, where lunr's own `query()` would score every
 * match. Only the chunks a term falls in are ever read.
 */
import { LRUCache } from "lru-cache";
import { Bitset } from "../core/bitset.js";
import type { SearchTerms } from "../core/search/terms.js";
import { compareCodeUnits } from "../core/order.js";
import type { SearchChunkEntry, SearchDirectoryFile } from "../core/site-format.js";
import { parseJson, readBytes, type SiteReader } from "./files.js";
import { packPostings, type InvertedIndex, type PackedPostings as PackedChunk } from "./postings.js";
import { CatalogUnavailable, HttpProblem } from "./problem.js";

/** One term's (or the last term's prefixes') matches: cached by `key`, computed from `chunks`. */
interface SearchPart {
  readonly key: string;
  readonly chunks: () => SearchChunkEntry[];
  readonly compute: () => Promise<Bitset>;
}

const optional = <T>(value: T | undefined): T[] => (value === undefined ? [] : [value]);

const decoder = new TextDecoder();
const CHUNK_CACHE_BYTES = 24 * 1024 * 1024;
const SET_CACHE_ENTRIES = 2_000;

export class SearchIndex {
  private readonly chunks: LRUCache<string, PackedChunk, SearchChunkEntry>;
  private readonly sets = new LRUCache<string, Bitset>({ max: SET_CACHE_ENTRIES });

  constructor(
    private readonly directory: SearchDirectoryFile,
    reader: SiteReader,
    private readonly size: number,
  ) {
    this.chunks = new LRUCache<string, PackedChunk, SearchChunkEntry>({
      maxSize: CHUNK_CACHE_BYTES,
      sizeCalculation: (chunk) => chunk.ordinals.byteLength + chunk.starts.byteLength + chunk.terms.length * 48,
      fetchMethod: async (file, _stale, { context: [, , , start, end] }) => {
        const text = decoder.decode((await readBytes(reader, file)).subarray(start, end));
        const what = `the inverted index of ${file} (bytes ${start}…${end})`;
        try {
          return packPostings(text, (json) => parseJson<InvertedIndex>(json, what));
        } catch (error) {
          if (error instanceof HttpProblem) throw error;
          throw new CatalogUnavailable(`${what} is not a Lunr inverted index`);
        }
      },
    });
  }

  /** Plugins matching every term (CONTRACT section 4). */
  async match(terms: SearchTerms): Promise<Bitset> {
    const { typed, stem } = terms.last;
    const parts: SearchPart[] = [
      ...terms.exact.map((term) => ({ key: `=${term}`, chunks: () => optional(this.chunkHolding(term)), compute: () => this.exact(term) })),
      { key: `*${typed}|${stem}`, chunks: () => [typed, stem].flatMap((prefix) => this.chunksOverlapping(prefix)), compute: () => this.prefixes([typed, stem]) },
    ];
    // Read every chunk this query lacks at once: a miss then costs one read's latency, not one per chunk.
    await Promise.all(parts.filter((part) => !this.sets.has(part.key)).flatMap((part) => part.chunks()).map((entry) => this.load(entry)));
    const result = Bitset.full(this.size);
    for (const part of parts) result.and(await this.cached(part.key, part.compute));
    return result;
  }

  private async cached(key: string, compute: () => Promise<Bitset>): Promise<Bitset> {
    const hit = this.sets.get(key);
    if (hit) return hit;
    const set = await compute();
    this.sets.set(key, set);
    return set;
  }

  private async exact(term: string): Promise<Bitset> {
    const set = new Bitset(this.size);
    const entry = this.chunkHolding(term);
    if (entry === undefined) return set;
    const chunk = await this.load(entry);
    const i = lowerBound(chunk.terms, term);
    if (chunk.terms[i] === term) addPostings(set, chunk, i);
    return set;
  }

  /** Every indexed term that starts with any of `prefixes` (the stem's exact match included). */
  private async prefixes(prefixes: readonly string[]): Promise<Bitset> {
    const set = new Bitset(this.size);
    for (const prefix of new Set(prefixes)) {
      for (const entry of this.chunksOverlapping(prefix)) {
        const chunk = await this.load(entry);
        for (let i = lowerBound(chunk.terms, prefix); i < chunk.terms.length && chunk.terms[i]!.startsWith(prefix); i++) {
          addPostings(set, chunk, i);
        }
      }
    }
    return set;
  }

  private async load(entry: SearchChunkEntry): Promise<PackedChunk> {
    const chunk = await this.chunks.fetch(entry[2], { context: entry });
    if (chunk === undefined) throw new Error(`search chunk ${entry[2]} did not load`);
    return chunk;
  }

  private chunkHolding(term: string): SearchChunkEntry | undefined {
    const entry = this.directory.chunks[this.lastChunkStartingAtOrBefore(term)];
    return entry !== undefined && compareCodeUnits(term, entry[0]) >= 0 && compareCodeUnits(term, entry[1]) <= 0 ? entry : undefined;
  }

  private chunksOverlapping(prefix: string): SearchChunkEntry[] {
    const overlapping: SearchChunkEntry[] = [];
    const chunks = this.directory.chunks;
    for (let i = Math.max(0, this.lastChunkStartingAtOrBefore(prefix)); i < chunks.length; i++) {
      const entry = chunks[i]!;
      const [first, last] = entry;
      if (compareCodeUnits(first, prefix) > 0 && !first.startsWith(prefix)) break;
      if (compareCodeUnits(last, prefix) >= 0) overlapping.push(entry);
    }
    return overlapping;
  }

  private lastChunkStartingAtOrBefore(term: string): number {
    let low = 0;
    let high = this.directory.chunks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareCodeUnits(this.directory.chunks[mid]![0], term) <= 0) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  }
}

function addPostings(set: Bitset, chunk: PackedChunk, term: number): void {
  for (let k = chunk.starts[term]!; k < chunk.starts[term + 1]!; k++) set.add(chunk.ordinals[k]!);
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareCodeUnits(sorted[mid]!, value) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
