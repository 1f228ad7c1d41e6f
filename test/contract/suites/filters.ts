/** docs/API.md#listing-plugins: category, author, web, and filters combining with AND. */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE, CORE_PLUGINS } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import { referenceAnswer } from "../../support/reference.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage, slugsOf } from "../expect.js";

export function filtersSuite(start: StartTarget): void {
  describe("filters (section 2)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(CORE);
    });
    const slugsFor = async (params: Record<string, string>): Promise<string[]> =>
      slugsOf(expectPage(await call(target, pluginsPath({ per_page: "100", ...params }))));

    describe("category: keep plugins that have this tag (case-insensitive, exact)", () => {
      it.each([
        ["charts", ["alpha-charts", "beta-maps", "acme~zeta", "kappa", "mu"]],
        ["CHARTS", ["alpha-charts", "beta-maps", "acme~zeta", "kappa", "mu"]],
        ["cHaRtS", ["alpha-charts", "beta-maps", "acme~zeta", "kappa", "mu"]],
        ["chart", ["gamma-chart"]],
        ["charting", ["epsilon"]],
        ["art", ["theta"]],
        ["char", []],
        ["hart", []],
        ["charts,ais", []],
        ["charts ais", []],
        [" charts", []],
        ["charts ", []],
        ["ais", ["alpha-charts", "delta-ais", "lambda"]],
        ["ärger", ["delta-ais", "eta"]],
        ["ÄRGER", ["delta-ais", "eta"]],
        ["arger", []],
        ["maps", ["beta-maps"]],
      ] as const)("category=%j → %j", async (category, expected) => {
        expect(await slugsFor({ category })).toEqual(expected);
      });
    });

    describe("author: one of the creator logins equals this (case-insensitive, exact; one leading @ ignored)", () => {
      it.each([
        ["alice", ["alpha-charts", "gamma-chart", "kappa", "lambda"]],
        ["ALICE", ["alpha-charts", "gamma-chart", "kappa", "lambda"]],
        ["@alice", ["alpha-charts", "gamma-chart", "kappa", "lambda"]],
        ["@Alice", ["alpha-charts", "gamma-chart", "kappa", "lambda"]],
        ["@@alice", []],
        ["ali", []],
        ["alice-", []],
        ["alice2", ["acme~zeta"]],
        ["alice-cooper", ["theta"]],
        ["bob-smith", ["alpha-charts", "eta"]],
        ["smith", []],
        ["carol", ["beta-maps", "lambda"]],
        ["odd", ["delta-ais"]],
        ["@odd", ["delta-ais"]],
        ["@@odd", ["epsilon"]],
        ["@@@odd", []],
        [" alice", []],
        ["maintainer", []],
      ] as const)("author=%j → %j", async (author, expected) => {
        expect(await slugsFor({ author })).toEqual(expected);
      });
    });

    describe("web=1: keep only plugins with hasWebUi", () => {
      it("returns exactly the web UI plugins", async () => {
        expect(await slugsFor({ web: "1" })).toEqual(CORE_PLUGINS.filter((p) => p.hasWebUi).map((p) => p.slug));
      });
    });

    describe("filters combine: every filter given must hold", () => {
      it.each([
        [{ category: "charts", web: "1" }, ["alpha-charts"]],
        [{ category: "ais", author: "carol" }, ["lambda"]],
        [{ category: "charts", author: "@ALICE" }, ["alpha-charts", "kappa"]],
        [{ web: "1", author: "alice" }, ["alpha-charts", "gamma-chart", "lambda"]],
        [{ web: "1", author: "alice", category: "ais" }, ["alpha-charts", "lambda"]],
        [{ web: "1", category: "maps" }, []],
        [{ q: "charts", category: "maps" }, ["beta-maps"]],
        [{ q: "charts", web: "1" }, ["alpha-charts", "gamma-chart"]],
        [{ q: "charts", author: "carol", category: "maps", web: "1" }, []],
      ] as const)("%j → %j", async (params, expected) => {
        expect(await slugsFor(params)).toEqual(expected);
      });

      it("agrees with the reference model for every combination of a few values", async () => {
        for (const category of ["", "charts", "ais", "ärger"]) {
          for (const author of ["", "alice", "@carol", "odd"]) {
            for (const web of ["", "1"]) {
              for (const sort of ["stars", "name", "recent"] as const) {
                const params = { category, author, web, sort, per_page: "100" };
                const body = expectPage(await call(target, pluginsPath(params)));
                const expected = referenceAnswer(CORE.plugins, { category, author, web: web === "1", sort, perPage: 100 });
                expect(slugsOf(body), JSON.stringify(params)).toEqual(expected.slugs);
                expect(body.total).toBe(expected.total);
              }
            }
          }
        }
      });
    });
  });
}
