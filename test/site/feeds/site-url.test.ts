/** The site's public URL as the feeds name it (site/feeds/site-url.ts): its root, path included, ending in `/`. */
import { describe, expect, it } from "vitest";
import { siteLabel, siteRoot } from "../../../src/site/feeds/site-url.js";

describe("siteRoot", () => {
  it.each([
    ["https://owner.github.io/repo", "https://owner.github.io/repo/"],
    ["https://owner.github.io/repo/", "https://owner.github.io/repo/"],
    ["HTTPS://Plugins.Example.ORG", "https://plugins.example.org/"],
    ["http://127.0.0.1:8080/a b/", "http://127.0.0.1:8080/a%20b/"],
    ["https://example.org:443/x?", "https://example.org/x/"],
  ])("%s → %s", (value, root) => {
    expect(siteRoot(value)).toEqual({ root });
  });

  it.each([
    ["owner.github.io/repo", "is not an absolute URL"],
    ["ftp://example.org/", "is not an http(s) URL"],
    ["https://me:secret@example.org/", "holds credentials"],
    ["https://example.org/?page=2", "has a query or a fragment"],
    ["https://example.org/#feeds", "has a query or a fragment"],
  ])("%s is refused: %s", (value, problem) => {
    expect(siteRoot(value)).toEqual({ problem: `${JSON.stringify(value)} ${problem}` });
  });
});

describe("siteLabel", () => {
  it("is the root without its scheme and final slash", () => {
    expect(siteLabel("https://owner.github.io/repo/")).toBe("owner.github.io/repo");
    expect(siteLabel("http://plugins.example.org/")).toBe("plugins.example.org");
  });
});
