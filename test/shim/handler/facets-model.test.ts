/**
 * `/api/facets` against the reference model over random catalogs, random
 * configured categories (any case, duplicates, tags no plugin has) and
 * random filters, in process; the answer cache changes nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../../src/site/build-site.js";
import { expectFacets, facetsPath, withCategories } from "../../contract/suites/facets.js";
import { catalogArbitrary, queryArbitrary, TAGS } from "../../support/arbitraries.js";
import { call } from "../../support/http.js";
import { referenceFacets } from "../../support/reference.js";
import { mapReader, shimTarget } from "../../support/targets.js";

const categoriesArbitrary = fc.array(fc.constantFrom(...TAGS, "CHARTS", "nothing-tagged"), { maxLength: 6 });
const queriesArbitrary = fc.array(queryArbitrary(0.5), { minLength: 1, maxLength: 8 });

describe("/api/facets agrees with the reference model", () => {
  it("for random catalogs, categories and filters, asked twice (the second time from the answer cache)", async () => {
    await fc.assert(
      fc.asyncProperty(catalogArbitrary(50), categoriesArbitrary, queriesArbitrary, async (catalog, categories, queries) => {
        const snapshot = withCategories(catalog, categories);
        const target = shimTarget(mapReader(await buildSite(snapshot)));
        for (const query of queries) {
          const expected = referenceFacets(snapshot.plugins, query.reference, categories);
          const label = JSON.stringify({ categories, params: query.params });
          for (let round = 0; round < 2; round++) {
            expect(expectFacets(await call(target, facetsPath(query.params))), label).toEqual(expected);
          }
        }
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});
