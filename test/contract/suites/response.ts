/** docs/API.md#listing-response: exact keys, order, types, values from the catalog. */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE, CORE_PLUGINS, EMPTY, wireView } from "../../support/fixtures.js";
import { call } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage } from "../expect.js";

export function responseSuite(start: StartTarget): void {
  describe("response 200 (section 2)", () => {
    let target: Target;
    let empty: Target;
    beforeAll(async () => {
      [target, empty] = await Promise.all([start(CORE), start(EMPTY)]);
    });

    it("Content-Type is application/json; charset=utf-8", async () => {
      const reply = await call(target, "/api/plugins");
      expect(reply.headers.get("content-type")?.toLowerCase().replace(/\s+/g, "")).toBe("application/json;charset=utf-8");
    });

    it("the body has exactly total, page, perPage, pages, plugins in this order, and each plugin exactly its 13 keys in order", async () => {
      // expectPage checks the raw text; these queries cover several code paths.
      for (const path of [
        "/api/plugins",
        "/api/plugins?sort=name",
        "/api/plugins?sort=recent&per_page=5&page=3",
        "/api/plugins?q=charts&web=1",
        "/api/plugins?category=charts&author=alice",
      ]) {
        expectPage(await call(target, path));
      }
    });

    it('each plugin shows the catalog\'s values, homepage null when none, "" descriptions and licenses as ""', async () => {
      const body = expectPage(await call(target, "/api/plugins?per_page=100"));
      expect(body.plugins).toEqual(CORE_PLUGINS.map(wireView));
      const gamma = body.plugins.find((p) => p.slug === "gamma-chart");
      expect(gamma?.homepage).toBeNull();
      expect(gamma?.description).toBe("");
      expect(body.plugins.find((p) => p.slug === "delta-ais")?.license).toBe("");
      expect(body.plugins.find((p) => p.slug === "acme~zeta")?.npmName).toBe("@acme/zeta");
    });

    it("totalStars / totalForks are the sums over mirrors; mirror details are not shown", async () => {
      const reply = await call(target, "/api/plugins?per_page=1");
      const body = expectPage(reply);
      expect(body.plugins[0]).toMatchObject({ slug: "alpha-charts", totalStars: 120, totalForks: 12 });
      for (const hidden of ["alice/alpha-charts", "group/sub/alpha-charts", "mirrors", "readme", "creators"]) {
        expect(reply.text).not.toContain(hidden);
      }
    });

    it("no field other than homepage is ever null", async () => {
      const reply = await call(target, "/api/plugins?per_page=100");
      const nulls = [...reply.text.matchAll(/"([^"]+)"\s*:\s*null/g)].map((m) => m[1]);
      expect(new Set(nulls)).toEqual(new Set(["homepage"]));
    });

    it("an empty catalog: total 0, pages 0, plugins []", async () => {
      const body = expectPage(await call(empty, "/api/plugins"));
      expect(body).toEqual({ total: 0, page: 1, perPage: 50, pages: 0, plugins: [] });
    });

    it("a query matching nothing: total 0, pages 0, plugins [], page and perPage echoed", async () => {
      const body = expectPage(await call(target, "/api/plugins?category=no-such-tag&page=3&per_page=7"));
      expect(body).toEqual({ total: 0, page: 3, perPage: 7, pages: 0, plugins: [] });
    });
  });
}
