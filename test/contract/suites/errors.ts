/** docs/API.md#errors: problem+json for 400, 404, 405 (503 has its own file: it needs a broken catalog). */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE } from "../../support/fixtures.js";
import { call, headerList } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectBadRequest, expectProblem } from "../expect.js";

export function errorsSuite(start: StartTarget): void {
  describe("errors (section 2)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(CORE);
    });

    it("a 400 is problem+json: type about:blank, title Bad Request, status 400, detail, errors", async () => {
      const reply = await call(target, "/api/plugins?page=0");
      const problem = expectProblem(reply, 400);
      expect(problem.errors).toHaveLength(1);
      expectBadRequest(reply, ["page"]);
    });

    it("a 400 never echoes the input as markup", async () => {
      const reply = await call(target, `/api/plugins?sort=${encodeURIComponent("<script>alert(1)</script>")}`);
      expectBadRequest(reply, ["sort"]);
      expect(reply.headers.get("content-type")).not.toMatch(/html/i);
    });

    it.each([
      "/api/nope",
      "/api/plugins/",
      "/api/plugins/alpha-charts/",
      "/api/plugins/no-such-plugin",
      "/api/Plugins",
      "/api/plugins/page/2",
      "/api/nope?page=0",
      "/api/v1/plugins",
    ])("GET %s is a 404 problem", async (path) => {
      expectProblem(await call(target, path), 404);
    });

    it.each(["POST", "PUT", "DELETE", "PATCH"])("%s /api/plugins is a 405 problem with Allow: GET, HEAD, OPTIONS", async (method) => {
      const reply = await call(target, "/api/plugins", {
        method,
        ...(method === "DELETE" ? {} : { body: "{}", headers: { "content-type": "application/json" } }),
      });
      expectProblem(reply, 405);
      const allowed = headerList(reply.headers.get("allow")).map((m) => m.toUpperCase());
      expect(allowed).toEqual(expect.arrayContaining(["GET", "HEAD", "OPTIONS"]));
      expect(allowed).not.toContain(method);
    });

    it("405 takes precedence over parameter validation", async () => {
      expectProblem(await call(target, "/api/plugins?page=0", { method: "POST" }), 405);
    });
  });
}
