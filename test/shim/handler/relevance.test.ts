/**
 * `sort=relevance` (contract section 11) against the naive BM25F of the reference model, over random catalogs
 * whose fields are made of a few related words: the whole order (every page at random page sizes), with ties,
 * repeated terms, the prefix rule and filters; and a few orders worked out by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../../src/site/build-site.js";
import { expectPage, slugsOf } from "../../contract/expect.js";
import { relevanceCatalogArbitrary, relevanceQueryArbitrary } from "../../support/arbitraries.js";
import { makePlugin, makeSnapshot } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import { referenceAnswer } from "../../support/reference.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";

/**
 * Blocks of a few terms, frequency files of a set or two, fine shards of 2, score orders of 3 for every set: prefixes run over
 * block boundaries and through stored unions, and one-term searches are cut from their orders or scored past them.
 */
const SMALL_FILES = { postingsBlockBytes: 60, frequencyBytes: 40, fineShardSize: 2, scoreOrderMin: 1, scoreOrderLength: 3 };
/** A score order of 8 for every set: searches of several terms are cut from the candidates their orders give, or scored. */
const SHORT_ORDERS = { scoreOrderMin: 1, scoreOrderLength: 8 };

async function slugsFor(target: Target, params: Record<string, string>): Promise<{ total: number; slugs: string[] }> {
  const body = expectPage(await call(target, pluginsPath({ ...params, sort: "relevance" })));
  return { total: body.total, slugs: slugsOf(body) };
}

describe("sort=relevance", () => {
  it("orders every match as the reference's BM25F does, on every page", async () => {
    await fc.assert(
      fc.asyncProperty(
        relevanceCatalogArbitrary(),
        fc.array(fc.tuple(relevanceQueryArbitrary, fc.integer({ min: 1, max: 7 }), fc.constantFrom(undefined, "charts")), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.constantFrom({}, SMALL_FILES, SHORT_ORDERS),
        async (catalog, queries, layout) => {
          const target = shimTarget(mapReader(await buildSite(catalog, { layout })));
          for (const [q, perPage, category] of queries) {
            const expected = referenceAnswer(catalog.plugins, {
              q,
              sort: "relevance",
              ...(category === undefined ? {} : { category }),
              perPage: 100,
            });
            const seen: string[] = [];
            for (let page = 1; page <= Math.max(1, Math.ceil(expected.total / perPage)); page++) {
              const params: Record<string, string> = { q, per_page: String(perPage), page: String(page) };
              if (category !== undefined) params["category"] = category;
              const { total, slugs } = await slugsFor(target, params);
              expect(total, JSON.stringify(params)).toBe(expected.total);
              seen.push(...slugs);
            }
            expect(seen, q).toEqual(expected.slugs);
          }
        },
      ),
      { numRuns: 180 },
    );
  }, 120_000);

  it("puts a plugin whose name is the search first, then by how often and where the words occur", async () => {
    const plugins = [
      makePlugin({ slug: "readme-only", npmName: "readme-only", totalStars: 90, readme: "anchor alarm for the boat" }),
      makePlugin({ slug: "alarm", npmName: "anchor-alarm", name: "Anchor Alarm", totalStars: 1 }),
      makePlugin({ slug: "described", npmName: "described", totalStars: 50, description: "an anchor alarm" }),
      makePlugin({ slug: "unrelated", npmName: "unrelated", totalStars: 100, readme: "wind" }),
    ];
    const target = shimTarget(mapReader(await buildSite(makeSnapshot(plugins))));
    expect((await slugsFor(target, { q: "anchor alarm" })).slugs).toEqual(["alarm", "described", "readme-only"]);
    // Without a search the order is stars'.
    const body = expectPage(await call(target, pluginsPath({ sort: "relevance" })));
    expect(slugsOf(body)).toEqual(["unrelated", "readme-only", "described", "alarm"]);
  });

  it("breaks ties by stars, then slug", async () => {
    const same = { description: "wind data" };
    const plugins = ["b", "a", "c"].map((slug, i) =>
      makePlugin({ slug, npmName: `same-${slug}`, name: `same-${slug}`, totalStars: i === 2 ? 5 : 1, ...same }),
    );
    const target = shimTarget(mapReader(await buildSite(makeSnapshot(plugins))));
    expect((await slugsFor(target, { q: "wind" })).slugs).toEqual(["c", "a", "b"]);
  });
});
