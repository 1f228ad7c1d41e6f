/**
 * The search index: lunr's serialized format, cut by term range into chunks
 * (as Pagefind does), so a query loads only the chunks its terms fall in.
 * Every chunk is a complete serialized lunr index (its terms' postings and
 * the matching slice of the field vectors) that `lunr.Index.load` accepts
 * and can search on its own.
 *
 * lunr's own Builder holds every posting as nested objects and then builds a
 * token set of the whole vocabulary: about 50 KB a plugin, which a
 * 50,000-plugin catalog cannot afford. So the documents go through lunr's
 * own tokenizer and pipeline (stop words, stemmer), but the postings are
 * kept in typed arrays and each chunk's JSON is written from them, with
 * lunr's term numbering, BM25 scores and key order: the same bytes the
 * Builder's `toJSON` gives, which test/site/search-index.test.ts checks
 * against the Builder itself.
 *
 * The shim never asks lunr to score: results are ordered by `sort`. It reads
 * postings blocks written from the same postings (see `postings-blocks.ts`).
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

/** lunr.Builder's BM25 parameters (its defaults). */
const K1 = 1.2;
const B = 0.75;

/** The documents' postings, by term in code-unit order (lunr's `toJSON` order). */
export interface TermIndex {
  /** Sorted. */
  readonly terms: readonly string[];
  /** Per sorted term: lunr's `_index`, the order in which the Builder first met it. */
  readonly termNumbers: Int32Array;
  /** Per sorted term `t`: its postings are `[postingStart[t], postingStart[t + 1])`. */
  readonly postingStart: Int32Array;
  /** Documents (by position in the input) ascending within each term. */
  readonly postingDocuments: Int32Array;
  /** The term's frequency in that document. */
  readonly postingFrequencies: Int32Array;
  readonly refs: readonly string[];
  /** Per document: how many terms its field holds after the pipeline. */
  readonly lengths: Int32Array;
  readonly averageLength: number;
}

/** `documents` may be made one at a time (a generator): only their terms' numbers are kept. */
export function indexDocuments(documents: Iterable<SearchDocument>): TermIndex {
  const pipeline = new lunr.Pipeline();
  pipeline.add(lunr.stopWordFilter, lunr.stemmer);
  const numbers = new Map<string, number>();
  const counts = new GrowingInts();
  const refs: string[] = [];
  const lengths = new GrowingInts();
  /** Per document, its distinct terms' numbers and frequencies, in pairs, from `documentStart`. */
  const perDocument = new GrowingInts();
  const documentStart = new GrowingInts();
  documentStart.push(0);
  for (const document of documents) {
    const terms = pipeline.run(lunr.tokenizer(document.words as string[])).map(String);
    const frequencies = new Map<number, number>();
    for (const term of terms) {
      let number = numbers.get(term);
      if (number === undefined) numbers.set(term, (number = numbers.size));
      frequencies.set(number, (frequencies.get(number) ?? 0) + 1);
    }
    refs.push(document.ref);
    lengths.push(terms.length);
    for (const [number, frequency] of frequencies) {
      perDocument.push(number);
      perDocument.push(frequency);
      counts.increment(number);
    }
    documentStart.push(perDocument.length);
  }
  const terms = [...numbers.keys()].sort();
  const termNumbers = Int32Array.from(terms, (term) => numbers.get(term)!);
  const sortedOf = new Int32Array(terms.length);
  termNumbers.forEach((number, sorted) => {
    sortedOf[number] = sorted;
  });
  const postingStart = new Int32Array(terms.length + 1);
  for (let t = 0; t < terms.length; t++) postingStart[t + 1] = postingStart[t]! + counts.at(termNumbers[t]!);
  const next = postingStart.slice(0, terms.length);
  const postingDocuments = new Int32Array(postingStart[terms.length]!);
  const postingFrequencies = new Int32Array(postingDocuments.length);
  const [pairs, starts] = [perDocument.view(), documentStart.view()];
  for (let d = 0; d < refs.length; d++) {
    for (let i = starts[d]!; i < starts[d + 1]!; i += 2) {
      const at = next[sortedOf[pairs[i]!]!]!++;
      postingDocuments[at] = d;
      postingFrequencies[at] = pairs[i + 1]!;
    }
  }
  const documentLengths = lengths.view().slice();
  const totalLength = documentLengths.reduce((sum, length) => sum + length, 0);
  return {
    terms,
    termNumbers,
    postingStart,
    postingDocuments,
    postingFrequencies,
    refs,
    lengths: documentLengths,
    averageLength: totalLength / refs.length,
  };
}

/** Each term's documents as the refs' ordinals (site-format `refOf`), for the shim's postings blocks. */
export function termOrdinals(index: TermIndex, ordinalOf: (ref: string) => number): number[][] {
  const ordinals = index.refs.map(ordinalOf);
  return index.terms.map((_, t) => {
    const [start, stop] = [index.postingStart[t]!, index.postingStart[t + 1]!];
    // Made at their final length: grown by `push`, millions of numbers were copied (and left as garbage) as the arrays grew.
    const documents = new Array<number>(stop - start);
    for (let i = start; i < stop; i++) documents[i - start] = ordinals[index.postingDocuments[i]!]!;
    return documents.sort((a, b) => a - b);
  });
}

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
  const problem = checkTerms(chunk.json, writer.index.terms.slice(first, end));
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

/** An Int32Array that grows, for counts whose total is not known in advance. */
class GrowingInts {
  private values = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = value;
  }

  increment(at: number): void {
    if (at >= this.values.length) this.grow(at + 1);
    this.values[at]! += 1;
    this.length = Math.max(this.length, at + 1);
  }

  at(index: number): number {
    return this.values[index] ?? 0;
  }

  view(): Int32Array {
    return this.values.subarray(0, this.length);
  }

  private grow(minimum: number): void {
    const values = new Int32Array(Math.max(minimum, this.values.length * 2));
    values.set(this.values);
    this.values = values;
  }
}

/**
 * Parses the chunk and loads it as a consumer would (all but its field
 * vectors, which play no part in the token set), with this process's patched
 * lunr and with the stock one in a fresh state, and checks that its token set
 * holds exactly its terms: nothing dropped, nothing invented.
 */
export function checkChunk(json: string, entries: readonly InvertedIndexEntry[]): string | undefined {
  return checkTerms(
    json,
    entries.map(([term]) => term),
  );
}

function checkTerms(json: string, expected: readonly string[]): string | undefined {
  // One parse serves both loads: `Index.load` only reads what it is given. Its token set is made from
  // the terms alone; a `lunr.Vector` for each of thousands of field vectors, twice, was most of the
  // chunk phase's garbage, and the heap grew to hold it.
  const serialized = { ...(JSON.parse(json) as object), fieldVectors: [] };
  return checkLoad(serialized, expected, "patched") ?? withStockLunr(() => checkLoad(serialized, expected, "stock"));
}

function checkLoad(serialized: object, expected: readonly string[], flavour: string): string | undefined {
  const loaded = lunr.Index.load(serialized) as unknown as { tokenSet: lunr.TokenSet };
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
