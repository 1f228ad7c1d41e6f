/**
 * Sections 2–4 at scale: one seeded catalog of 1,200 plugins, big enough
 * that pages cross every internal shard boundary and the search index spans
 * many chunks. Random pages and random queries (vocabulary words, prefixes of
 * them, several terms, filters) must agree with the reference model.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../../src/site/build-site.js";
import { expectPage, slugsOf } from "../../contract/expect.js";
import { sortArbitrary } from "../../support/arbitraries.js";
import { call, pluginsPath } from "../../support/http.js";
import { LARGE } from "../../support/large-catalog.js";
import { type ReferenceQuery, referenceAnswer } from "../../support/reference.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";

const { snapshot, vocabulary, tags, creators } = LARGE;
const total = snapshot.plugins.length;

async function expectReference(target: Target, params: Record<string, string>, reference: ReferenceQuery): Promise<void> {
  const body = expectPage(await call(target, pluginsPath(params)));
  const expected = referenceAnswer(snapshot.plugins, reference);
  expect(
    { total: body.total, pages: body.pages, page: body.page, perPage: body.perPage, slugs: slugsOf(body) },
    JSON.stringify(params),
  ).toEqual(expected);
}

/** Any of the catalog's categories and creators, or none, and `web=1` or not. */
const filtersArbitrary = fc.record({
  category: fc.option(fc.constantFrom(...tags), { nil: undefined }),
  author: fc.option(fc.constantFrom(...creators), { nil: undefined }),
  web: fc.boolean(),
});

/** The same filters added to a query string's parameters and to the reference query. */
function withFilters(
  { category, author, web }: { category: string | undefined; author: string | undefined; web: boolean },
  params: Record<string, string>,
  reference: ReferenceQuery,
): [Record<string, string>, ReferenceQuery] {
  const filtered: ReferenceQuery = { ...reference, web };
  if (category !== undefined) params["category"] = filtered.category = category;
  if (author !== undefined) params["author"] = filtered.author = author;
  if (web) params["web"] = "1";
  return [params, filtered];
}

describe(`a catalog of ${total} plugins`, () => {
  let target: Target;
  beforeAll(async () => {
    target = shimTarget(mapReader(await buildSite(snapshot)));
  }, 120_000);

  it("every page at per_page 100, 50, 37 and 1 (first pages) follows the reference order", async () => {
    for (const sort of ["stars", "recent", "name", "downloads"] as const) {
      for (const perPage of [100, 50, 37]) {
        const pages = Math.ceil(total / perPage);
        for (let page = 1; page <= pages + 1; page++) {
          await expectReference(target, { sort, per_page: String(perPage), page: String(page) }, { sort, perPage, page });
        }
      }
      for (let page = 95; page <= 105; page++)
        await expectReference(target, { sort, per_page: "1", page: String(page) }, { sort, perPage: 1, page });
    }
  }, 60_000);

  it("random pages at random page sizes", async () => {
    await fc.assert(
      fc.asyncProperty(sortArbitrary, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 1300 }), async (sort, perPage, page) => {
        await expectReference(target, { sort, per_page: String(perPage), page: String(page) }, { sort, perPage, page });
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it("random filters without a search, at random pages, once orders and records are in memory", async () => {
    // The earlier tests read every order and record: few matches are now ordered by their records' positions.
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary,
        sortArbitrary,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        async (filters, sort, perPage, page) => {
          const [params, reference] = withFilters(
            filters,
            { sort, per_page: String(perPage), page: String(page) },
            { sort, perPage, page },
          );
          await expectReference(target, params, reference);
        },
      ),
      { numRuns: 1000 },
    );
  }, 60_000);

  it("random searches: whole words, prefixes, several terms, with filters", async () => {
    const term = fc.oneof(
      fc.constantFrom(...vocabulary),
      fc.constantFrom(...vocabulary).chain((w) => fc.integer({ min: 1, max: [...w].length }).map((n) => [...w].slice(0, n).join(""))),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(term, { minLength: 1, maxLength: 3 }),
        filtersArbitrary,
        sortArbitrary,
        fc.integer({ min: 1, max: 100 }),
        async (terms, filters, sort, perPage) => {
          const q = terms.join(" ");
          const [params, reference] = withFilters(filters, { q, sort, per_page: String(perPage) }, { q, sort, perPage });
          await expectReference(target, params, reference);
        },
      ),
      { numRuns: 1500 },
    );
  }, 60_000);

  it("every word of the vocabulary, as a last term (prefix) and as a non-last term (exact), finds exactly the reference's plugins", async () => {
    for (const word of vocabulary) {
      // "w w": the first w must match exactly, the last by prefix, so both paths see every term.
      const q = `${word} ${word}`;
      await expectReference(target, { q, per_page: "100" }, { q, perPage: 100 });
    }
  }, 60_000);

  it("three-letter prefixes of words spread over the vocabulary", async () => {
    const sorted = [...vocabulary].sort();
    const step = Math.max(1, Math.floor(sorted.length / 400));
    for (let i = 0; i < sorted.length; i += step) {
      const q = [...(sorted[i] ?? "")].slice(0, 3).join("");
      await expectReference(target, { q, per_page: "100" }, { q, perPage: 100 });
    }
  }, 60_000);
});
