/**
 * The search index: built with lunr's Builder and pipeline, then cut by term
 * range into chunks (as Pagefind does), so a query loads only the chunks its
 * terms fall in. Every chunk is a complete serialized lunr index (its terms'
 * postings and the matching slice of the field vectors) that
 * `lunr.Index.load` accepts and can search on its own.
 *
 * The shim never asks lunr to score: results are ordered by `sort`. It reads
 * the chunks' inverted index directly (see `shim/search.ts`).
 */
import { lunr, stockTokenSetToString } from "./lunr-patch.js";

export const SEARCH_FIELD = "text";

export interface SearchDocument {
  /** Short document ref: the plugin's ordinal in base 36. */
  readonly ref: string;
  /** Normalized words (see `core/text.ts`); stop words and stemming are the pipeline's job. */
  readonly words: readonly string[];
}

export type Posting = { _index: number } & Record<string, Record<string, object> | number>;
export type InvertedIndexEntry = [term: string, posting: Posting];
export type FieldVectorEntry = [fieldRef: string, elements: number[]];

export interface SerializedIndex {
  version: string;
  fields: string[];
  fieldVectors: FieldVectorEntry[];
  invertedIndex: InvertedIndexEntry[];
  pipeline: string[];
}

export interface SearchChunk {
  readonly first: string;
  readonly last: string;
  readonly terms: number;
  readonly json: string;
  /** Byte offsets of the `invertedIndex` value in `json` (UTF-8). */
  readonly invertedIndex: readonly [start: number, end: number];
}

export interface ChunkLimits {
  /** Aim for chunks of about this many bytes of JSON; one very common term may exceed it alone. */
  readonly targetBytes: number;
  /** Small enough that even an unpatched lunr loads a chunk without hitting bug #503. */
  readonly maxTerms: number;
}

export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { targetBytes: 48 * 1024, maxTerms: 1500 };

export function buildLunrIndex(documents: readonly SearchDocument[]): SerializedIndex {
  const builder = new lunr.Builder();
  builder.pipeline.add(lunr.stopWordFilter, lunr.stemmer);
  builder.searchPipeline.add(lunr.stemmer);
  builder.ref("ref");
  builder.field(SEARCH_FIELD);
  for (const document of documents) builder.add({ ref: document.ref, [SEARCH_FIELD]: document.words });
  return builder.build().toJSON() as unknown as SerializedIndex;
}

/** Cuts a serialized index into verified chunks in term order. */
export function chunkIndex(index: SerializedIndex, limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): SearchChunk[] {
  const groups = groupTerms(index.invertedIndex, limits);
  const vectorsByGroup = splitFieldVectors(index, groups);
  return groups.flatMap((entries, i) => verifiedChunks(index, entries, vectorsByGroup[i] ?? new Map()));
}

function groupTerms(entries: readonly InvertedIndexEntry[], limits: ChunkLimits): InvertedIndexEntry[][] {
  const groups: InvertedIndexEntry[][] = [];
  let current: InvertedIndexEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = estimateBytes(entry);
    if (current.length > 0 && (bytes + size > limits.targetBytes || current.length >= limits.maxTerms)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Posting JSON plus its share of field vectors (about 12 bytes a document). */
function estimateBytes([term, posting]: InvertedIndexEntry): number {
  const docs = Object.keys(posting[SEARCH_FIELD] as Record<string, object>).length;
  return term.length + 24 + docs * 20;
}

function splitFieldVectors(index: SerializedIndex, groups: readonly InvertedIndexEntry[][]): Map<string, number[]>[] {
  const groupOfTerm = new Map<number, number>();
  groups.forEach((entries, group) => {
    for (const [, posting] of entries) groupOfTerm.set(posting._index, group);
  });
  const byGroup = groups.map(() => new Map<string, number[]>());
  for (const [fieldRef, elements] of index.fieldVectors) {
    for (let i = 0; i < elements.length; i += 2) {
      const termIndex = elements[i]!;
      const vectors = byGroup[groupOfTerm.get(termIndex) ?? -1];
      if (vectors === undefined) continue;
      const slice = vectors.get(fieldRef) ?? [];
      if (slice.length === 0) vectors.set(fieldRef, slice);
      slice.push(termIndex, elements[i + 1]!);
    }
  }
  return byGroup;
}

function verifiedChunks(index: SerializedIndex, entries: InvertedIndexEntry[], vectors: Map<string, number[]>): SearchChunk[] {
  const chunk = serializeChunk(index, entries, vectors);
  const problem = checkChunk(chunk.json, entries);
  if (problem === undefined) return [chunk];
  if (entries.length < 2) throw new Error(`search index chunk ${chunk.first}…${chunk.last} does not survive lunr.Index.load: ${problem}`);
  // An unpatched lunr mis-loads this chunk (bug #503): halve it until every piece loads intact.
  const middle = Math.floor(entries.length / 2);
  const halves = [entries.slice(0, middle), entries.slice(middle)];
  return halves.flatMap((half) => verifiedChunks(index, half, vectorsFor(half, vectors)));
}

function vectorsFor(entries: readonly InvertedIndexEntry[], vectors: Map<string, number[]>): Map<string, number[]> {
  const keep = new Set(entries.map(([, posting]) => posting._index));
  const result = new Map<string, number[]>();
  for (const [fieldRef, elements] of vectors) {
    const slice: number[] = [];
    for (let i = 0; i < elements.length; i += 2) if (keep.has(elements[i]!)) slice.push(elements[i]!, elements[i + 1]!);
    if (slice.length > 0) result.set(fieldRef, slice);
  }
  return result;
}

/** The inverted index goes before the field vectors, at offsets the search directory records. */
function serializeChunk(index: SerializedIndex, entries: InvertedIndexEntry[], vectors: Map<string, number[]>): SearchChunk {
  const head = `{"version":${JSON.stringify(index.version)},"fields":${JSON.stringify(index.fields)},"invertedIndex":`;
  const inverted = JSON.stringify(entries);
  const json = `${head}${inverted},"fieldVectors":${JSON.stringify([...vectors])},"pipeline":${JSON.stringify(index.pipeline)}}`;
  const start = Buffer.byteLength(head, "utf8");
  return {
    first: entries[0]![0],
    last: entries[entries.length - 1]![0],
    terms: entries.length,
    json,
    invertedIndex: [start, start + Buffer.byteLength(inverted, "utf8")],
  };
}

/**
 * Loads the chunk as a consumer would, with this process's patched lunr and
 * with the stock one in a fresh state, and checks that its token set holds
 * exactly its terms: nothing dropped, nothing invented.
 */
export function checkChunk(json: string, entries: readonly InvertedIndexEntry[]): string | undefined {
  const expected = entries.map(([term]) => term);
  return checkLoad(json, expected, "patched") ?? withStockLunr(() => checkLoad(json, expected, "stock"));
}

function checkLoad(json: string, expected: readonly string[], flavour: string): string | undefined {
  const loaded = lunr.Index.load(JSON.parse(json) as object) as unknown as { tokenSet: lunr.TokenSet };
  const found = new Set(loaded.tokenSet.toArray());
  const missing = expected.filter((term) => !found.has(term));
  const invented = found.size - (expected.length - missing.length);
  if (missing.length === 0 && invented === 0) return undefined;
  return `${flavour} lunr lost ${missing.length} term(s) (e.g. ${JSON.stringify(missing.slice(0, 3))}) and invented ${invented}`;
}

function withStockLunr<T>(run: () => T): T {
  const prototype = lunr.TokenSet.prototype;
  const patched = prototype.toString;
  const tokenSet = lunr.TokenSet as unknown as { _nextId: number };
  const nextId = tokenSet._nextId;
  prototype.toString = stockTokenSetToString;
  tokenSet._nextId = 1;
  try {
    return run();
  } finally {
    prototype.toString = patched;
    tokenSet._nextId = nextId;
  }
}
