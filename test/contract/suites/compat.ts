/**
 * Contract section 12's `compat` (docs/API.md#compat) on every target: which
 * plugins a version keeps, worked out by hand on a small catalog (ranges
 * valid, invalid and missing; a release, a prerelease and dist-tags); its
 * 400s, whose message names the host and its latest version; a catalog
 * without a host, or whose host's versions were never read; and
 * combinations with the other filters and sorts, against the model.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ACCEPTED, COMPAT, COMPAT_GENERATED, COMPAT_UNREAD } from "../../support/compat-catalog.js";
import { modelAnswer, modelFacets, modelHostOf, modelResolve } from "../../support/compat-model.js";
import { CORE } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectBadRequest, expectPage, slugsOf } from "../expect.js";
import { expectFacets, facetsPath } from "./facets.js";

/** COMPAT's slugs each version keeps, in stars order (worked out by hand; docs/API.md#compat). */
const KEPT: Readonly<Record<string, readonly string[]>> = {
  "4.1.2": ["any-host", "needs-four", "three-or-four", "broken-range", "four-one-pre", "null-host"],
  // A prerelease is matched with prereleases included: ^4 and >=4.0.0 take it in, and so does the exact range.
  "4.1.0-beta.1": ["any-host", "needs-four", "three-or-four", "broken-range", "four-one-pre", "null-host", "exact-beta"],
  "3.1.0": ["any-host", "three-only", "three-or-four", "broken-range", "null-host"],
  "1.0.0": ["any-host", "broken-range", "before-two", "null-host"],
};
const LATEST_MESSAGE = "a published version or a dist-tag of acme-host (latest: 4.1.2)";

export function compatSuite(start: StartTarget): void {
  describe("compat (section 12)", () => {
    let target: Target;
    let generated: Target;
    let core: Target;
    let unread: Target;
    beforeAll(async () => {
      [target, generated, core, unread] = await Promise.all([start(COMPAT), start(COMPAT_GENERATED), start(CORE), start(COMPAT_UNREAD)]);
    });
    const slugsFor = async (params: Record<string, string>) => slugsOf(expectPage(await call(target, pluginsPath(params))));

    it.each(Object.entries(KEPT))(
      "compat=%s keeps the plugins whose range includes it, and those without a valid range",
      async (version, kept) => {
        expect(await slugsFor({ compat: version })).toEqual(kept);
      },
    );

    it("a dist-tag stands for its version: the same answer and the same ETag", async () => {
      for (const [tag, version] of [
        ["latest", "4.1.2"],
        ["next", "4.1.0-beta.1"],
        ["old", "1.0.0"],
      ] as const) {
        const [byTag, byVersion] = [await call(target, pluginsPath({ compat: tag })), await call(target, pluginsPath({ compat: version }))];
        expect(slugsOf(expectPage(byTag))).toEqual(KEPT[version]);
        expect(byTag.text).toBe(byVersion.text);
        expect(byTag.headers.get("etag"), tag).toBe(byVersion.headers.get("etag"));
      }
      const other = await call(target, pluginsPath({ compat: "3.1.0" }));
      expect(other.headers.get("etag")).not.toBe((await call(target, pluginsPath({ compat: "4.1.2" }))).headers.get("etag"));
    });

    it("an empty compat is absent", async () => {
      expect((await call(target, pluginsPath({ compat: "" }))).text).toBe((await call(target, "/api/plugins")).text);
    });

    it("combines with the other filters and every sort", async () => {
      expect(await slugsFor({ compat: "4.1.2", category: "CHARTS" })).toEqual(["any-host", "needs-four", "three-or-four"]);
      expect(await slugsFor({ compat: "latest", web: "1" })).toEqual(["any-host", "four-one-pre"]);
      expect(await slugsFor({ compat: "3.1.0", author: "@Alice" })).toEqual(["three-or-four"]);
      expect(await slugsFor({ compat: "4.1.2", q: "wind" })).toEqual(["needs-four", "broken-range"]);
      expect(await slugsFor({ compat: "next", sort: "name" })).toEqual([...KEPT["4.1.0-beta.1"]!].sort());
      expect(await slugsFor({ compat: "1.0.0", sort: "relevance", q: "wind" })).toEqual(["broken-range"]);
      expect(await slugsFor({ compat: "1.0.0", per_page: "2", page: "2" })).toEqual(["before-two", "null-host"]);
    });

    it("/api/facets counts with it, every facet", async () => {
      const facets = expectFacets(await call(target, facetsPath({ compat: "4.1.2" })));
      expect(facets).toEqual({
        total: 6,
        categories: [
          { category: "charts", count: 3 },
          { category: "maps", count: 1 },
        ],
        uncategorized: 2,
        webUi: 2,
      });
      const withCategory = expectFacets(await call(target, facetsPath({ compat: "latest", category: "maps", web: "1" })));
      expect(withCategory).toMatchObject({ total: 0, uncategorized: 1, webUi: 0 });
    });

    it("agrees with the model for every accepted value, combined with filters and sorts", async () => {
      const host = modelHostOf(COMPAT_GENERATED)!;
      for (const [i, compat] of ACCEPTED.entries()) {
        const version = modelResolve(host, compat)!;
        const sort = (["stars", "recent", "name", "downloads"] as const)[i % 4]!;
        const reference = { sort, web: i % 3 === 0, ...(i % 2 === 0 ? { category: "tag5" } : {}) };
        const params = {
          compat,
          sort,
          per_page: "100",
          ...(reference.web ? { web: "1" } : {}),
          ...(i % 2 === 0 ? { category: "tag5" } : {}),
        };
        const body = expectPage(await call(generated, pluginsPath(params)));
        const expected = modelAnswer(COMPAT_GENERATED.plugins, version, { ...reference, perPage: 100 });
        expect({ total: body.total, slugs: slugsOf(body) }, JSON.stringify(params)).toEqual({
          total: expected.total,
          slugs: expected.slugs,
        });
        if (i % 5 === 0) {
          const facets = expectFacets(await call(generated, facetsPath({ compat })));
          expect(facets, compat).toEqual(modelFacets(COMPAT_GENERATED.plugins, version, {}, []));
        }
      }
    });

    describe("400s", () => {
      it.each([
        ["9.9.9", ""],
        ["v4.1.2", ' (did you mean "4.1.2"?)'],
        ["=4.1.2", ' (did you mean "4.1.2"?)'],
        ["LATEST", ' (did you mean "latest"?)'],
        ["4.1", ""],
        ["^4.1.2", ""],
        ["4.1.0-BETA.1", ' (did you mean "4.1.0-beta.1"?)'],
      ])("compat=%s is no version of the host: the message names the host and its latest version", async (value, hint) => {
        for (const path of [pluginsPath({ compat: value }), facetsPath({ compat: value })]) {
          const [error] = expectBadRequest(await call(target, path), ["compat"]);
          expect(error?.message).toBe(`${JSON.stringify(value)} is not a version of acme-host${hint}; accepted: ${LATEST_MESSAGE}`);
        }
      });

      it("lists every problem at once, in the order of the query string", async () => {
        const errors = expectBadRequest(await call(target, "/api/plugins?page=0&compat=nope&sort=Stars"), ["page", "compat", "sort"]);
        expect(errors[1]?.message).toContain(LATEST_MESSAGE);
        expectBadRequest(await call(target, "/api/facets?compat=nope&web=2&page=0"), ["compat", "web"]);
        expectBadRequest(await call(target, "/api/plugins?compat=4.1.2&page=0"), ["page"]);
      });

      it("compat given twice is a 400, its values not checked", async () => {
        const [error] = expectBadRequest(await call(target, "/api/plugins?compat=4.1.2&compat=4.1.2"), ["compat"]);
        expect(error?.message).toMatch(/^given 2 times; give it at most once \(a version the catalog's host has published/);
      });

      it("a catalog without compatibility answers 400 to any compat, saying so", async () => {
        for (const path of [pluginsPath({ compat: "1.0.0" }), facetsPath({ compat: "latest" })]) {
          const [error] = expectBadRequest(await call(core, path), ["compat"]);
          expect(error?.message).toContain("this catalog names no host");
        }
        expectBadRequest(await call(core, "/api/plugins?compat=1.0.0&per_page=0"), ["compat", "per_page"]);
      });

      it("a catalog that never read its host's versions answers as one without compatibility, naming the host", async () => {
        const [error] = expectBadRequest(await call(unread, pluginsPath({ compat: "4.1.2" })), ["compat"]);
        expect(error?.message).toContain("this catalog has not read the versions of acme-host");
      });
    });
  });
}
