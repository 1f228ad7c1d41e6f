/**
 * `GET /api/catalog.json` (docs/API.md#whole-catalog): every plugin in one
 * document, in `stars` order, the bytes the build wrote, with the headers of
 * a 200 of `/api/plugins`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_PATH, type SiteManifest } from "../../../src/core/site-format.js";
import { buildSite } from "../../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../../src/snapshot/schema.js";
import { CORE, CORE_NEXT_DAY, EMPTY, PLUGIN_KEYS, SORT, SORT_EXPECTED, type WirePlugin } from "../../support/fixtures.js";
import { call, headerList, parseMediaType, type Reply } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectCors, expectPage } from "../expect.js";
import { expectHeadAsGet } from "../head-as-get.js";

const PATH = "/api/catalog.json";
/** The headers of a 200 of /api/plugins that this answer has too. */
const SHARED_HEADERS = ["content-type", "cache-control", "last-modified", "access-control-allow-origin", "access-control-expose-headers"];

interface WholeCatalog {
  builtAt: string;
  total: number;
  plugins: WirePlugin[];
}

function expectWholeCatalog(reply: Reply, snapshot: CatalogSnapshot): WholeCatalog {
  expect(reply.status, reply.text.slice(0, 500)).toBe(200);
  expectCors(reply);
  const media = parseMediaType(reply.headers.get("content-type"));
  expect(media?.type).toBe("application/json");
  expect(media?.params.get("charset")?.toLowerCase()).toBe("utf-8");
  const body = JSON.parse(reply.text) as WholeCatalog;
  expect(reply.text, "compact JSON").toBe(JSON.stringify(body));
  expect(Object.keys(body)).toEqual(["builtAt", "total", "plugins"]);
  expect(body.builtAt).toBe(snapshot.generatedAt);
  expect(body.total).toBe(snapshot.plugins.length);
  expect(body.plugins).toHaveLength(snapshot.plugins.length);
  for (const plugin of body.plugins) expect(Object.keys(plugin)).toEqual([...PLUGIN_KEYS]);
  return body;
}

/** What the build writes, read the way the shim reads it: the runtimes must answer exactly these bytes. */
async function builtBody(snapshot: CatalogSnapshot): Promise<string> {
  const files = await buildSite(snapshot);
  const manifest = JSON.parse(new TextDecoder().decode(files.get(MANIFEST_PATH))) as SiteManifest;
  return Buffer.concat(manifest.catalog.map((part) => files.get(part) ?? new Uint8Array())).toString("utf8");
}

export function catalogJsonSuite(start: StartTarget): void {
  describe("GET /api/catalog.json", () => {
    let core: Target;
    beforeAll(async () => {
      core = await start(CORE);
    });

    it("holds every plugin in stars order (ties by slug), with builtAt and total", async () => {
      const body = expectWholeCatalog(await call(await start(SORT), PATH), SORT);
      expect(body.plugins.map((p) => p.slug)).toEqual([...SORT_EXPECTED.stars]);
      expect((await call(await start(EMPTY), PATH)).text).toBe(`{"builtAt":"${EMPTY.generatedAt}","total":0,"plugins":[]}`);
    });

    it("holds exactly the records that walking /api/plugins gives", async () => {
      const body = expectWholeCatalog(await call(core, PATH), CORE);
      const paged: WirePlugin[] = [];
      for (let page = 1; paged.length < CORE.plugins.length; page++) {
        paged.push(...expectPage(await call(core, `/api/plugins?per_page=5&page=${page}`)).plugins);
      }
      expect(JSON.stringify(body.plugins)).toBe(JSON.stringify(paged));
    });

    it("is the very bytes the build wrote, on every runtime", async () => {
      expect((await call(core, PATH)).text).toBe(await builtBody(CORE));
    });

    it("ignores every parameter: same body, same ETag", async () => {
      const [plain, noisy] = await Promise.all([call(core, PATH), call(core, `${PATH}?page=0&q=a&q=b&sort=x`)]);
      expect(noisy.status).toBe(200);
      expect(noisy.text).toBe(plain.text);
      expect(noisy.headers.get("etag")).toBe(plain.headers.get("etag"));
    });

    it("has the headers of a 200 of /api/plugins, a strong ETag that changes with the catalog, and 304s", async () => {
      const [whole, plugins] = await Promise.all([call(core, PATH), call(core, "/api/plugins")]);
      for (const name of SHARED_HEADERS) expect(whole.headers.get(name), name).toBe(plugins.headers.get(name));
      const etag = whole.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(etag).not.toBe(plugins.headers.get("etag"));
      expect((await call(await start(CORE_NEXT_DAY), PATH)).headers.get("etag")).not.toBe(etag);
      const notModified = await call(core, PATH, { headers: { "if-none-match": etag } });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe("");
      expect(notModified.headers.get("etag")).toBe(etag);
      expectCors(notModified);
    });

    it("HEAD answers as GET without a body; OPTIONS is a preflight; other methods 405", async () => {
      const [get, head] = await Promise.all([call(core, PATH), call(core, PATH, { method: "HEAD" })]);
      expect(get.status).toBe(200);
      expectHeadAsGet(get, head);
      const preflight = await call(core, PATH, { method: "OPTIONS" });
      expect(preflight.status).toBe(204);
      expectCors(preflight);
      const del = await call(core, PATH, { method: "DELETE" });
      expect(del.status).toBe(405);
      expect(headerList(del.headers.get("allow"))).toEqual(["GET", "HEAD", "OPTIONS"]);
    });
  });
}
