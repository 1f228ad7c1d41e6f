/** Sections 2–4 over a catalog of 1,200 plugins: pages across every page of each order, searches across the whole vocabulary. */
import { beforeAll, describe, expect, it } from "vitest";
import { call, pluginsPath } from "../../support/http.js";
import { LARGE } from "../../support/large-catalog.js";
import { type ReferenceQuery, referenceAnswer } from "../../support/reference.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage, slugsOf } from "../expect.js";

export function scaleSuite(start: StartTarget): void {
  describe(`a catalog of ${LARGE.snapshot.plugins.length} plugins`, () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(LARGE.snapshot);
    }, 120_000);

    const check = async (params: Record<string, string>, reference: ReferenceQuery): Promise<void> => {
      const body = expectPage(await call(target, pluginsPath(params)));
      const expected = referenceAnswer(LARGE.snapshot.plugins, reference);
      expect(
        { total: body.total, pages: body.pages, page: body.page, perPage: body.perPage, slugs: slugsOf(body) },
        JSON.stringify(params),
      ).toEqual(expected);
    };

    it("every page of every order at per_page 100 and 50 (the default), and pages of 7 around each hundred", async () => {
      const total = LARGE.snapshot.plugins.length;
      for (const sort of ["stars", "recent", "name", "downloads"] as const) {
        for (const perPage of [100, 50]) {
          for (let page = 1; page <= Math.ceil(total / perPage) + 1; page++) {
            await check({ sort, per_page: String(perPage), page: String(page) }, { sort, perPage, page });
          }
        }
        for (let page = 14; page <= 16; page++) await check({ sort, per_page: "7", page: String(page) }, { sort, perPage: 7, page });
      }
    }, 60_000);

    it("searches spread over the vocabulary, alone and with filters", async () => {
      const sorted = [...LARGE.vocabulary].sort();
      const step = Math.max(1, Math.floor(sorted.length / 60));
      for (let i = 0; i < sorted.length; i += step) {
        const word = sorted[i] ?? "";
        const prefix = [...word].slice(0, 2).join("");
        await check({ q: word, per_page: "100" }, { q: word, perPage: 100 });
        await check({ q: `${word} ${prefix}`, sort: "name", per_page: "100" }, { q: `${word} ${prefix}`, sort: "name", perPage: 100 });
        const tag = LARGE.tags[i % LARGE.tags.length] ?? "";
        await check(
          { q: prefix, category: tag, web: "1", sort: "recent", per_page: "100" },
          { q: prefix, category: tag, web: true, sort: "recent", perPage: 100 },
        );
      }
    }, 60_000);
  });
}
