/** docs/API.md#sorting: the three orders and their tie-breaks. */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE, SORT, SORT_EXPECTED } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import { referenceSorted } from "../../support/reference.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage, slugsOf } from "../expect.js";

export function sortingSuite(start: StartTarget): void {
  describe("sorting (section 3)", () => {
    let sort: Target;
    let core: Target;
    beforeAll(async () => {
      [sort, core] = await Promise.all([start(SORT), start(CORE)]);
    });

    it("the hand-worked expectations agree with the contract's comparators (a check of the test itself)", () => {
      for (const order of ["stars", "recent", "name", "downloads"] as const) {
        expect(referenceSorted(SORT.plugins, order).map((p) => p.slug)).toEqual(SORT_EXPECTED[order]);
      }
    });

    it("sort=stars (and the default): totalStars descending, ties by slug ascending in code-unit order", async () => {
      expect(slugsOf(expectPage(await call(sort, "/api/plugins")))).toEqual(SORT_EXPECTED.stars);
      expect(slugsOf(expectPage(await call(sort, "/api/plugins?sort=stars")))).toEqual(SORT_EXPECTED.stars);
    });

    it("sort=recent: updatedAt descending (to the millisecond), ties by slug ascending", async () => {
      expect(slugsOf(expectPage(await call(sort, "/api/plugins?sort=recent")))).toEqual(SORT_EXPECTED.recent);
    });

    it("sort=name: Intl.Collator(en, base, numeric) ascending, ties by slug in code-unit order", async () => {
      const body = expectPage(await call(sort, "/api/plugins?sort=name"));
      expect(slugsOf(body)).toEqual(SORT_EXPECTED.name);
      // Spelled out: "~" < "alpha" < the four names equal under the collator < "Chart 10" < "Éclair" < "Zeta" < Greek < Japanese.
      expect(body.plugins.map((p) => p.name)).toEqual([
        "~",
        "alpha",
        "Chart 02",
        "Chärt 2",
        "chart 2",
        "Chart 2",
        "Chart 10",
        "Éclair",
        "Zeta",
        "Δέλτα",
        "日本",
      ]);
    });

    it("each order over a second catalog matches the reference comparators", async () => {
      for (const order of ["stars", "recent", "name", "downloads"] as const) {
        const body = expectPage(await call(core, pluginsPath({ sort: order, per_page: "100" })));
        expect(slugsOf(body), order).toEqual(referenceSorted(CORE.plugins, order).map((p) => p.slug));
      }
    });

    it("a page is a slice of the sort order", async () => {
      const body = expectPage(await call(sort, "/api/plugins?sort=name&per_page=3&page=2"));
      expect(slugsOf(body)).toEqual(SORT_EXPECTED.name.slice(3, 6));
    });
  });
}
