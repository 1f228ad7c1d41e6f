/** `GET /api/openapi.json` through the in-process shim: the document, with the API's HTTP behaviour. */
import { beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_MEDIA_TYPE, OPENAPI_PATH } from "../../../src/core/routes.js";
import { openApiDocument } from "../../../src/shim/openapi.js";
import { buildSite } from "../../../src/site/build-site.js";
import { CORE_PLUGINS, makeSnapshot } from "../../support/fixtures.js";
import { call, headerList } from "../../support/http.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";
import { conformingTarget, ResponseConformance } from "./conformance.js";

describe(`GET ${OPENAPI_PATH} (in-process shim)`, () => {
  let target: Target;
  beforeAll(async () => {
    const raw = shimTarget(mapReader(await buildSite(makeSnapshot(CORE_PLUGINS))));
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

  it("does not need the catalog: served while the catalog files are missing", async () => {
    const broken = conformingTarget(
      shimTarget({ read: async () => null }, { manifestTtlMs: 0 }),
      new ResponseConformance(openApiDocument()),
    );
    expect((await call(broken, "/api/plugins")).status).toBe(503);
    const reply = await call(broken, OPENAPI_PATH);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual(openApiDocument());
  });

  it("neighbouring paths stay 404", async () => {
    for (const path of ["/api/openapi.json/", "/api/openapi", "/api/OpenAPI.json", "/api/openapi.yaml"]) {
      expect((await call(target, path)).status, path).toBe(404);
    }
  });
});
