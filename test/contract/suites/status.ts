/**
 * `GET /api/status` (docs/API.md#status): the catalog's build time and, per
 * upstream, when it was last read, how many items it covers and how many of
 * them carry an earlier build's data; no parameters; the HTTP behaviour of
 * every API answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE, CORE_NEXT_DAY, makePlugin, makeSnapshot } from "../../support/fixtures.js";
import { call, headerList, parseMediaType, type Reply } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectCors, expectProblem } from "../expect.js";
import { expectHeadAsGet } from "../head-as-get.js";

const BUILT_AT = "2025-03-04T02:00:00.000Z";
const TWO_DAYS_AGO = "2025-03-02T02:00:00.000Z";
const THREE_DAYS_AGO = "2025-03-01T02:00:00.000Z";

/**
 * Fresh and stale mirrors on both platforms, one repository named by two
 * plugins in two casings, a mirror never read, and packages whose record was
 * kept after a failed read.
 */
const STATUS_CATALOG = makeSnapshot(
  [
    makePlugin({
      npmName: "fresh",
      mirrors: [
        { platform: "github", path: "alice/shared", stars: 5, forks: 1, checkedAt: BUILT_AT },
        { platform: "gitlab", path: "group/sub/fresh", stars: 2, forks: 0, checkedAt: TWO_DAYS_AGO },
      ],
      registry: { fetchedAt: "2025-03-04T01:30:00.000Z" },
    }),
    makePlugin({
      npmName: "kept",
      mirrors: [
        { platform: "github", path: "Alice/Shared", stars: 5, forks: 1, checkedAt: BUILT_AT },
        { platform: "github", path: "bob/kept", stars: 9, forks: 3, checkedAt: THREE_DAYS_AGO },
      ],
      registry: { fetchedAt: "2025-02-20T10:00:00.000Z", stale: true },
    }),
    makePlugin({
      npmName: "never-read",
      mirrors: [{ platform: "github", path: "carol/never-read", stars: 0, forks: 0 }],
      registry: { fetchedAt: "2025-02-25T10:00:00.000Z", stale: true },
    }),
    makePlugin({ npmName: "no-mirrors" }),
  ],
  BUILT_AT,
);

const ENDPOINTS = ["/api/plugins", "/api/facets", "/api/status", "/api/catalog.json", "/api/openapi.json"];
const STATUS_KEYS = ["builtAt", "plugins", "sources"];
/** The headers a 200 shares with one of /api/plugins. */
const SHARED_HEADERS = ["content-type", "cache-control", "last-modified", "access-control-allow-origin", "access-control-expose-headers"];
const SOURCE_KEYS = ["readAt", "items", "stale", "staleSince"];

interface StatusBody {
  builtAt: string;
  plugins: number;
  sources: Record<"npm" | "github" | "gitlab", { readAt: string | null; items: number; stale: number; staleSince: string | null }>;
}

export function expectStatus(reply: Reply): StatusBody {
  expect(reply.status, reply.text.slice(0, 500)).toBe(200);
  expectCors(reply);
  expect(parseMediaType(reply.headers.get("content-type"))?.type).toBe("application/json");
  const body = JSON.parse(reply.text) as StatusBody;
  expect(reply.text, "compact JSON").toBe(JSON.stringify(body));
  expect(Object.keys(body)).toEqual(STATUS_KEYS);
  expect(Object.keys(body.sources)).toEqual(["npm", "github", "gitlab"]);
  for (const source of Object.values(body.sources)) expect(Object.keys(source)).toEqual(SOURCE_KEYS);
  return body;
}

export function statusSuite(start: StartTarget): void {
  describe("GET /api/status", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(STATUS_CATALOG);
    });

    it("says when each upstream was read, what it covers and how much of it is an earlier build's", async () => {
      expect(expectStatus(await call(target, "/api/status"))).toEqual({
        builtAt: BUILT_AT,
        plugins: 4,
        sources: {
          npm: { readAt: BUILT_AT, items: 4, stale: 2, staleSince: "2025-02-20T10:00:00.000Z" },
          github: { readAt: BUILT_AT, items: 3, stale: 1, staleSince: THREE_DAYS_AGO },
          gitlab: { readAt: TWO_DAYS_AGO, items: 1, stale: 1, staleSince: TWO_DAYS_AGO },
        },
      });
    });

    it("has null times for an upstream never read, and builtAt = Last-Modified", async () => {
      const reply = await call(await start(CORE), "/api/status");
      const body = expectStatus(reply);
      expect(body.builtAt).toBe(CORE.generatedAt);
      expect(reply.headers.get("last-modified")).toBe(new Date(body.builtAt).toUTCString());
      expect(body.plugins).toBe(CORE.plugins.length);
      expect(body.sources.npm).toEqual({ readAt: CORE.generatedAt, items: CORE.plugins.length, stale: 0, staleSince: null });
      expect(body.sources.gitlab).toEqual({ readAt: null, items: 1, stale: 0, staleSince: null });
    });

    it("ignores every parameter, even invalid or repeated: same body, same ETag", async () => {
      const plain = await call(target, "/api/status");
      const noisy = await call(target, "/api/status?q=a&q=b&page=0&sort=Stars&web=2&x=1");
      expect(noisy.status).toBe(200);
      expect(noisy.text).toBe(plain.text);
      expect(noisy.headers.get("etag")).toBe(plain.headers.get("etag"));
    });

    it("has the caching and CORS headers of /api/plugins, a strong ETag that changes with the catalog, and 304s", async () => {
      const [status, plugins] = await Promise.all([call(target, "/api/status"), call(target, "/api/plugins")]);
      for (const name of SHARED_HEADERS) expect(status.headers.get(name), name).toBe(plugins.headers.get(name));
      const etag = status.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[^"]+"$/);
      const [before, after] = await Promise.all([call(await start(CORE), "/api/status"), call(await start(CORE_NEXT_DAY), "/api/status")]);
      expect(new Set([etag, before.headers.get("etag"), after.headers.get("etag")]).size).toBe(3);
      const notModified = await call(target, "/api/status", { headers: { "if-none-match": etag } });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe("");
      expectCors(notModified);
      const sinceBuilt = await call(target, "/api/status", { headers: { "if-modified-since": new Date(BUILT_AT).toUTCString() } });
      expect(sinceBuilt.status).toBe(304);
    });

    it("neighbouring paths are 404s whose detail names every endpoint", async () => {
      for (const path of ["/api/status/", "/api/Status", "/api/catalog", "/api/facet", "/api/catalog.json/x"]) {
        const detail = expectProblem(await call(target, path), 404).detail;
        for (const endpoint of ENDPOINTS) expect(detail, path).toContain(endpoint);
      }
    });

    it("HEAD answers as GET without a body; OPTIONS is a preflight; other methods 405", async () => {
      const [get, head] = await Promise.all([call(target, "/api/status"), call(target, "/api/status", { method: "HEAD" })]);
      expect(get.status).toBe(200);
      expectHeadAsGet(get, head);
      const preflight = await call(target, "/api/status", { method: "OPTIONS" });
      expect(preflight.status).toBe(204);
      expectCors(preflight);
      const put = await call(target, "/api/status", { method: "PUT" });
      expect(put.status).toBe(405);
      expect(headerList(put.headers.get("allow"))).toEqual(["GET", "HEAD", "OPTIONS"]);
    });
  });
}
