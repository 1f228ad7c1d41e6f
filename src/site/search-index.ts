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
    const documents: number[] = [];
    for (let i = index.postingStart[t]!; i < index.postingStart[t + 1]!; i++) documents.push(ordinals[index.postingDocuments[i]!]!);
    return documents.sort((a, b) => a - b);
  });
}

/** Cuts the index into verified chunks in term order. */
export function chunkIndex(index: TermIndex, limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): SearchChunk[] {
  return groupTerms(index, limits).flatMap(([first, end]) => verifiedChunks(index, first, end));
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

function verifiedChunks(index: TermIndex, first: number, end: number): SearchChunk[] {
  const entries = invertedIndexEntries(index, first, end);
  const chunk = serializeChunk(entries, fieldVectors(index, first, end));
  const problem = checkChunk(chunk.json, entries);
  if (problem === undefined) return [chunk];
  if (end - first < 2) throw new Error(`search index chunk ${chunk.first}…${chunk.last} does not survive lunr.Index.load: ${problem}`);
  // An unpatched lunr mis-loads this chunk (bug #503): halve it until every piece loads intact.
  const middle = first + Math.floor((end - first) / 2);
  return [...verifiedChunks(index, first, middle), ...verifiedChunks(index, middle, end)];
}

/** lunr's postings: `{ _index, text: { <ref>: {} } }`, refs added in document order as the Builder adds them. */
function invertedIndexEntries(index: TermIndex, first: number, end: number): InvertedIndexEntry[] {
  const entries: InvertedIndexEntry[] = [];
  for (let t = first; t < end; t++) {
    const documents: Record<string, object> = Object.create(null);
    for (let i = index.postingStart[t]!; i < index.postingStart[t + 1]!; i++) documents[index.refs[index.postingDocuments[i]!]!] = {};
    entries.push([index.terms[t]!, { _index: index.termNumbers[t]!, [SEARCH_FIELD]: documents }]);
  }
  return entries;
}

/** The slice of every document's field vector for these terms: lunr's elements `[term number, score, …]`, ascending. */
function fieldVectors(index: TermIndex, first: number, end: number): FieldVectorEntry[] {
  const documentCount = index.refs.length;
  const elements: [document: number, number: number, score: number][] = [];
  for (let t = first; t < end; t++) {
    const [start, stop] = [index.postingStart[t]!, index.postingStart[t + 1]!];
    const found = stop - start;
    const idf = Math.log(1 + Math.abs((documentCount - found + 0.5) / (found + 0.5)));
    for (let i = start; i < stop; i++) {
      const document = index.postingDocuments[i]!;
      const tf = index.postingFrequencies[i]!;
      // lunr.Builder#createFieldVectors, operation for operation, so that the rounding agrees.
      const score = (idf * ((K1 + 1) * tf)) / (K1 * (1 - B + B * (index.lengths[document]! / index.averageLength)) + tf);
      elements.push([document, index.termNumbers[t]!, Math.round(score * 1000) / 1000]);
    }
  }
  elements.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const vectors: FieldVectorEntry[] = [];
  for (const [document, number, score] of elements) {
    const last = vectors.at(-1);
    const fieldRef = `${SEARCH_FIELD}/${index.refs[document]}`;
    if (last?.[0] === fieldRef) last[1].push(number, score);
    else vectors.push([fieldRef, [number, score]]);
  }
  return vectors;
}

/** The inverted index goes before the field vectors, at offsets the search directory records. */
function serializeChunk(entries: InvertedIndexEntry[], vectors: FieldVectorEntry[]): SearchChunk {
  const head = `{"version":${JSON.stringify(lunr.version)},"fields":${JSON.stringify([SEARCH_FIELD])},"invertedIndex":`;
  const inverted = JSON.stringify(entries);
  const json = `${head}${inverted},"fieldVectors":${JSON.stringify(vectors)},"pipeline":${JSON.stringify(SEARCH_PIPELINE)}}`;
  const start = Buffer.byteLength(head, "utf8");
  return {
    first: entries[0]![0],
    last: entries[entries.length - 1]![0],
    terms: entries.length,
    json,
    invertedIndex: [start, start + Buffer.byteLength(inverted, "utf8")],
  };
}

/** What lunr.Index#toJSON writes for the Builder's search pipeline (the stemmer only). */
const SEARCH_PIPELINE = ["stemmer"];

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
