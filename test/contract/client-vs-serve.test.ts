/**
 * Section 9: `catalog/client.js` answers "the status, Content-Type and body
 * bytes that the API answers for the same request at the same build". One
 * site, built once by the CLI: `plugin-catalog serve` answers over HTTP, and
 * the site's own client bundle answers from the same directory served as
 * static files, at the host's root. Every request of the list gets the same status,
 * the same headers (the shim's: validators, CORS, caching, Allow) and the
 * same body bytes from both.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { type ClientSite, startClientSite } from "../support/client-target.js";
import { type ServeProcess, startServeProcess } from "../support/targets.js";

const SNAPSHOT = generateSnapshot({ plugins: 1_250, seed: 22 });
const TAG = SNAPSHOT.categories?.[1] ?? "";
const OTHER_TAG = SNAPSHOT.plugins.flatMap((plugin) => plugin.tags).find((tag) => !SNAPSHOT.categories?.includes(tag)) ?? "";
const AUTHOR = SNAPSHOT.plugins[7]!.creators[0]!;
const SCOPED = SNAPSHOT.plugins.find((plugin) => plugin.slug.includes("~"))?.slug ?? "";

const GETS = [
  "/api/plugins",
  "/api/plugins?sort=stars&page=1",
  "/api/plugins?sort=recent&page=3&per_page=70",
  "/api/plugins?sort=name&page=13&per_page=100",
  "/api/plugins?sort=name&page=25",
  "/api/plugins?page=26",
  "/api/plugins?page=1000000&per_page=1",
  "/api/plugins?q=chart",
  "/api/plugins?q=ch&sort=recent&page=2&per_page=10",
  "/api/plugins?q=data+logger&sort=name",
  "/api/plugins?q=the",
  "/api/plugins?q=caf%C3%A9",
  "/api/plugins?q=a%3Ab~c%5Ed%2Be-f*",
  `/api/plugins?category=${TAG}&sort=recent&page=2&per_page=5`,
  `/api/plugins?category=${OTHER_TAG.toUpperCase()}`,
  `/api/plugins?author=%40${AUTHOR}&sort=name`,
  "/api/plugins?web=1&per_page=100&page=2",
  `/api/plugins?q=plugin&category=${TAG}&web=1&sort=name&page=2&per_page=3`,
  "/api/plugins?category=nothing-has-this",
  "/api/plugins?unknown=1&q=",
  "/api/facets",
  `/api/facets?q=chart&category=${TAG}&web=1&author=${AUTHOR}`,
  "/api/facets?sort=bogus&page=0",
  "/api/status",
  "/api/status?anything=1",
  "/api/catalog.json",
  "/api/openapi.json",
  `/api/plugins/${SNAPSHOT.plugins[0]!.slug}`,
  `/api/plugins/${SCOPED}`,
  `/api/plugins/${SCOPED.replace("~", "%7E")}?q=x`,
  // Errors: 400 with every problem, 404 under /api/.
  "/api/plugins?page=0&sort=Stars&per_page=101&web=yes",
  "/api/plugins?q=a&q=b",
  `/api/plugins?q=${"x".repeat(257)}`,
  "/api/facets?web=2",
  "/api/nope",
  "/api/",
  "/api/plugins/",
  "/api/plugins/no-such-plugin",
  "/api/plugins/%ZZ",
  `/api/plugins/${SNAPSHOT.plugins[0]!.slug}/x`,
];

/** Headers a server adds around any answer: the rest must be the same. */
const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

async function snapshotOf(response: Response): Promise<{ status: number; headers: [string, string][]; body: string }> {
  const headers = [...response.headers.entries()].filter(([name]) => !TRANSPORT_HEADERS.has(name)).sort();
  const body = Buffer.from(await response.arrayBuffer()).toString("base64");
  return { status: response.status, headers, body };
}

describe("catalog/client.js and plugin-catalog serve, on one site", () => {
  let client: ClientSite;
  let server: ServeProcess;
  beforeAll(async () => {
    expect([TAG, OTHER_TAG, AUTHOR, SCOPED].every((value) => value !== "")).toBe(true);
    // At the host's root: the contract suite runs the client under a path.
    client = await startClientSite(SNAPSHOT, { prefix: "/" });
    server = await startServeProcess(client.site);
  });
  afterAll(async () => {
    await server?.stop();
    await client?.close();
  });

  const same = async (path: string, init?: RequestInit) => {
    const http = await snapshotOf(await fetch(`${server.baseUrl}${path}`, init));
    const computed = await snapshotOf(await client.catalog.fetch(path, init));
    expect(computed).toEqual(http);
    return http;
  };

  it.each(GETS)("GET %s: same status, headers and body bytes", async (path) => {
    const answer = await same(path);
    expect(answer.status).not.toBe(503);
  });

  it("HEAD, OPTIONS, DELETE and If-None-Match: the same", async () => {
    await same("/api/plugins?q=chart", { method: "HEAD" });
    await same("/api/nope", { method: "HEAD" });
    await same("/api/plugins", { method: "OPTIONS" });
    await same("/api/facets", {
      method: "OPTIONS",
      headers: {
        origin: "https://tools.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "if-none-match",
      },
    });
    await same("/api/plugins", { method: "DELETE" });
    await same("/api/status", { method: "POST", body: "ignored" });
    await same(`/api/plugins/${SCOPED}`, { method: "HEAD" });
    await same(`/api/plugins/${SCOPED}`, { method: "PUT", body: "ignored" });
    const detailTag = (await fetch(`${server.baseUrl}/api/plugins/${SCOPED}`)).headers.get("etag")!;
    expect((await same(`/api/plugins/${SCOPED}`, { headers: { "if-none-match": detailTag } })).status).toBe(304);
    const etag = (await fetch(`${server.baseUrl}/api/plugins?sort=name`)).headers.get("etag")!;
    expect((await same("/api/plugins?sort=name", { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await same("/api/plugins?sort=recent", { headers: { "if-none-match": etag } })).status).toBe(200);
  });

  it("read nothing but the site's catalog files from the static host", () => {
    expect(client.host.served.length).toBeGreaterThan(0);
    for (const { path, status } of client.host.served) {
      expect(path).toMatch(/^\/catalog\//);
      expect(status, path).toBe(200);
    }
  });
});
