/** docs/API.md#http-behaviour: HEAD, OPTIONS, CORS on every response. */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE } from "../../support/fixtures.js";
import { call, headerList } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectCors, expectPage } from "../expect.js";

const COMPARED_HEADERS = ["content-type", "etag", "last-modified", "cache-control", "access-control-allow-origin", "allow"];

export function httpSuite(start: StartTarget): void {
  describe("HTTP behaviour (section 2)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(CORE);
    });

    it.each(["/api/plugins", "/api/plugins?sort=name&per_page=3&page=2", "/api/plugins?q=charts", "/api/plugins?page=0", "/api/nope"])(
      "HEAD %s answers as GET without a body",
      async (path) => {
        const get = await call(target, path);
        const head = await call(target, path, { method: "HEAD" });
        expect(head.status).toBe(get.status);
        expect(head.text).toBe("");
        for (const name of COMPARED_HEADERS) expect(head.headers.get(name), name).toBe(get.headers.get(name));
        const length = head.headers.get("content-length");
        if (length !== null) expect(Number(length)).toBe(new TextEncoder().encode(get.text).length);
      },
    );

    it("OPTIONS (a CORS preflight) answers 204 with preflight headers and no body", async () => {
      const reply = await call(target, "/api/plugins?q=charts", {
        method: "OPTIONS",
        headers: {
          origin: "https://tools.example.com",
          "access-control-request-method": "GET",
          "access-control-request-headers": "if-none-match",
        },
      });
      expect(reply.status).toBe(204);
      expect(reply.text).toBe("");
      expectCors(reply);
      const methods = headerList(reply.headers.get("access-control-allow-methods")).map((m) => m.toUpperCase());
      expect(methods).toEqual(expect.arrayContaining(["GET", "HEAD"]));
      const allowHeaders = headerList(reply.headers.get("access-control-allow-headers")).map((h) => h.toLowerCase());
      expect(
        allowHeaders.includes("*") || allowHeaders.includes("if-none-match"),
        `Access-Control-Allow-Headers: ${String(reply.headers.get("access-control-allow-headers"))}`,
      ).toBe(true);
    });

    it("OPTIONS without preflight headers is still a 204 with CORS", async () => {
      const reply = await call(target, "/api/plugins", { method: "OPTIONS" });
      expect(reply.status).toBe(204);
      expect(reply.text).toBe("");
      expectCors(reply);
    });

    it("every response carries Access-Control-Allow-Origin: * (200, 304, 400, 404, 405, 204)", async () => {
      const ok = await call(target, "/api/plugins");
      expectPage(ok);
      const etag = ok.headers.get("etag") ?? "";
      const replies = await Promise.all([
        call(target, "/api/plugins", { headers: { "if-none-match": etag } }),
        call(target, "/api/plugins?sort=bogus"),
        call(target, "/api/unknown"),
        call(target, "/api/plugins", { method: "DELETE" }),
        call(target, "/api/plugins", { method: "OPTIONS" }),
        call(target, "/api/plugins", { headers: { origin: "https://elsewhere.example" } }),
      ]);
      expect(replies.map((r) => r.status)).toEqual([304, 400, 404, 405, 204, 200]);
      for (const reply of replies) expectCors(reply);
    });
  });
}
