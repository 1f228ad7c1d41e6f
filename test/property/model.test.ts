/**
 * Sections 2–4 against a naive reference model: for random catalogs and
 * random queries (search words, prefixes, stop words, Lunr syntax, filters in
 * any case, `@`/`@@` authors, web, every sort), the API returns exactly the
 * reference's matches, in the reference's order, with the right counts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../src/site/build-site.js";
import { call, pluginsPath } from "../support/http.js";
import { referenceAnswer } from "../support/reference.js";
import { createShim } from "../../src/shim/index.js";
import { mapReader, shimTarget, type Target } from "../support/targets.js";
import { expectPage, slugsOf } from "../contract/expect.js";
import { catalogArbitrary, queryArbitrary } from "./arbitraries.js";

describe("answers agree with the reference model", () => {
  it("filters, search and sort give exactly the reference's list", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary(60),
        fc.array(fc.tuple(queryArbitrary(0.5), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 25 }),
        async (catalog, queries) => {
          const target = shimTarget(mapReader(await buildSite(catalog)));
          for (const [query, perPage, page] of queries) {
            const params = { ...query.params, per_page: String(perPage), page: String(page) };
            const body = expectPage(await call(target, pluginsPath(params)));
            const expected = referenceAnswer(catalog.plugins, { ...query.reference, perPage, page });
            expect({ total: body.total, pages: body.pages, page: body.page, perPage: body.perPage, slugs: slugsOf(body) }, JSON.stringify(params)).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it("a record cache too small for the catalog changes no answer: evicted records are read again", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary(260, 101),
        fc.constantFrom(1, 30_000, 90_000),
        fc.array(fc.tuple(queryArbitrary(0.5), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 25 }),
        async (catalog, recordCacheBytes, queries) => {
          const handle = createShim({ reader: mapReader(await buildSite(catalog)), recordCacheBytes });
          const target: Target = { fetch: (path, init) => handle(new Request(`http://localhost${path}`, init)), close: async () => {} };
          for (const [query, perPage, page] of queries) {
            const params = { ...query.params, per_page: String(perPage), page: String(page) };
            const body = expectPage(await call(target, pluginsPath(params)));
            const expected = referenceAnswer(catalog.plugins, { ...query.reference, perPage, page });
            expect({ total: body.total, pages: body.pages, page: body.page, perPage: body.perPage, slugs: slugsOf(body) }, JSON.stringify(params)).toEqual(expected);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
