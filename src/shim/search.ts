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
import { ordinalOf, type SearchDirectoryFile } from "../core/site-format.js";
import { readJson, type SiteReader } from "./files.js";

/** One chunk's postings, packed: term i's ordinals are `ordinals[starts[i] .. starts[i+1])`. */
interface PackedChunk {
  readonly terms: readonly string[];
  readonly starts: Uint32Array;
  readonly ordinals: Uint32Array;
}

interface SerializedChunk {
  readonly invertedIndex: readonly (readonly [string, Record<string, unknown>])[];
  readonly fields: readonly string[];
}

const CHUNK_CACHE_BYTES = 24 * 1024 * 1024;
const SET_CACHE_ENTRIES = 2_000;

export class SearchIndex {
  private readonly chunks: LRUCache<string, PackedChunk>;
  private readonly sets = new LRUCache<string, Bitset>({ max: SET_CACHE_ENTRIES });

  constructor(
    private readonly directory: SearchDirectoryFile,
    reader: SiteReader,
    private readonly size: number,
  ) {
    this.chunks = new LRUCache<string, PackedChunk>({
      maxSize: CHUNK_CACHE_BYTES,
      sizeCalculation: (chunk) => chunk.ordinals.byteLength + chunk.starts.byteLength + chunk.terms.length * 48,
      fetchMethod: async (file) => packChunk(await readJson<SerializedChunk>(reader, file)),
    });
  }

  /** Plugins matching every term (CONTRACT section 4). */
  async match(terms: SearchTerms): Promise<Bitset> {
    const result = Bitset.full(this.size);
    for (const stem of terms.exact) result.and(await this.cached(`=${stem}`, () => this.exact(stem)));
    const { typed, stem } = terms.last;
    return result.and(await this.cached(`*${typed}|${stem}`, () => this.prefixes([typed, stem])));
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
    const file = this.chunkHolding(term);
    if (file === undefined) return set;
    const chunk = await this.load(file);
    const i = lowerBound(chunk.terms, term);
    if (chunk.terms[i] === term) addPostings(set, chunk, i);
    return set;
  }

  /** Every indexed term that starts with any of `prefixes` (the stem's exact match included). */
  private async prefixes(prefixes: readonly string[]): Promise<Bitset> {
    const set = new Bitset(this.size);
    for (const prefix of new Set(prefixes)) {
      for (const file of this.chunksOverlapping(prefix)) {
        const chunk = await this.load(file);
        for (let i = lowerBound(chunk.terms, prefix); i < chunk.terms.length && chunk.terms[i]!.startsWith(prefix); i++) {
          addPostings(set, chunk, i);
        }
      }
    }
    return set;
  }

  private async load(file: string): Promise<PackedChunk> {
    const chunk = await this.chunks.fetch(file);
    if (chunk === undefined) throw new Error(`search chunk ${file} did not load`);
    return chunk;
  }

  private chunkHolding(term: string): string | undefined {
    const entry = this.directory.chunks[this.lastChunkStartingAtOrBefore(term)];
    return entry !== undefined && compareCodeUnits(term, entry[0]) >= 0 && compareCodeUnits(term, entry[1]) <= 0 ? entry[2] : undefined;
  }

  private chunksOverlapping(prefix: string): string[] {
    const files: string[] = [];
    const chunks = this.directory.chunks;
    for (let i = Math.max(0, this.lastChunkStartingAtOrBefore(prefix)); i < chunks.length; i++) {
      const [first, last, file] = chunks[i]!;
      if (compareCodeUnits(first, prefix) > 0 && !first.startsWith(prefix)) break;
      if (compareCodeUnits(last, prefix) >= 0) files.push(file);
    }
    return files;
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

function packChunk(chunk: SerializedChunk): PackedChunk {
  const field = chunk.fields[0] ?? "";
  const terms: string[] = [];
  const starts: number[] = [0];
  const ordinals: number[] = [];
  for (const [term, posting] of chunk.invertedIndex) {
    terms.push(term);
    for (const ref of Object.keys((posting[field] ?? {}) as object)) ordinals.push(ordinalOf(ref));
    starts.push(ordinals.length);
  }
  return { terms, starts: Uint32Array.from(starts), ordinals: Uint32Array.from(ordinals) };
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
