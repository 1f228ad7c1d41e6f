/**
 * Sections 2–4 against a naive reference model: for random catalogs and
 * random queries (search words, prefixes, stop words, Lunr syntax, filters in
 * any case, `@`/`@@` authors, web, every sort), the API returns exactly the
 * reference's matches, in the reference's order, with the right counts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../../src/snapshot/schema.js";
import { expectPage, slugsOf } from "../../contract/expect.js";
import { catalogArbitrary, queryArbitrary } from "../../support/arbitraries.js";
import { call, pluginsPath } from "../../support/http.js";
import { referenceAnswer } from "../../support/reference.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";

/** Postings blocks of a few terms, filter packs of a few keys, groups for sets of up to 3 plugins in chunks of 2, fine shards of 2. */
const TINY_LAYOUT = { postingsBlockBytes: 80, keyPackBytes: 64, groupLimit: 3, groupShare: 0, groupChunk: 2, fineShardSize: 2 };

const queriesArbitrary = fc.array(fc.tuple(queryArbitrary(0.5), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 4 })), {
  minLength: 1,
  maxLength: 25,
});
type PagedQueries = typeof queriesArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function expectReferenceAnswers(target: Target, catalog: CatalogSnapshot, queries: PagedQueries): Promise<void> {
  for (const [query, perPage, page] of queries) {
    const params = { ...query.params, per_page: String(perPage), page: String(page) };
    const body = expectPage(await call(target, pluginsPath(params)));
    const expected = referenceAnswer(catalog.plugins, { ...query.reference, perPage, page });
    expect(
      { total: body.total, pages: body.pages, page: body.page, perPage: body.perPage, slugs: slugsOf(body) },
      JSON.stringify(params),
    ).toEqual(expected);
  }
}

describe("answers agree with the reference model", () => {
  it("filters, search and sort give exactly the reference's list", async () => {
    await fc.assert(
      fc.asyncProperty(catalogArbitrary(60), queriesArbitrary, async (catalog, queries) => {
        await expectReferenceAnswers(shimTarget(mapReader(await buildSite(catalog))), catalog, queries);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("files cut as small as they go change no answer: every group, postings block and fine shard boundary is crossed", async () => {
    await fc.assert(
      fc.asyncProperty(catalogArbitrary(60), queriesArbitrary, async (catalog, queries) => {
        await expectReferenceAnswers(shimTarget(mapReader(await buildSite(catalog, { layout: TINY_LAYOUT }))), catalog, queries);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it("a record cache too small for the catalog changes no answer: evicted records are read again", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary(260, 101),
        fc.constantFrom(1, 30_000, 90_000),
        queriesArbitrary,
        async (catalog, recordCacheBytes, queries) => {
          await expectReferenceAnswers(shimTarget(mapReader(await buildSite(catalog)), { recordCacheBytes }), catalog, queries);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
