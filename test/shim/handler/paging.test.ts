/**
 * Section 2 + 3: for random small catalogs full of ties and a random query,
 * the pages at every per_page from 1 to 100 concatenate to exactly the full
 * sorted list of matches: no duplicate, no gap, total and pages right.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../../src/site/build-site.js";
import { expectPage, slugsOf } from "../../contract/expect.js";
import { catalogArbitrary, queryArbitrary } from "../../support/arbitraries.js";
import { call, pluginsPath } from "../../support/http.js";
import { referenceAnswer } from "../../support/reference.js";
import { mapReader, shimTarget } from "../../support/targets.js";

describe("paging is a partition of the sorted matches", () => {
  it("every page at every per_page reproduces the full order", async () => {
    await fc.assert(
      fc.asyncProperty(catalogArbitrary(60), queryArbitrary(0.15), async (catalog, query) => {
        const target = shimTarget(mapReader(await buildSite(catalog)));
        const expected = referenceAnswer(catalog.plugins, { ...query.reference, perPage: 100 });
        const all = referenceAnswer(catalog.plugins, { ...query.reference, perPage: Math.max(1, catalog.plugins.length) }).slugs;
        for (let perPage = 1; perPage <= 100; perPage++) {
          const pages = Math.ceil(expected.total / perPage);
          const seen: string[] = [];
          for (let page = 1; page <= pages + 1; page++) {
            const body = expectPage(await call(target, pluginsPath({ ...query.params, per_page: String(perPage), page: String(page) })));
            expect(body).toMatchObject({ total: expected.total, page, perPage, pages });
            seen.push(...slugsOf(body));
          }
          expect(new Set(seen).size, "no duplicate").toBe(seen.length);
          expect(seen, `per_page=${perPage}`).toEqual(all);
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
