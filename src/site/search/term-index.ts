/**
 * The search index's terms and postings: every document's words go through
 * lunr's own tokenizer and pipeline (stop words, stemmer), and each term's
 * documents are kept in typed arrays, not as lunr's nested objects, which a
 * 50,000-plugin catalog cannot afford. The Lunr chunks
 * (lunr-chunks.ts) and the shim's postings blocks (../postings-blocks.ts)
 * are both written from it.
 */
import { lunr } from "./lunr-patch.js";

export interface SearchDocument {
  /** Short document ref: the plugin's ordinal in base 36. */
  readonly ref: string;
  /** Normalized words (see `core/text.ts`); stop words and stemming are the pipeline's job. */
  readonly words: readonly string[];
}

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
