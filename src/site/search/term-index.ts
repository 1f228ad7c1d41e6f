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
  /**
   * Where the fields of `words` end: the display name's, the npm name's and the description's words, then the
   * README's to the end. With them the index also counts each term per relevance field (`FieldFrequencies`).
   */
  readonly fields?: DocumentFields;
}

export interface DocumentFields {
  readonly ends: readonly [displayName: number, npmName: number, description: number];
  /** Whether the npm name's words count in the `name` field: only when the display name is not the npm name (contract 11). */
  readonly npmNameInName: boolean;
}

/** The relevance fields of contract section 11, in the order of their weights. */
export const RELEVANCE_FIELDS = ["name", "description", "readme"] as const;

/** Per relevance field, each posting's term frequency (parallel to `postingDocuments`) and each document's length. */
export interface FieldFrequencies {
  readonly frequencies: readonly [Int32Array, Int32Array, Int32Array];
  readonly lengths: readonly [Int32Array, Int32Array, Int32Array];
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
  /** Present when every document gave its `fields`. */
  readonly fields: FieldFrequencies | undefined;
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
  /** Per document, its distinct terms' frequencies in the relevance fields (`packFields`), parallel to the pairs of `perDocument`. */
  const perField = new GrowingInts();
  /** Those too large to pack, by their place in `perField`. */
  const unpacked = new Map<number, readonly [number, number, number]>();
  const fieldLengths = [new GrowingInts(), new GrowingInts(), new GrowingInts()] as const;
  let allFields = true;
  documentStart.push(0);
  for (const document of documents) {
    const fieldTerms = termsByField(pipeline, document);
    const terms = fieldTerms.flat();
    const frequencies = new Map<number, number>();
    for (const term of terms) {
      let number = numbers.get(term);
      if (number === undefined) numbers.set(term, (number = numbers.size));
      frequencies.set(number, (frequencies.get(number) ?? 0) + 1);
    }
    refs.push(document.ref);
    lengths.push(terms.length);
    allFields &&= document.fields !== undefined;
    const inFields = relevanceFields(fieldTerms, document.fields);
    inFields.forEach((fieldTerms, f) => {
      fieldLengths[f]!.push(fieldTerms.length);
    });
    const [inName, inDescription, inReadme] = inFields.map((fieldTerms) => countsOf(fieldTerms, numbers));
    for (const [number, frequency] of frequencies) {
      perDocument.push(number);
      perDocument.push(frequency);
      const fields = [inName!.get(number) ?? 0, inDescription!.get(number) ?? 0, inReadme!.get(number) ?? 0] as const;
      const packed = packFields(fields);
      if (packed < 0) unpacked.set(perField.length, fields);
      perField.push(packed);
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
  const fieldFrequencies = allFields ? ([0, 1, 2] as const).map(() => new Int32Array(postingDocuments.length)) : [];
  const [pairs, starts] = [perDocument.view(), documentStart.view()];
  const packedFields = perField.view();
  const [nameCounts, descriptionCounts, readmeCounts] = fieldFrequencies;
  for (let d = 0; d < refs.length; d++) {
    for (let i = starts[d]!; i < starts[d + 1]!; i += 2) {
      const at = next[sortedOf[pairs[i]!]!]!++;
      postingDocuments[at] = d;
      postingFrequencies[at] = pairs[i + 1]!;
      if (nameCounts === undefined) continue;
      const packed = packedFields[i >>> 1]!;
      // Unpacked in place: an array per posting would be millions of them.
      const wide = packed < 0 ? unpacked.get(i >>> 1)! : undefined;
      nameCounts[at] = wide?.[0] ?? packed >>> 24;
      descriptionCounts![at] = wide?.[1] ?? (packed >>> 14) & 1023;
      readmeCounts![at] = wide?.[2] ?? packed & 16383;
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
    fields: allFields
      ? {
          frequencies: fieldFrequencies as [Int32Array, Int32Array, Int32Array],
          lengths: fieldLengths.map((field) => field.view().slice()) as [Int32Array, Int32Array, Int32Array],
        }
      : undefined,
  };
}

type Pipeline = InstanceType<typeof lunr.Pipeline>;

/** The document's terms by the segments of its words (one segment without `fields`). */
function termsByField(pipeline: Pipeline, document: SearchDocument): string[][] {
  const { words, fields } = document;
  const cuts = fields === undefined ? [] : fields.ends;
  const segments: string[][] = [];
  let start = 0;
  for (const end of [...cuts, words.length]) {
    segments.push(pipeline.run(lunr.tokenizer(words.slice(start, end) as string[])).map(String));
    start = end;
  }
  return segments;
}

/** The terms of the relevance fields (name, description, README) from the segments; all in the README without `fields`. */
function relevanceFields(segments: readonly string[][], fields: DocumentFields | undefined): [string[], string[], string[]] {
  if (fields === undefined) return [[], [], segments[0] ?? []];
  const [display, npm, description, readme] = segments as [string[], string[], string[], string[]];
  return [fields.npmNameInName ? [...display, ...npm] : display, description, readme];
}

/**
 * A posting's three field frequencies in one non-negative int (name < 128, description < 1024, README < 16384), or -1
 * when one is larger: at 50,000 plugins three arrays of millions of postings, grown as they fill, were hundreds of
 * megabytes of the build's peak.
 */
function packFields([name, description, readme]: readonly [number, number, number]): number {
  return name < 128 && description < 1024 && readme < 16384 ? (name << 24) | (description << 14) | readme : -1;
}

function countsOf(terms: readonly string[], numbers: ReadonlyMap<string, number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const term of terms) {
    const number = numbers.get(term)!;
    counts.set(number, (counts.get(number) ?? 0) + 1);
  }
  return counts;
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

/**
 * Each term's frequencies in the relevance fields, parallel to `termOrdinals`' lists: views of the index's arrays.
 * @throws Error when the documents' ordinals do not ascend with their order (the lists would be sorted apart).
 */
export function termFieldCounts(index: TermIndex, ordinalOf: (ref: string) => number): [Int32Array, Int32Array, Int32Array][] {
  const { fields } = index;
  if (fields === undefined) throw new Error("the documents gave no fields");
  index.refs.forEach((ref, d) => {
    if (d > 0 && ordinalOf(ref) <= ordinalOf(index.refs[d - 1]!)) throw new Error("the documents are not in ordinal order");
  });
  return index.terms.map((_, t) => {
    const [start, stop] = [index.postingStart[t]!, index.postingStart[t + 1]!];
    return fields.frequencies.map((field) => field.subarray(start, stop)) as [Int32Array, Int32Array, Int32Array];
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
