/** docs/API.md#paging and #sorting ("every order is total, so paging is stable"). */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE, SORT, SORT_EXPECTED } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage, slugsOf } from "../expect.js";

export function pagingSuite(start: StartTarget): void {
  describe("paging (sections 2 and 3)", () => {
    let core: Target;
    let sort: Target;
    beforeAll(async () => {
      [core, sort] = await Promise.all([start(CORE), start(SORT)]);
    });

    it.each([
      [1, 12],
      [5, 3],
      [6, 2],
      [11, 2],
      [12, 1],
      [13, 1],
      [50, 1],
      [100, 1],
    ])("per_page=%i over 12 plugins gives pages = %i", async (perPage, pages) => {
      const body = expectPage(await call(core, pluginsPath({ per_page: String(perPage) })));
      expect(body).toMatchObject({ total: 12, page: 1, perPage, pages });
    });

    it("a page past the last one: 200, plugins [], the requested page echoed, the true total and pages", async () => {
      const body = expectPage(await call(core, "/api/plugins?per_page=5&page=4"));
      expect(body).toEqual({ total: 12, page: 4, perPage: 5, pages: 3, plugins: [] });
      const far = expectPage(await call(core, "/api/plugins?page=1000000"));
      expect(far).toEqual({ total: 12, page: 1_000_000, perPage: 50, pages: 1, plugins: [] });
      const filtered = expectPage(await call(core, "/api/plugins?category=charts&page=2"));
      expect(filtered).toEqual({ total: 5, page: 2, perPage: 50, pages: 1, plugins: [] });
    });

    it("the last page holds the remainder", async () => {
      const body = expectPage(await call(core, "/api/plugins?per_page=5&page=3"));
      expect(slugsOf(body)).toEqual(["lambda", "mu"]);
    });

    for (const order of ["stars", "recent", "name", "downloads"] as const) {
      it(`sort=${order}: the pages at every per_page from 1 to 12 concatenate to the full order`, async () => {
        const expected = [...SORT_EXPECTED[order]];
        for (let perPage = 1; perPage <= 12; perPage++) {
          const seen: string[] = [];
          const pages = Math.ceil(expected.length / perPage);
          for (let page = 1; page <= pages + 1; page++) {
            const body = expectPage(await call(sort, pluginsPath({ sort: order, per_page: String(perPage), page: String(page) })));
            expect(body).toMatchObject({ total: expected.length, page, perPage, pages });
            seen.push(...slugsOf(body));
          }
          expect(seen, `per_page=${perPage}`).toEqual(expected);
        }
      });
    }
  });
}
