/**
 * `compat` against its model (support/compat-model.ts, npm's semver called
 * directly): over catalogs with valid, invalid and missing ranges and a host
 * with releases, prereleases, build metadata and dist-tags, `/api/plugins`
 * and `/api/facets` answer exactly the model's plugins, counts and 400s,
 * combined with every other filter and sort, on sites with default files and
 * with every drop set in a pack of its own.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BuildSiteOptions, buildSite } from "../../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../../src/snapshot/schema.js";
import { expectBadRequest, expectPage, slugsOf } from "../../contract/expect.js";
import { expectFacets, facetsPath, withCategories } from "../../contract/suites/facets.js";
import { queryArbitrary } from "../../support/arbitraries.js";
import { ACCEPTED, compatCatalogArbitrary, REFUSED, withCompat } from "../../support/compat-catalog.js";
import { modelAnswer, modelFacets, modelHostOf, modelLatest, modelResolve } from "../../support/compat-model.js";
import { call, pluginsPath } from "../../support/http.js";
import { makeLargeCatalog } from "../../support/large-catalog.js";
import type { ReferenceQuery } from "../../support/reference.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";

const CATEGORIES = ["Charts", "ais", "maps", "nothing-tagged"];
/** Every drop set in a pack of its own, and small filter packs. */
const TINY_LAYOUT = { keyPackBytes: 16, postingsBlockBytes: 80 };

const compatValue = fc.constantFrom(...ACCEPTED, ...REFUSED);
const queriesArbitrary = fc.array(
  fc.tuple(queryArbitrary(0.4), compatValue, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 3 })),
  {
    minLength: 1,
    maxLength: 12,
  },
);
type Queries = typeof queriesArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function expectModelAnswers(target: Target, snapshot: CatalogSnapshot, queries: Queries): Promise<void> {
  const host = modelHostOf(snapshot)!;
  for (const [query, compat, perPage, page] of queries) {
    const params = { ...query.params, compat, per_page: String(perPage), page: String(page) };
    const label = JSON.stringify(params);
    const version = modelResolve(host, compat);
    const [listing, facets] = [await call(target, pluginsPath(params)), await call(target, facetsPath({ ...query.params, compat }))];
    if (version === undefined) {
      for (const reply of [listing, facets]) {
        const [problem] = expectBadRequest(reply, ["compat"]);
        expect(problem?.message, label).toContain(`is not a version of ${host.host}`);
        expect(problem?.message, label).toContain(`(latest: ${modelLatest(host)})`);
      }
      continue;
    }
    const body = expectPage(listing);
    const expected = modelAnswer(snapshot.plugins, version, { ...query.reference, perPage, page });
    expect({ total: body.total, pages: body.pages, page: body.page, perPage: body.perPage, slugs: slugsOf(body) }, label).toEqual(expected);
    expect(expectFacets(facets), label).toEqual(modelFacets(snapshot.plugins, version, query.reference, CATEGORIES));
  }
}

describe("compat agrees with its model", () => {
  it.each([
    ["default files", {}],
    ["every set in a pack of its own", { layout: TINY_LAYOUT }],
  ] as const)(
    "random catalogs, compat values and other filters, on /api/plugins and /api/facets (%s)",
    async (_, options: BuildSiteOptions) => {
      await fc.assert(
        fc.asyncProperty(compatCatalogArbitrary(60), queriesArbitrary, async (catalog, queries) => {
          const snapshot = withCategories(catalog, CATEGORIES);
          await expectModelAnswers(shimTarget(mapReader(await buildSite(snapshot, options))), snapshot, queries);
        }),
        { numRuns: 60 },
      );
    },
    120_000,
  );

  it("a seeded catalog of 400 plugins: every accepted value, each sort, alone and with a filter", async () => {
    const snapshot = withCategories(withCompat(makeLargeCatalog(400, 29).snapshot, 29), CATEGORIES);
    const host = modelHostOf(snapshot)!;
    const target = shimTarget(mapReader(await buildSite(snapshot, { layout: TINY_LAYOUT })));
    const shapes: readonly (readonly [Record<string, string>, ReferenceQuery])[] = [
      [{}, {}],
      [{ sort: "recent" }, { sort: "recent" }],
      [
        { sort: "name", page: "2", per_page: "30" },
        { sort: "name", page: 2, perPage: 30 },
      ],
      [
        { web: "1", sort: "downloads" },
        { web: true, sort: "downloads" },
      ],
      [
        { category: "tag5", author: "user-3" },
        { category: "tag5", author: "user-3" },
      ],
    ];
    for (const compat of ACCEPTED) {
      const version = modelResolve(host, compat)!;
      for (const [extra, reference] of shapes) {
        const params = { compat, per_page: "100", ...extra };
        const body = expectPage(await call(target, pluginsPath(params)));
        const expected = modelAnswer(snapshot.plugins, version, { perPage: 100, ...reference });
        expect({ total: body.total, slugs: slugsOf(body) }, JSON.stringify(params)).toEqual({
          total: expected.total,
          slugs: expected.slugs,
        });
      }
    }
  }, 120_000);
});
