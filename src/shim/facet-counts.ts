/**
 * `/api/facets` from one build (docs/API.md#facets): counts of the catalog's
 * filter sets against the query's matches, each facet leaving out its own
 * filter. Counting is popcounts over AND-ed words: no set is built per
 * category, so a configuration with many categories costs a pass each.
 */
import { Bitset } from "../core/bitset.js";
import { renderFacets } from "../core/facets-body.js";
import type { CatalogQuery } from "../core/query.js";
import type { Catalog } from "./catalog.js";
import { compatDrops } from "./execute.js";

export async function answerFacets(catalog: Catalog, query: CatalogQuery): Promise<Uint8Array<ArrayBuffer>> {
  const [facets, base, { set: web }, tagged] = await Promise.all([
    catalog.filters.facets(),
    commonMatches(catalog, query),
    catalog.filters.web(),
    query.category === undefined ? undefined : catalog.filters.tag(query.category).then((filter) => filter.set),
  ]);
  // `base` is this request's own set; the catalog's cached sets are only read.
  const exceptCategory = query.webOnly ? base.clone().and(web) : base;
  const exceptWeb = tagged === undefined ? base : base.clone().and(tagged);
  return renderFacets({
    total: tagged === undefined ? exceptCategory.count() : exceptCategory.countAnd(tagged),
    categories: facets.categories.map((category, i) => ({ category, count: exceptCategory.countAnd(facets.sets[i]!) })),
    uncategorized: exceptCategory.countAnd(facets.uncategorized),
    webUi: exceptWeb.countAnd(web),
  });
}

/** The filters every facet applies: `q`, `author` and `compat`. A `q` with no term left matches nothing. */
async function commonMatches(catalog: Catalog, query: CatalogQuery): Promise<Bitset> {
  if (query.search === null) return new Bitset(catalog.size);
  const matches = Bitset.full(catalog.size);
  const [author, drops] = await Promise.all([
    query.author === undefined ? undefined : catalog.filters.author(query.author),
    compatDrops(catalog, query),
  ]);
  if (author !== undefined) matches.and(author.set);
  if (drops !== undefined) matches.andNot(drops);
  if (query.search !== undefined && matches.count() > 0) matches.and(await catalog.search().match(query.search));
  return matches;
}
