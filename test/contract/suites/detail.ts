/**
 * `GET /api/plugins/{slug}` (contract section 11, docs/API.md#one-plugin): the body is the independent model's to the
 * byte, the Plugin's part is the listing's record, the slug is percent-decoded, and the HTTP rules of section 2
 * hold: ETag and 304s, Last-Modified, Cache-Control, CORS, HEAD, OPTIONS, 405, and 404 problems for every path that
 * names no plugin of the build.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SnapshotPlugin } from "../../../src/snapshot/schema.js";
import { DETAIL_KEYS, modelDetailJson } from "../../support/detail-model.js";
import { CORE, CORE_NEXT_DAY, makePlugin, makeSnapshot, PLUGIN_KEYS } from "../../support/fixtures.js";
import { call, headerList, parseMediaType, type Reply } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectCors, expectPage, expectProblem } from "../expect.js";
import { expectHeadAsGet } from "../head-as-get.js";

const BUILT_AT = "2026-11-20T02:00:00.000Z";
const DAY = 86_400_000;
const daysBefore = (days: number): string => new Date(Date.parse(BUILT_AT) - days * DAY).toISOString();

/** Two slugs of one 32-bit FNV-1a hash; only the first is in the catalog. */
const SAME_HASH = ["plugin-9vlf", "plugin-apdh"] as const;

const DETAIL_PLUGINS: readonly SnapshotPlugin[] = [
  makePlugin({
    npmName: "@acme/wind",
    name: "Wind — Ünïcödé 😀",
    description: "Wind instruments",
    license: "MIT OR Apache-2.0",
    tags: ["wind", "charts"],
    readme: "# Wind\r\n\r\nMeasures wind 😀 and\u0007 more.\n",
    updatedAt: daysBefore(1095),
    mirrors: [
      {
        platform: "github",
        path: "acme/wind",
        stars: 40,
        forks: 4,
        url: "https://github.com/Acme/Wind",
        openIssues: 3,
        pushedAt: daysBefore(2),
        defaultBranch: "main",
      },
      { platform: "gitlab", path: "acme/sub/wind", stars: 2, forks: 0, archived: true },
    ],
    downloads: {
      lastWeek: 100,
      lastMonth: 400,
      weekly: [
        { date: "2026-11-13", count: 90 },
        { date: "2026-11-20", count: 100 },
      ],
    },
    dependents: 7,
    version: "1.2.0",
    releases: {
      count: 3,
      recent: [
        { version: "1.2.0", publishedAt: daysBefore(1095) },
        { version: "1.1.0", publishedAt: daysBefore(1200) },
        { version: "1.0.0", publishedAt: daysBefore(1400) },
      ],
      times: [],
    },
    engines: { node: ">=20", host: "^2.0.0" },
    trust: { provenance: true, installScripts: false },
  }),
  makePlugin({
    npmName: "archived-only",
    license: "SEE LICENSE IN LICENSE",
    readme: `${"word ".repeat(13_107)}😀😀 end`,
    readmeCut: true,
    mirrors: [{ platform: "github", path: "old/archived-only", stars: 40, forks: 0, archived: true }],
    downloads: { lastWeek: 1, lastMonth: 400, weekly: [] },
    // Dated after the build, on the build, exactly a year before it, and just before that: two count for lastYear.
    releases: {
      count: 5,
      recent: [{ version: "2.0.0", publishedAt: daysBefore(-1) }],
      times: [daysBefore(-1), daysBefore(0), daysBefore(365), new Date(Date.parse(daysBefore(365)) - 1).toISOString()],
    },
    trust: { provenance: false, installScripts: true },
  }),
  makePlugin({ npmName: SAME_HASH[0], totalStars: 1, updatedAt: "2027-01-01T00:00:00.000Z", dependents: 7 }),
  makePlugin({ npmName: "plain", license: "" }),
];
export const DETAIL_CATALOG = makeSnapshot(DETAIL_PLUGINS, BUILT_AT);

const pathOf = (slug: string): string => `/api/plugins/${slug}`;

function expectDetail(reply: Reply): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 500)).toBe(200);
  expectCors(reply);
  const media = parseMediaType(reply.headers.get("content-type"));
  expect(media?.type).toBe("application/json");
  expect(media?.params.get("charset")?.toLowerCase()).toBe("utf-8");
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual([...PLUGIN_KEYS, ...DETAIL_KEYS]);
  return body;
}

export function detailSuite(start: StartTarget): void {
  describe("GET /api/plugins/{slug} (section 11)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(DETAIL_CATALOG);
    });

    it("answers every plugin with the model's body, byte for byte", async () => {
      for (const plugin of DETAIL_PLUGINS) {
        const reply = await call(target, pathOf(plugin.slug));
        expectDetail(reply);
        expect(reply.text, plugin.slug).toBe(modelDetailJson(plugin, { plugins: DETAIL_PLUGINS, builtAt: BUILT_AT }));
      }
    });

    it("scores docs/API.md's worked example as the document does: popularity 79, maintenance 13, quality 100, total 61", async () => {
      const body = expectDetail(await call(target, pathOf("acme~wind")));
      expect(body["score"]).toEqual({ total: 61, popularity: 79, maintenance: 13, quality: 100 });
      const archived = expectDetail(await call(target, pathOf("archived-only")));
      expect(archived["score"]).toMatchObject({ maintenance: 0, quality: 50 });
      expect(archived["releases"]).toMatchObject({ count: 5, lastYear: 2 });
    });

    it("starts with the listing's record of the plugin, the same bytes", async () => {
      const listing = expectPage(await call(target, "/api/plugins?per_page=100"));
      for (const record of listing.plugins) {
        const detail = await call(target, pathOf(record.slug));
        const recordJson = JSON.stringify(record);
        expect(detail.text.startsWith(`${recordJson.slice(0, -1)},"readme":`), record.slug).toBe(true);
      }
    });

    it("percent-decodes the slug: ~ as itself, %7E or %7e, any character escaped, the same answer and ETag", async () => {
      const plain = await call(target, pathOf("acme~wind"));
      expectDetail(plain);
      for (const spelling of ["acme%7Ewind", "acme%7ewind", "%61%63%6d%65%7e%77%69%6e%64"]) {
        const reply = await call(target, pathOf(spelling));
        expect(reply.status, spelling).toBe(200);
        expect(reply.text, spelling).toBe(plain.text);
        expect(reply.headers.get("etag"), spelling).toBe(plain.headers.get("etag"));
      }
    });

    it("ignores any query string: same body, same ETag", async () => {
      const [plain, noisy] = await Promise.all([call(target, pathOf("plain")), call(target, `${pathOf("plain")}?page=0&q=x&q=y`)]);
      expect(noisy.status).toBe(200);
      expect(noisy.text).toBe(plain.text);
      expect(noisy.headers.get("etag")).toBe(plain.headers.get("etag"));
    });

    it("has the headers of /api/plugins, a strong ETag per plugin and build, and 304s", async () => {
      const [detail, listing] = await Promise.all([call(target, pathOf("plain")), call(target, "/api/plugins")]);
      for (const name of ["content-type", "cache-control", "last-modified", "access-control-allow-origin", "access-control-expose-headers"])
        expect(detail.headers.get(name), name).toBe(listing.headers.get(name));
      const etag = detail.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[^"]+"$/);
      const other = await call(target, pathOf("archived-only"));
      expect(other.headers.get("etag")).not.toBe(etag);
      const [before, after] = await Promise.all([call(await start(CORE), pathOf("mu")), call(await start(CORE_NEXT_DAY), pathOf("mu"))]);
      expect(before.headers.get("etag")).not.toBe(after.headers.get("etag"));
      const notModified = await call(target, pathOf("plain"), { headers: { "if-none-match": etag } });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe("");
      expect(notModified.headers.get("etag")).toBe(etag);
      expectCors(notModified);
      const since = await call(target, pathOf("plain"), { headers: { "if-modified-since": new Date(BUILT_AT).toUTCString() } });
      expect(since.status).toBe(304);
      expect((await call(target, pathOf("plain"), { headers: { "if-none-match": '"other"' } })).status).toBe(200);
    });

    it("HEAD answers as GET without a body; OPTIONS is a preflight; other methods 405 with Allow", async () => {
      const [get, head] = await Promise.all([call(target, pathOf("acme~wind")), call(target, pathOf("acme~wind"), { method: "HEAD" })]);
      expect(get.status).toBe(200);
      expectHeadAsGet(get, head);
      const preflight = await call(target, pathOf("acme~wind"), { method: "OPTIONS", headers: { "access-control-request-method": "GET" } });
      expect(preflight.status).toBe(204);
      expectCors(preflight);
      for (const method of ["POST", "PUT", "DELETE"]) {
        const reply = await call(target, pathOf("acme~wind"), { method });
        expectProblem(reply, 405);
        expect(headerList(reply.headers.get("allow"))).toEqual(["GET", "HEAD", "OPTIONS"]);
      }
    });

    it("is a 404 naming the slug when no plugin of this build has it, whatever the validators", async () => {
      for (const slug of ["no-such-plugin", SAME_HASH[1], "acme~win", "acme~wind~"]) {
        const problem = expectProblem(await call(target, pathOf(slug)), 404);
        expect(problem.detail, slug).toContain(`"${slug}"`);
      }
      const since = await call(target, pathOf("no-such-plugin"), { headers: { "if-modified-since": new Date(BUILT_AT).toUTCString() } });
      expectProblem(since, 404);
      expectProblem(await call(target, pathOf(SAME_HASH[0]).replace("plugin-", "Plugin-")), 404);
      const head = await call(target, pathOf("no-such-plugin"), { method: "HEAD" });
      expect([head.status, head.text]).toEqual([404, ""]);
    });

    it("is a 404 for a path that names no slug: a bad escape, nothing after the prefix, a further segment", async () => {
      for (const path of [
        "/api/plugins/%ZZ",
        "/api/plugins/acme%E0%A4",
        "/api/plugins/",
        "/api/plugins/plain/",
        "/api/plugins/plain/x",
        "/api/plugins/a%2Fb",
      ]) {
        const problem = expectProblem(await call(target, path), 404);
        expect(problem.detail, path).toContain("/api/plugins/{slug}");
      }
    });
  });
}
