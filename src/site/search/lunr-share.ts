/**
 * What one plugin may add to the Lunr export (docs/API.md#bounds). The API's
 * own search reads every term of the first 65,536 README characters, but a
 * README of that many distinct words would add some 0.5 MB of Lunr chunks,
 * fifty ordinary plugins' worth: so in the export, a document keeps at most
 * `LUNR_TERMS_PER_DOCUMENT` distinct terms. Which ones: the terms the catalog
 * met first (lunr's own term numbers), that is every term it shares with
 * documents before it, then its own new terms in the order they appear (its
 * name and description come before its README). Ordinary READMEs stay far
 * below the bound, and their export is as it was.
 */
import type { TermIndex } from "./term-index.js";

export const LUNR_TERMS_PER_DOCUMENT = 1_000;

/** `index` as the Lunr export sees it: the same object when no document is over the bound. */
export function lunrShare(index: TermIndex, termsPerDocument = LUNR_TERMS_PER_DOCUMENT): TermIndex {
  const thresholds = overBoundThresholds(index, termsPerDocument);
  if (thresholds.size === 0) return index;
  const keep = (t: number, i: number): boolean => {
    const threshold = thresholds.get(index.postingDocuments[i]!);
    return threshold === undefined || index.termNumbers[t]! <= threshold;
  };
  const terms: string[] = [];
  const numbers: number[] = [];
  const starts = [0];
  const documents: number[] = [];
  const frequencies: number[] = [];
  for (let t = 0; t < index.terms.length; t++) {
    const before = documents.length;
    for (let i = index.postingStart[t]!; i < index.postingStart[t + 1]!; i++) {
      if (!keep(t, i)) continue;
      documents.push(index.postingDocuments[i]!);
      frequencies.push(index.postingFrequencies[i]!);
    }
    if (documents.length === before) continue;
    terms.push(index.terms[t]!);
    numbers.push(index.termNumbers[t]!);
    starts.push(documents.length);
  }
  return {
    ...index,
    terms,
    termNumbers: renumbered(numbers),
    postingStart: Int32Array.from(starts),
    postingDocuments: Int32Array.from(documents),
    postingFrequencies: Int32Array.from(frequencies),
  };
}

/** Per document over the bound, the highest term number it keeps. */
function overBoundThresholds(index: TermIndex, termsPerDocument: number): Map<number, number> {
  const counts = new Int32Array(index.refs.length);
  for (const document of index.postingDocuments) counts[document]!++;
  const over = new Map<number, number[]>();
  counts.forEach((count, document) => {
    if (count > termsPerDocument) over.set(document, []);
  });
  if (over.size === 0) return new Map();
  for (let t = 0; t < index.terms.length; t++)
    for (let i = index.postingStart[t]!; i < index.postingStart[t + 1]!; i++)
      over.get(index.postingDocuments[i]!)?.push(index.termNumbers[t]!);
  const thresholds = new Map<number, number>();
  for (const [document, numbers] of over) thresholds.set(document, numbers.sort((a, b) => a - b)[termsPerDocument - 1]!);
  return thresholds;
}

/** Lunr numbers terms 0, 1, 2… in the order it met them: the kept terms keep their order, without gaps. */
function renumbered(numbers: readonly number[]): Int32Array {
  const rank = new Map([...numbers].sort((a, b) => a - b).map((number, i) => [number, i]));
  return Int32Array.from(numbers, (number) => rank.get(number)!);
}
