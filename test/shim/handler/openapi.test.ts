/**
 * `GET /api/openapi.json` through the in-process shim: the document the build wrote into the site, with the API's
 * HTTP behaviour.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_MEDIA_TYPE, OPENAPI_PATH } from "../../../src/core/routes.js";
import { MANIFEST_PATH, type SiteManifest } from "../../../src/core/site-format.js";
import { buildSite } from "../../../src/site/build-site.js";
import { openApiDocument } from "../../../src/site/openapi-document.js";
import { expectProblem } from "../../contract/expect.js";
import { CORE_PLUGINS, makeSnapshot } from "../../support/fixtures.js";
import { call, headerList } from "../../support/http.js";
import { conformingTarget, ResponseConformance } from "../../support/openapi-conformance.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const manifestOf = (files: ReadonlyMap<string, Uint8Array>) => JSON.parse(decoder.decode(files.get(MANIFEST_PATH))) as SiteManifest;

describe(`GET ${OPENAPI_PATH} (in-process shim)`, () => {
  let files: Map<string, Uint8Array>;
  let target: Target;
  beforeAll(async () => {
    files = await buildSite(makeSnapshot(CORE_PLUGINS));
    const raw = shimTarget(mapReader(files));
    // Every answer here must also conform to the document it serves.
    target = conformingTarget(raw, new ResponseConformance(openApiDocument()));
  });

  it("answers 200 with the document, its registered media type, CORS, the API's caching and a strong ETag", async () => {
    const reply = await call(target, OPENAPI_PATH);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual(openApiDocument());
    expect(reply.headers.get("content-type")).toBe(OPENAPI_MEDIA_TYPE);
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    expect(reply.headers.get("etag")).toMatch(/^"[^"]+"$/);
    const api = await call(target, "/api/plugins");
    expect(reply.headers.get("cache-control")).toBe(api.headers.get("cache-control"));
    expect(Number(reply.headers.get("content-length"))).toBe(new TextEncoder().encode(reply.text).byteLength);
  });

  it("answers the same bytes and ETag every time, whatever the query", async () => {
    const [a, b] = await Promise.all([call(target, OPENAPI_PATH), call(target, `${OPENAPI_PATH}?page=0&x=1`)]);
    expect(b.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
  });

  it("HEAD answers as GET without a body; If-None-Match with the ETag gets a 304", async () => {
    const get = await call(target, OPENAPI_PATH);
    const head = await call(target, OPENAPI_PATH, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    for (const name of ["content-type", "etag", "cache-control", "access-control-allow-origin", "content-length"]) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    }
    const etag = get.headers.get("etag") ?? "";
    const notModified = await call(target, OPENAPI_PATH, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await call(target, OPENAPI_PATH, { headers: { "if-none-match": '"something-else"' } })).status).toBe(200);
  });

  it("OPTIONS is a preflight; other methods get 405 with Allow, as on /api/plugins", async () => {
    expect((await call(target, OPENAPI_PATH, { method: "OPTIONS" })).status).toBe(204);
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const reply = await call(target, OPENAPI_PATH, { method });
      expect(reply.status, method).toBe(405);
      expect(headerList(reply.headers.get("allow"))).toEqual(["GET", "HEAD", "OPTIONS"]);
      expect(reply.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("is the file the build wrote, named in the manifest: its bytes exactly", async () => {
    const { openapi } = manifestOf(files);
    expect(openapi).toMatch(/^catalog\/data\/openapi\.[0-9a-f]{16}\.json$/);
    expect((await call(target, OPENAPI_PATH)).text).toBe(decoder.decode(files.get(openapi)));
    expect(decoder.decode(files.get(openapi))).toBe(JSON.stringify(openApiDocument()));
  });

  it("is read like the catalog's files: a 503 while the site's files or the document are missing", async () => {
    expectProblem(await call(shimTarget({ read: async () => null }, { manifestTtlMs: 0 }), OPENAPI_PATH), 503);
    const withoutDocument = new Map(files);
    withoutDocument.delete(manifestOf(files).openapi);
    const reply = await call(shimTarget(mapReader(withoutDocument), { manifestTtlMs: 0 }), OPENAPI_PATH);
    expect(expectProblem(reply, 503).detail).toContain("openapi");
  });

  it("follows a new document of the same catalog (a new version of the software rebuilt it)", async () => {
    const site = new Map(files);
    const shim = shimTarget(mapReader(site), { manifestTtlMs: 0 });
    const before = await call(shim, OPENAPI_PATH);
    const manifest = manifestOf(files);
    const newer = { ...JSON.parse(before.text), info: { ...JSON.parse(before.text).info, version: "9.9.9" } };
    site.delete(manifest.openapi);
    site.set("catalog/data/openapi.00000000000000aa.json", encoder.encode(JSON.stringify(newer)));
    site.set(MANIFEST_PATH, encoder.encode(JSON.stringify({ ...manifest, openapi: "catalog/data/openapi.00000000000000aa.json" })));
    const after = await call(shim, OPENAPI_PATH);
    expect(after.status).toBe(200);
    expect(JSON.parse(after.text).info.version).toBe("9.9.9");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("neighbouring paths stay 404", async () => {
    for (const path of ["/api/openapi.json/", "/api/openapi", "/api/OpenAPI.json", "/api/openapi.yaml"]) {
      expect((await call(target, path)).status, path).toBe(404);
    }
  });
});
