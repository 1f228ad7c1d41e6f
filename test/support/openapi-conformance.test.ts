/**
 * The response check that wraps every contract-suite target: it passes the
 * shim's real answers and fails each kind of departure from the document
 * with a message that says what departed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/site/build-site.js";
import { openApiDocument } from "../../src/site/openapi-document.js";
import { CORE_PLUGINS, makeSnapshot } from "./fixtures.js";
import { call } from "./http.js";
import { conformingTarget, ResponseConformance } from "./openapi-conformance.js";
import { mapReader, shimTarget, type Target } from "./targets.js";

const conformance = new ResponseConformance(openApiDocument());

/** A target that answers every request with `response()` (a fresh one each time). */
function fakeTarget(response: () => Response): Target {
  return conformingTarget({ fetch: async () => response(), close: async () => {} }, conformance);
}

const PAGE_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag",
  "Cache-Control": "public, max-age=300",
  ETag: '"b1-0123"',
  "Last-Modified": "Tue, 04 Mar 2025 02:00:00 GMT",
};
const PROBLEM_HEADERS = {
  "Content-Type": "application/problem+json",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag",
  "Cache-Control": "no-store",
};
const PLUGIN = {
  slug: "alpha",
  npmName: "alpha",
  name: "Alpha",
  description: "",
  version: "1.0.0",
  license: "MIT",
  homepage: null,
  totalStars: 1,
  totalForks: 0,
  hasWebUi: false,
  publishedAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-02T00:00:00.000Z",
  tags: ["charts"],
};
const page = (plugin: Record<string, unknown> = PLUGIN, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ total: 1, page: 1, perPage: 50, pages: 1, plugins: [plugin], ...extra });
const notFound = JSON.stringify({ type: "about:blank", title: "Not Found", status: 404, detail: "There is no API resource at /api/nope." });

async function rejection(target: Target, path: string, init?: RequestInit): Promise<string> {
  const error: unknown = await target.fetch(path, init).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `${path} should have been refused`).toBeInstanceOf(Error);
  return error instanceof Error ? error.message : "";
}

describe("conformingTarget", () => {
  it("passes a conforming page and a conforming 404, and leaves the body for the caller", async () => {
    const ok = await call(
      fakeTarget(() => new Response(page(), { headers: PAGE_HEADERS })),
      "/api/plugins",
    );
    expect(JSON.parse(ok.text)).toMatchObject({ total: 1 });
    expect(
      (
        await call(
          fakeTarget(() => new Response(notFound, { status: 404, headers: PROBLEM_HEADERS })),
          "/api/nope",
        )
      ).status,
    ).toBe(404);
  });

  it.each([
    ["an extra key in the page", () => page(PLUGIN, { next: 2 }), /must NOT have additional properties.*next/],
    ["a missing plugin key", () => page({ ...PLUGIN, license: undefined }), /plugins\/0 must have required property 'license'/],
    ["a null that is not homepage", () => page({ ...PLUGIN, description: null }), /plugins\/0\/description must be string/],
    [
      "a timestamp without milliseconds",
      () => page({ ...PLUGIN, updatedAt: "2024-01-02T00:00:00Z" }),
      /plugins\/0\/updatedAt must match pattern/,
    ],
    ["a negative star count", () => page({ ...PLUGIN, totalStars: -1 }), /totalStars must be >= 0/],
    ["a slug with upper case", () => page({ ...PLUGIN, slug: "Alpha" }), /slug must match pattern/],
    ["a non-integer page", () => page(PLUGIN, { page: 1.5 }), /\/page must be integer/],
    ["a body that is not JSON", () => "<html>oops</html>", /is not JSON/],
  ])("fails %s", async (_title, body, message) => {
    expect(
      await rejection(
        fakeTarget(() => new Response(body(), { headers: PAGE_HEADERS })),
        "/api/plugins?q=x",
      ),
    ).toMatch(message);
  });

  it("fails an undocumented status, an undocumented content type and a missing required header", async () => {
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { status: 202, headers: PAGE_HEADERS })),
        "/api/plugins",
      ),
    ).toMatch(/status 202 is not documented for GET \/api\/plugins/);
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { headers: { ...PAGE_HEADERS, "Content-Type": "text/html" } })),
        "/api/plugins",
      ),
    ).toMatch(/Content-Type text\/html is not documented/);
    const { ETag: _etag, ...withoutEtag } = PAGE_HEADERS;
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { headers: withoutEtag })),
        "/api/plugins",
      ),
    ).toMatch(/header ETag is required and missing/);
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { headers: { ...PAGE_HEADERS, ETag: 'W/"weak"' } })),
        "/api/plugins",
      ),
    ).toMatch(/header ETag/);
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { headers: { ...PAGE_HEADERS, "Access-Control-Allow-Origin": "https://a.example" } })),
        "/api/plugins",
      ),
    ).toMatch(/Access-Control-Allow-Origin/);
  });

  it("holds paths and methods the document cannot list to the 404 and 405 components", async () => {
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { headers: PAGE_HEADERS })),
        "/api/nope",
      ),
    ).toMatch(/status 200 is not documented for an unlisted path/);
    expect(
      await rejection(
        fakeTarget(() => new Response(notFound, { status: 404, headers: PROBLEM_HEADERS })),
        "/api/plugins",
        { method: "DELETE" },
      ),
    ).toMatch(/status 404 is not documented for DELETE/);
    const wrongStatus = notFound.replace('"status":404', '"status":405');
    expect(
      await rejection(
        fakeTarget(() => new Response(wrongStatus, { status: 404, headers: PROBLEM_HEADERS })),
        "/api/nope",
      ),
    ).toMatch(/\/status must be equal to constant/);
    expect(
      await rejection(
        fakeTarget(() => new Response(notFound, { status: 404, headers: PROBLEM_HEADERS })),
        "/index.html",
      ),
    ).toMatch(/outside \/api\//);
  });

  it("fails a facets 400 that names a parameter /api/facets does not take, and a status with a missing source", async () => {
    const errors = [{ parameter: "sort", message: "m" }];
    const badRequest = JSON.stringify({ type: "about:blank", title: "Bad Request", status: 400, detail: "d", errors });
    const facets = fakeTarget(() => new Response(badRequest, { status: 400, headers: PROBLEM_HEADERS }));
    expect(await rejection(facets, "/api/facets")).toMatch(/errors\/0\/parameter must be equal to one of/);
    const source = { readAt: null, items: 0, stale: 0, staleSince: null };
    const status = JSON.stringify({ builtAt: "2025-03-04T02:00:00.000Z", plugins: 0, sources: { npm: source, github: source } });
    const partial = fakeTarget(() => new Response(status, { headers: PAGE_HEADERS }));
    expect(await rejection(partial, "/api/status")).toMatch(/must have required property 'gitlab'/);
  });

  it("holds a plugin's path to its template: the detail's schema, and a path that names no slug to the 404 component", async () => {
    const detail = { ...PLUGIN, readme: null, repositories: [], downloads: { lastWeek: 0, lastMonth: 0, weekly: [] } };
    const body = JSON.stringify({ ...detail, dependents: 0 });
    expect(
      await rejection(
        fakeTarget(() => new Response(body, { headers: PAGE_HEADERS })),
        "/api/plugins/alpha",
      ),
    ).toMatch(/must have required property 'releases'/);
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { headers: PAGE_HEADERS })),
        "/api/plugins/alpha",
      ),
    ).toMatch(/must NOT have additional properties/);
    expect(
      await rejection(
        fakeTarget(() => new Response(notFound, { status: 404, headers: PROBLEM_HEADERS })),
        "/api/plugins/alpha",
        { method: "POST" },
      ),
    ).toMatch(/status 404 is not documented for POST/);
    const unlisted = fakeTarget(() => new Response(notFound, { status: 404, headers: PROBLEM_HEADERS }));
    expect((await call(unlisted, "/api/plugins/%ZZ", { method: "POST" })).status).toBe(404);
  });

  // (A 204 or 304 with a body cannot even be constructed as a Response, so HEAD is the case to test.)
  it("fails a body on HEAD", async () => {
    expect(
      await rejection(
        fakeTarget(() => new Response(page(), { headers: PAGE_HEADERS })),
        "/api/plugins",
        { method: "HEAD" },
      ),
    ).toMatch(/must have no body/);
  });

  describe("on the shim's real answers", () => {
    let target: Target;
    beforeAll(async () => {
      target = conformingTarget(shimTarget(mapReader(await buildSite(makeSnapshot(CORE_PLUGINS)))), conformance);
    });

    it.each([
      ["GET", "/api/plugins", 200],
      ["GET", "/api/plugins?sort=name&per_page=2&page=3&web=1&q=chart", 200],
      ["GET", "/api/plugins?page=99999", 200],
      ["HEAD", "/api/plugins", 200],
      ["GET", "/api/plugins?page=0&sort=Stars&per_page=1&per_page=2", 400],
      ["HEAD", "/api/plugins?page=x", 400],
      ["GET", "/api/nope", 404],
      ["OPTIONS", "/api/nope", 404],
      ["PUT", "/api/plugins", 405],
      ["OPTIONS", "/api/plugins", 204],
      ["GET", "/api/openapi.json", 200],
      ["GET", "/api/facets?q=chart&category=ais&author=alice&web=1", 200],
      ["GET", "/api/facets?sort=Stars&page=0", 200],
      ["GET", "/api/facets?q=a&q=b&web=2", 400],
      ["HEAD", "/api/facets", 200],
      ["GET", "/api/status?x=1", 200],
      ["HEAD", "/api/status", 200],
      ["GET", "/api/catalog.json", 200],
      ["HEAD", "/api/catalog.json", 200],
      ["OPTIONS", "/api/catalog.json", 204],
      ["POST", "/api/status", 405],
      ["GET", "/api/plugins/acme~zeta", 200],
      ["GET", "/api/plugins/acme%7Ezeta?page=0", 200],
      ["HEAD", "/api/plugins/alpha-charts", 200],
      ["GET", "/api/plugins/no-such-plugin", 404],
      ["GET", "/api/plugins/Upper", 404],
      ["OPTIONS", "/api/plugins/alpha-charts", 204],
      ["DELETE", "/api/plugins/alpha-charts", 405],
      ["GET", "/api/plugins/%ZZ", 404],
      ["POST", "/api/plugins/%ZZ", 404],
      ["POST", "/api/plugins/a%2Fb", 404],
      ["GET", "/api/plugins/alpha-charts/x", 404],
    ])("%s %s → %i conforms", async (method, path, status) => {
      expect((await call(target, path, { method })).status).toBe(status);
    });
  });
});
