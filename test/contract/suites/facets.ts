/**
 * `GET /api/facets` (docs/API.md#facets): counts for a filter sidebar, each
 * facet without its own filter, checked by hand on a small catalog and
 * against the reference model for random filters; only the filters are
 * validated; the HTTP behaviour of every API answer.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogSnapshot } from "../../../src/snapshot/schema.js";
import { catalogArbitrary, queryArbitrary } from "../../support/arbitraries.js";
import { CORE, CORE_NEXT_DAY, EMPTY } from "../../support/fixtures.js";
import { call, headerList, parseMediaType, pluginsPath, type Reply } from "../../support/http.js";
import { type ReferenceFacets, referenceFacets } from "../../support/reference.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectBadRequest, expectCors, expectPage } from "../expect.js";
import { expectHeadAsGet } from "../head-as-get.js";

export const FACET_KEYS = ["total", "categories", "uncategorized", "webUi"] as const;

/** A snapshot as a fetch with this configuration's `categories` writes it. */
export function withCategories(snapshot: CatalogSnapshot, categories: readonly string[]): CatalogSnapshot {
  return { ...snapshot, categories: [...categories] };
}

/** Spelt unlike the tags, one no plugin has, and a tag ("chart") that is a prefix of another. */
const CORE_CATEGORIES = ["Charts", "AIS", "maps", "none-has-this"];
const CORE_CATEGORIZED = withCategories(CORE, CORE_CATEGORIES);

const GENERATED_CATEGORIES = ["Charts", "ais", "MAPS", "Ärger", "chart", "nothing-tagged"];
/** Random plugins with the arbitraries' tags in every case, drawn once so that every runtime builds the same catalog. */
const GENERATED = withCategories(fc.sample(catalogArbitrary(60, 45), { seed: 8, numRuns: 1 })[0]!, GENERATED_CATEGORIES);

/** Parameters /api/facets must ignore, whatever their values. */
const IGNORED: ReadonlyArray<readonly [string, string]> = [
  ["sort", "Stars"],
  ["page", "0"],
  ["page", "x"],
  ["per_page", "101"],
  ["per_page", "-1"],
  ["foo", "bar"],
];

export function facetsPath(params: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]> = {}): string {
  return pluginsPath(params).replace("/api/plugins", "/api/facets");
}

/** A 200 whose body has the facets' keys in order, written as `JSON.stringify` writes it. */
export function expectFacets(reply: Reply): ReferenceFacets {
  expect(reply.status, reply.text.slice(0, 500)).toBe(200);
  expectCors(reply);
  const media = parseMediaType(reply.headers.get("content-type"));
  expect(media?.type, "Content-Type").toBe("application/json");
  expect(media?.params.get("charset")?.toLowerCase(), "charset").toBe("utf-8");
  const body = JSON.parse(reply.text) as ReferenceFacets;
  expect(reply.text, "compact JSON").toBe(JSON.stringify(body));
  expect(Object.keys(body)).toEqual([...FACET_KEYS]);
  for (const entry of body.categories) expect(Object.keys(entry)).toEqual(["category", "count"]);
  return body;
}

/** CORE_CATEGORIZED's facets: `counts` by CORE_CATEGORIES, in configuration order and spelling. */
function coreFacets(total: number, counts: readonly number[], uncategorized: number, webUi: number) {
  return { total, categories: CORE_CATEGORIES.map((category, i) => ({ category, count: counts[i] })), uncategorized, webUi };
}

export function facetsSuite(start: StartTarget): void {
  describe("GET /api/facets", () => {
    let core: Target;
    let generated: Target;
    beforeAll(async () => {
      [core, generated] = await Promise.all([start(CORE_CATEGORIZED), start(GENERATED)]);
    });

    it("counts each configured category in configuration order, zeros included, spelt as configured", async () => {
      expect(expectFacets(await call(core, "/api/facets"))).toEqual(coreFacets(12, [5, 3, 1, 0], 5, 6));
    });

    it("each facet leaves out its own filter: categories ignore category, webUi ignores web", async () => {
      expect(expectFacets(await call(core, facetsPath({ category: "charts", web: "1" })))).toEqual(coreFacets(1, [1, 2, 0, 0], 4, 1));
      const byAuthor = expectFacets(await call(core, facetsPath({ author: "@ALICE", web: "1" })));
      expect(byAuthor).toMatchObject({ total: 3, uncategorized: 1, webUi: 3 });
      expect(byAuthor.categories.map((c) => c.count)).toEqual([1, 2, 0, 0]);
    });

    it("agrees with the reference for random filters, and its total is /api/plugins' total", async () => {
      const noise = fc.subarray([...IGNORED]);
      await fc.assert(
        fc.asyncProperty(queryArbitrary(0.5), noise, async (query, ignored) => {
          const body = expectFacets(await call(generated, facetsPath([...Object.entries(query.params), ...ignored])));
          const label = JSON.stringify(query.params);
          expect(body, label).toEqual(referenceFacets(GENERATED.plugins, query.reference, GENERATED_CATEGORIES));
          expect(body.total, label).toBe(expectPage(await call(generated, pluginsPath(query.params))).total);
        }),
        { numRuns: 40 },
      );
    }, 60_000);

    it("a q with no term left gives zeros everywhere", async () => {
      const body = expectFacets(await call(core, facetsPath({ q: "the", web: "1" })));
      const zeros = CORE_CATEGORIES.map((category) => ({ category, count: 0 }));
      expect(body).toEqual({ total: 0, categories: zeros, uncategorized: 0, webUi: 0 });
    });

    it("a catalog built without categories: an empty list, every match uncategorized", async () => {
      const uncategorized = expectFacets(await call(await start(CORE), facetsPath({ q: "charts" })));
      expect(uncategorized.categories).toEqual([]);
      expect(uncategorized.total).toBeGreaterThan(0);
      expect(uncategorized.uncategorized).toBe(uncategorized.total);
      expect((await call(await start(EMPTY), "/api/facets")).text).toBe('{"total":0,"categories":[],"uncategorized":0,"webUi":0}');
    });

    it("ignores sort, page and per_page, even invalid or repeated, and unknown parameters: same body, same ETag", async () => {
      const plain = await call(core, facetsPath({ q: "charts", web: "1" }));
      const noisy = await call(core, facetsPath([["q", "charts"], ...IGNORED, ["web", "1"]]));
      expect(noisy.status).toBe(200);
      expect(noisy.text).toBe(plain.text);
      expect(noisy.headers.get("etag")).toBe(plain.headers.get("etag"));
    });

    it("validates q, category, author and web as /api/plugins does, every problem at once, nothing else", async () => {
      const filters: Array<[string, string]> = [
        ["q", "a"],
        ["q", "b"],
        ["web", "yes"],
        ["category", "x".repeat(257)],
        ["author", "é".repeat(257)],
      ];
      const named = ["q", "web", "category", "author"];
      const facets = expectBadRequest(await call(core, facetsPath([["sort", "Stars"], ...filters, ["page", "0"]])), named);
      const plugins = expectBadRequest(await call(core, pluginsPath(filters)), named);
      expect(facets).toEqual(plugins);
      expectBadRequest(
        await call(
          core,
          facetsPath([
            ["web", ""],
            ["web", ""],
          ]),
        ),
        ["web"],
      );
    });

    it("shares an ETag between equivalent filters, and not between different ones", async () => {
      const etag = async (path: string) => (await call(core, path)).headers.get("etag");
      const same = await etag(facetsPath({ category: "CHARTS", author: "@Alice", q: "Charts" }));
      expect(same).toMatch(/^"[^"]+"$/);
      expect(await etag(facetsPath({ q: "charts", author: "alice", category: "charts", sort: "name" }))).toBe(same);
      const others = await Promise.all([{}, { web: "1" }, { category: "ais" }, { q: "maps" }].map((params) => etag(facetsPath(params))));
      expect(new Set([same, ...others]).size).toBe(5);
    });

    it("changes its ETag when the catalog changes", async () => {
      const [before, after] = await Promise.all([call(await start(CORE), "/api/facets"), call(await start(CORE_NEXT_DAY), "/api/facets")]);
      expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    });

    it("has the caching and CORS headers of /api/plugins; If-None-Match gets a 304", async () => {
      const [facets, plugins] = await Promise.all([call(core, "/api/facets"), call(core, "/api/plugins")]);
      for (const name of ["cache-control", "last-modified", "access-control-allow-origin", "access-control-expose-headers"]) {
        expect(facets.headers.get(name), name).toBe(plugins.headers.get(name));
      }
      const etag = facets.headers.get("etag") ?? "";
      const notModified = await call(core, "/api/facets?foo=1", { headers: { "if-none-match": `"other", W/${etag}` } });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe("");
      expect(notModified.headers.get("etag")).toBe(etag);
      expectCors(notModified);
    });

    it("HEAD answers as GET without a body, 400s included; OPTIONS is a preflight; other methods 405", async () => {
      for (const path of [facetsPath({ q: "charts" }), facetsPath({ web: "2" })]) {
        const [get, head] = await Promise.all([call(core, path), call(core, path, { method: "HEAD" })]);
        expectHeadAsGet(get, head);
      }
      const preflight = await call(core, facetsPath({ web: "2" }), {
        method: "OPTIONS",
        headers: { "access-control-request-headers": "if-none-match" },
      });
      expect(preflight.status).toBe(204);
      expectCors(preflight);
      expect(headerList(preflight.headers.get("access-control-allow-methods"))).toEqual(["GET", "HEAD", "OPTIONS"]);
      const post = await call(core, "/api/facets", { method: "POST" });
      expect(post.status).toBe(405);
      expect(headerList(post.headers.get("allow"))).toEqual(["GET", "HEAD", "OPTIONS"]);
    });
  });
}
