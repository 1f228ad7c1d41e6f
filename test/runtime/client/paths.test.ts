/** Where the client's requests point: the site's root, and each input's path as the API's own. */
import { describe, expect, it } from "vitest";
import { apiRequest, siteRoot } from "../../../src/runtime/client/paths.js";

describe("siteRoot", () => {
  it.each([
    ["https://owner.github.io/repo/", "https://owner.github.io/repo/"],
    ["https://owner.github.io/repo", "https://owner.github.io/repo/"],
    ["https://owner.github.io", "https://owner.github.io/"],
    ["https://owner.github.io/a/b/?q=x#top", "https://owner.github.io/a/b/"],
  ])("%s is the site at %s", (given, root) => {
    expect(siteRoot(given).href).toBe(root);
    expect(siteRoot(new URL(given)).href).toBe(root);
  });

  it("refuses a relative URL where there is no page to be relative to", () => {
    expect(() => siteRoot("repo/")).toThrow(TypeError);
  });
});

describe("apiRequest", () => {
  const root = siteRoot("https://owner.github.io/repo/");
  const pathOf = (request: Request) => {
    const url = new URL(request.url);
    return `${url.pathname}${url.search}`;
  };

  it.each([
    "/api/plugins?q=chart",
    "api/plugins?q=chart",
    "https://owner.github.io/repo/api/plugins?q=chart",
    "https://owner.github.io/repo/api/plugins?q=chart#results",
    "http://localhost/api/plugins?q=chart",
  ])("%s asks the API for /api/plugins?q=chart", (input) => {
    expect(pathOf(apiRequest(root, input))).toBe("/api/plugins?q=chart");
    if (/^https?:/.test(input)) {
      expect(pathOf(apiRequest(root, new URL(input)))).toBe("/api/plugins?q=chart");
      expect(pathOf(apiRequest(root, new Request(input)))).toBe("/api/plugins?q=chart");
    }
  });

  it("a path under the site's path is the site's; any other path is taken as it is", () => {
    expect(pathOf(apiRequest(root, "/repo/api/status"))).toBe("/repo/api/status");
    expect(pathOf(apiRequest(root, "https://owner.github.io/other/api/status"))).toBe("/other/api/status");
    expect(pathOf(apiRequest(root, "https://elsewhere.example/repo/api/status"))).toBe("/repo/api/status");
    expect(pathOf(apiRequest(siteRoot("https://owner.github.io/"), "https://owner.github.io/api/status"))).toBe("/api/status");
  });

  it("keeps the method and headers of a Request, and init overrides them; no body is carried", () => {
    const given = new Request("https://owner.github.io/repo/api/plugins", { method: "HEAD", headers: { "If-None-Match": '"a"' } });
    const request = apiRequest(root, given);
    expect([request.method, request.headers.get("if-none-match")]).toEqual(["HEAD", '"a"']);
    const overridden = apiRequest(root, given, { method: "OPTIONS", headers: { "Access-Control-Request-Method": "GET" } });
    expect([overridden.method, overridden.headers.get("if-none-match"), overridden.headers.get("access-control-request-method")]).toEqual([
      "OPTIONS",
      null,
      "GET",
    ]);
    expect(apiRequest(root, "/api/plugins", { method: "POST", body: "x" }).body).toBeNull();
  });
});
