/**
 * The index lunr's own Builder writes for documents (the pipeline the site
 * uses: stop words and stemmer; the stemmer again at search time): the
 * reference the site's lean index writer must match byte for byte.
 */

import { type InvertedIndexEntry, SEARCH_FIELD, type SerializedIndex } from "../../src/site/search/lunr-chunks.js";
import { lunr } from "../../src/site/search/lunr-patch.js";
import type { SearchDocument } from "../../src/site/search/term-index.js";

export function lunrBuilderIndex(documents: readonly SearchDocument[]): SerializedIndex {
  const builder = new lunr.Builder();
  builder.pipeline.add(lunr.stopWordFilter, lunr.stemmer);
  builder.searchPipeline.add(lunr.stemmer);
  builder.ref("ref");
  builder.field(SEARCH_FIELD);
  for (const document of documents) builder.add({ ref: document.ref, [SEARCH_FIELD]: document.words });
  return builder.build().toJSON() as unknown as SerializedIndex;
}

/** Each term's documents, by their refs read as base-36 ordinals. */
export function postingsOf(index: SerializedIndex): Map<string, number[]> {
  return new Map(
    index.invertedIndex.map(([term, posting]: InvertedIndexEntry) => [
      term,
      Object.keys(posting[SEARCH_FIELD] as object).map((ref) => Number.parseInt(ref, 36)),
    ]),
  );
}
