/**
 * The search index in Lunr's serialized format, cut by term range into
 * chunks (as Pagefind does), so that a consumer loads only the chunks its
 * terms fall in. Every chunk is a complete serialized Lunr index (its
 * terms' postings and the matching slice of the field vectors) that
 * `lunr.Index.load` accepts and can search on its own.
 *
 * lunr's own Builder holds every posting as nested objects and then builds a
 * token set of the whole vocabulary, which a 50,000-plugin catalog cannot
 * afford. So each chunk's JSON is written from the term index's typed
 * arrays (term-index.ts), with lunr's term numbering, BM25 scores and key
 * order: the same bytes the Builder's `toJSON` gives, which its test checks
 * against the Builder itself. Each chunk is loaded back before it is kept
 * (load-check.ts).
 *
 * The shim never asks Lunr to score (results are ordered by `sort`) and
 * never reads these chunks: it reads postings blocks written from the same
 * term index.
 */
import { checkChunk } from "./load-check.js";
import { lunr } from "./lunr-patch.js";
import type { TermIndex } from "./term-index.js";

export const SEARCH_FIELD = "text";

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

/** lunr.Builder's BM25 parameters (its defaults). */
const K1 = 1.2;
const B = 0.75;

/** Cuts the index into verified chunks in term order. */
export function chunkIndex(index: TermIndex, limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): SearchChunk[] {
  return [...indexChunks(index, limits)];
}

/** `chunkIndex` one chunk at a time: at 50,000 plugins the chunks are over 200 MB of JSON, to be written as they come. */
export function* indexChunks(index: TermIndex, limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): Generator<SearchChunk> {
  const writer = new ChunkWriter(index);
  for (const [first, end] of groupTerms(index, limits)) yield* verifiedChunks(writer, first, end);
}

/** Ranges `[first, end)` of sorted terms. */
function groupTerms(index: TermIndex, limits: ChunkLimits): [number, number][] {
  const groups: [number, number][] = [];
  let [first, bytes] = [0, 0];
  index.terms.forEach((term, t) => {
    const size = term.length + 24 + (index.postingStart[t + 1]! - index.postingStart[t]!) * 20;
    if (t > first && (bytes + size > limits.targetBytes || t - first >= limits.maxTerms)) {
      groups.push([first, t]);
      [first, bytes] = [t, 0];
    }
    bytes += size;
  });
  if (index.terms.length > first) groups.push([first, index.terms.length]);
  return groups;
}

function verifiedChunks(writer: ChunkWriter, first: number, end: number): SearchChunk[] {
  const chunk = writer.chunk(first, end);
  const problem = checkChunk(chunk.json, writer.index.terms.slice(first, end));
  if (problem === undefined) return [chunk];
  if (end - first < 2) throw new Error(`search index chunk ${chunk.first}…${chunk.last} does not survive lunr.Index.load: ${problem}`);
  // An unpatched lunr mis-loads this chunk (bug #503): halve it until every piece loads intact.
  const middle = first + Math.floor((end - first) / 2);
  return [...verifiedChunks(writer, first, middle), ...verifiedChunks(writer, middle, end)];
}

/** The JSON before the inverted index, which goes first, at offsets the search directory records. */
const CHUNK_HEAD = `{"version":${JSON.stringify(lunr.version)},"fields":${JSON.stringify([SEARCH_FIELD])},"invertedIndex":`;
const CHUNK_HEAD_BYTES = Buffer.byteLength(CHUNK_HEAD, "utf8");

/** What lunr.Index#toJSON writes for the Builder's search pipeline (the stemmer only). */
const SEARCH_PIPELINE = ["stemmer"];

/**
 * Writes chunks' JSON straight from the typed-array postings, byte for byte what `JSON.stringify`
 * writes for lunr's objects: building those objects first (one per posting, an array per vector
 * element) made gigabytes of short-lived garbage at 50,000 plugins, which the heap grew to hold.
 * The refs must be distinct, as lunr's are.
 */
class ChunkWriter {
  /** Per document: its member of a posting, `"<ref>":{}`. */
  private readonly postingKeys: readonly string[];
  /** Per document: its field vector's name, `"text/<ref>"`. */
  private readonly fieldRefs: readonly string[];
  /** Per document: its ref's value if the ref is an array index, else -1 (see `postingMembers`). */
  private readonly arrayIndices: Float64Array;
  /** Per document, scratch for `fieldVectors`; all zero between chunks. */
  private readonly slots: Int32Array;

  constructor(readonly index: TermIndex) {
    this.postingKeys = index.refs.map((ref) => `${JSON.stringify(ref)}:{}`);
    this.fieldRefs = index.refs.map((ref) => JSON.stringify(`${SEARCH_FIELD}/${ref}`));
    this.arrayIndices = Float64Array.from(index.refs, arrayIndexOf);
    this.slots = new Int32Array(index.refs.length);
  }

  chunk(first: number, end: number): SearchChunk {
    const inverted = this.invertedIndex(first, end);
    const vectors = this.fieldVectors(first, end);
    return {
      first: this.index.terms[first]!,
      last: this.index.terms[end - 1]!,
      terms: end - first,
      json: `${CHUNK_HEAD}${inverted},"fieldVectors":${vectors},"pipeline":${JSON.stringify(SEARCH_PIPELINE)}}`,
      invertedIndex: [CHUNK_HEAD_BYTES, CHUNK_HEAD_BYTES + Buffer.byteLength(inverted, "utf8")],
    };
  }

  /** lunr's postings, `[term, { _index, text: { <ref>: {} } }]`. */
  private invertedIndex(first: number, end: number): string {
    const entries: string[] = [];
    for (let t = first; t < end; t++) {
      const posting = `{"_index":${this.index.termNumbers[t]!},${JSON.stringify(SEARCH_FIELD)}:{${this.postingMembers(t)}}}`;
      entries.push(`[${JSON.stringify(this.index.terms[t]!)},${posting}]`);
    }
    return `[${entries.join(",")}]`;
  }

  /**
   * The Builder adds a term's refs in document order; `JSON.stringify` writes an object's array-index
   * keys (`"10"`) first, ascending, and then the others in the order they were added.
   */
  private postingMembers(t: number): string {
    const named: string[] = [];
    const indexed: number[] = [];
    for (let i = this.index.postingStart[t]!; i < this.index.postingStart[t + 1]!; i++) {
      const document = this.index.postingDocuments[i]!;
      if (this.arrayIndices[document]! < 0) named.push(this.postingKeys[document]!);
      else indexed.push(document);
    }
    if (indexed.length === 0) return named.join(",");
    indexed.sort((a, b) => this.arrayIndices[a]! - this.arrayIndices[b]!);
    return [...indexed.map((document) => this.postingKeys[document]!), ...named].join(",");
  }

  /** The slice of every document's field vector for these terms, `[fieldRef, [term number, score, …]]`, by document. */
  private fieldVectors(first: number, end: number): string {
    const documents = this.placeDocuments(first, end);
    const { numbers, scores } = this.elements(first, end);
    const vectors: string[] = [];
    let from = 0;
    for (const document of documents) {
      // `elements` moved each document's slot to the end of its elements.
      const to = this.slots[document]!;
      this.slots[document] = 0;
      let elements = `${numbers[from]!},${scores[from]!}`;
      for (let k = from + 1; k < to; k++) elements += `,${numbers[k]!},${scores[k]!}`;
      vectors.push(`[${this.fieldRefs[document]!},[${elements}]]`);
      from = to;
    }
    return `[${vectors.join(",")}]`;
  }

  /** The documents these terms are found in, ascending, each one's slot set to where its elements start. */
  private placeDocuments(first: number, end: number): Int32Array {
    const found: number[] = [];
    for (let i = this.index.postingStart[first]!; i < this.index.postingStart[end]!; i++) {
      const document = this.index.postingDocuments[i]!;
      if (this.slots[document]!++ === 0) found.push(document);
    }
    const documents = Int32Array.from(found).sort();
    let start = 0;
    for (const document of documents) {
      const count = this.slots[document]!;
      this.slots[document] = start;
      start += count;
    }
    return documents;
  }

  /** Vector elements in document order, and within a document by term number (terms taken in that order). */
  private elements(first: number, end: number): { numbers: Int32Array; scores: Float64Array } {
    const { index } = this;
    const length = index.postingStart[end]! - index.postingStart[first]!;
    const [numbers, scores] = [new Int32Array(length), new Float64Array(length)];
    const byNumber = Array.from({ length: end - first }, (_, k) => first + k).sort((a, b) => index.termNumbers[a]! - index.termNumbers[b]!);
    for (const t of byNumber) {
      const [start, stop] = [index.postingStart[t]!, index.postingStart[t + 1]!];
      const found = stop - start;
      const idf = Math.log(1 + Math.abs((index.refs.length - found + 0.5) / (found + 0.5)));
      for (let i = start; i < stop; i++) {
        const document = index.postingDocuments[i]!;
        const tf = index.postingFrequencies[i]!;
        // lunr.Builder#createFieldVectors, operation for operation, so that the rounding agrees.
        const score = (idf * ((K1 + 1) * tf)) / (K1 * (1 - B + B * (index.lengths[document]! / index.averageLength)) + tf);
        const at = this.slots[document]!++;
        numbers[at] = index.termNumbers[t]!;
        scores[at] = Math.round(score * 1000) / 1000;
      }
    }
    return { numbers, scores };
  }
}

/** A ref's value as an array index (a canonical integer below 2^32 - 1), else -1. */
function arrayIndexOf(ref: string): number {
  return /^(?:0|[1-9][0-9]{0,9})$/.test(ref) && Number(ref) < 2 ** 32 - 1 ? Number(ref) : -1;
}
