/** docs/API.md#http-behaviour: strong ETag, If-None-Match → 304, Last-Modified, Cache-Control ≤ 1 hour. */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE, CORE_NEXT_DAY, SINGLE } from "../../support/fixtures.js";
import { call, parseCacheControl, type Reply } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectCors, expectPage } from "../expect.js";

const STRONG_ETAG = /^"[\x21\x23-\x7e\x80-\xff]*"$/;

function etagOf(reply: Reply): string {
  const etag = reply.headers.get("etag");
  expect(etag, "ETag").not.toBeNull();
  return etag ?? "";
}

export function cachingSuite(start: StartTarget): void {
  describe("caching (section 2)", () => {
    let core: Target;
    let next: Target;
    let single: Target;
    beforeAll(async () => {
      [core, next, single] = await Promise.all([start(CORE), start(CORE_NEXT_DAY), start(SINGLE)]);
    });

    describe("ETag", () => {
      it.each(["/api/plugins", "/api/plugins?sort=name&page=2&per_page=3", "/api/plugins?q=charts&web=1", "/api/plugins?page=99"])(
        "%s has a strong ETag, the same on every request",
        async (path) => {
          const first = await call(core, path);
          expectPage(first);
          const etag = etagOf(first);
          expect(etag).toMatch(STRONG_ETAG);
          expect(etag.startsWith("W/")).toBe(false);
          expect(etagOf(await call(core, path))).toBe(etag);
        },
      );

      it("differs between queries with different effective queries, even when the bodies are equal", async () => {
        const paths = [
          "/api/plugins",
          "/api/plugins?sort=name",
          "/api/plugins?sort=recent",
          "/api/plugins?page=2",
          "/api/plugins?page=3",
          "/api/plugins?per_page=10",
          "/api/plugins?per_page=11",
          "/api/plugins?web=1",
          "/api/plugins?category=charts",
          "/api/plugins?author=alice",
          "/api/plugins?q=solo",
          "/api/plugins?q=zzzz",
          "/api/plugins?q=yyyy",
          "/api/plugins?category=nothing",
          "/api/plugins?author=nobody",
        ];
        // SINGLE holds one plugin, so many of these bodies are byte-for-byte the same.
        const etags = await Promise.all(paths.map(async (path) => etagOf(await call(single, path))));
        expect(new Set(etags).size, JSON.stringify(Object.fromEntries(paths.map((p, i) => [p, etags[i]])), null, 2)).toBe(paths.length);
      });

      it.each([
        ["/api/plugins", "/api/plugins?sort=stars&page=1&per_page=50"],
        ["/api/plugins", "/api/plugins?page=01&per_page=050"],
        ["/api/plugins", "/api/plugins?q=&category=&foo=bar"],
        ["/api/plugins?sort=name&page=2&per_page=3", "/api/plugins?per_page=3&page=2&sort=name"],
        ["/api/plugins?category=charts&author=alice", "/api/plugins?author=alice&category=charts"],
      ])("is the same for equivalent queries: %s and %s", async (a, b) => {
        const [replyA, replyB] = await Promise.all([call(core, a), call(core, b)]);
        expect(replyB.text).toBe(replyA.text);
        expect(etagOf(replyB)).toBe(etagOf(replyA));
      });

      it.each(["/api/plugins", "/api/plugins?q=nomatchword", "/api/plugins?category=charts&per_page=1"])(
        "changes when the catalog changes: %s",
        async (path) => {
          const [before, after] = await Promise.all([call(core, path), call(next, path)]);
          expect(etagOf(after)).not.toBe(etagOf(before));
          const stale = await call(next, path, { headers: { "if-none-match": etagOf(before) } });
          expect(stale.status).toBe(200);
          expectPage(stale);
        },
      );
    });

    describe("If-None-Match", () => {
      it("with the current ETag: 304 without a body", async () => {
        const path = "/api/plugins?sort=name&per_page=5";
        const etag = etagOf(await call(core, path));
        const reply = await call(core, path, { headers: { "if-none-match": etag } });
        expect(reply.status).toBe(304);
        expect(reply.text).toBe("");
        expectCors(reply);
        expect(reply.headers.get("etag")).toBe(etag);
        expect(reply.headers.get("cache-control")).not.toBeNull();
      });

      it("a list holding the current ETag, its weak form, or * also give 304", async () => {
        const path = "/api/plugins?q=charts";
        const etag = etagOf(await call(core, path));
        for (const header of [`"other", ${etag}`, `W/${etag}`, "*"]) {
          const reply = await call(core, path, { headers: { "if-none-match": header } });
          expect(reply.status, header).toBe(304);
          expect(reply.text).toBe("");
        }
      });

      it("HEAD with the current ETag: 304", async () => {
        const etag = etagOf(await call(core, "/api/plugins"));
        const reply = await call(core, "/api/plugins", { method: "HEAD", headers: { "if-none-match": etag } });
        expect(reply.status).toBe(304);
      });

      it("another query's ETag or a made-up one: 200 with the body", async () => {
        const other = etagOf(await call(core, "/api/plugins?sort=name"));
        for (const header of [other, '"made-up"', 'W/"made-up"']) {
          const reply = await call(core, "/api/plugins", { headers: { "if-none-match": header } });
          expect(reply.status, header).toBe(200);
          expectPage(reply);
        }
      });
    });

    describe("Last-Modified = when the catalog was built", () => {
      it.each(["/api/plugins", "/api/plugins?sort=recent&page=2&per_page=5", "/api/plugins?q=charts", "/api/plugins?category=charts"])(
        "%s: Last-Modified is the snapshot's generatedAt as an HTTP date",
        async (path) => {
          const [a, b] = await Promise.all([call(core, path), call(next, path)]);
          expect(a.headers.get("last-modified")).toBe(new Date(CORE.generatedAt).toUTCString());
          expect(b.headers.get("last-modified")).toBe(new Date(CORE_NEXT_DAY.generatedAt).toUTCString());
        },
      );
    });

    describe("Cache-Control", () => {
      it.each([
        "/api/plugins",
        "/api/plugins?sort=name&page=2&per_page=3",
        "/api/plugins?q=charts",
        "/api/plugins?author=alice",
        "/api/plugins?page=1000000",
      ])("%s may be cached publicly, for at most an hour including stale-while-revalidate", async (path) => {
        const reply = await call(core, path);
        expectPage(reply);
        const header = reply.headers.get("cache-control");
        const directives = parseCacheControl(header);
        expect(directives.has("public"), `Cache-Control: ${String(header)}`).toBe(true);
        for (const forbidden of ["no-store", "private", "no-cache", "immutable"]) expect(directives.has(forbidden), forbidden).toBe(false);
        const seconds = (name: string): number | undefined => {
          const value = directives.get(name);
          if (value === undefined) return undefined;
          expect(value, name).toMatch(/^\d+$/);
          return Number(value);
        };
        const maxAge = seconds("max-age");
        expect(maxAge, "max-age").toBeDefined();
        const freshest = Math.max(maxAge ?? 0, seconds("s-maxage") ?? 0);
        expect(freshest + (seconds("stale-while-revalidate") ?? 0), `Cache-Control: ${String(header)}`).toBeLessThanOrEqual(3600);
      });
    });
  });
}
