import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBranchName, readmeBase, resolveReadmeUrl } from "../../src/explorer/readme-urls.js";

const GITHUB = readmeBase([{ url: "https://github.com/acme/wind", defaultBranch: "main" }])!;
const GITLAB = readmeBase([{ url: "https://gitlab.com/sailors/tools/wind", defaultBranch: "release/2.x" }])!;

describe("readmeBase", () => {
  it("points links at the web view and images at the raw files of the first repository's default branch", () => {
    expect(GITHUB).toEqual({
      links: "https://github.com/acme/wind/blob/main/",
      images: "https://raw.githubusercontent.com/acme/wind/main/",
    });
    expect(GITLAB).toEqual({
      links: "https://gitlab.com/sailors/tools/wind/-/blob/release/2.x/",
      images: "https://gitlab.com/sailors/tools/wind/-/raw/release/2.x/",
    });
  });

  it("uses HEAD when the default branch is unknown or is no branch name", () => {
    for (const defaultBranch of [null, undefined, "", 42, "../../evil", "a..b", "x y", "feature/", ".hidden", "a\u0000b"]) {
      expect(readmeBase([{ url: "https://github.com/acme/wind", defaultBranch }])?.links, String(defaultBranch)).toBe(
        "https://github.com/acme/wind/blob/HEAD/",
      );
    }
  });

  it("has no base without a first repository on GitHub or GitLab, over https, as a project's root", () => {
    for (const repositories of [
      undefined,
      null,
      [],
      "https://github.com/acme/wind",
      [null],
      [{ url: 7 }],
      [{ url: "http://github.com/acme/wind" }],
      [{ url: "https://example.org/acme/wind" }],
      [{ url: "https://github.com/acme" }],
      [{ url: "https://github.com/acme/wind/tree/main" }],
      [{ url: "https://user:pass@github.com/acme/wind" }],
      [{ url: "https://github.com:8443/acme/wind" }],
      [{ url: "https://gitlab.com/acme/-/wind" }],
      [{ url: "https://github.com/acme/%2e%2e" }],
      [{ url: `https://github.com/acme/${"x".repeat(3000)}` }],
    ]) {
      expect(readmeBase(repositories), JSON.stringify(repositories)).toBeNull();
    }
    // Only the first counts: a later repository does not stand in for a first that is no repository.
    expect(readmeBase([{ url: "https://example.org/x" }, { url: "https://github.com/acme/wind" }])).toBeNull();
    expect(readmeBase([{ url: "https://github.com/acme/wind.git" }])?.links).toBe("https://github.com/acme/wind/blob/HEAD/");
  });
});

describe("resolveReadmeUrl", () => {
  it("resolves relative links and images in the repository, from its root for a leading /, never above it", () => {
    const cases: [string, "link" | "image", string][] = [
      ["docs/setup.md", "link", "https://github.com/acme/wind/blob/main/docs/setup.md"],
      ["./docs/setup.md#net", "link", "https://github.com/acme/wind/blob/main/docs/setup.md#net"],
      ["/CHANGELOG.md", "link", "https://github.com/acme/wind/blob/main/CHANGELOG.md"],
      ["../../../../etc/passwd", "link", "https://github.com/acme/wind/blob/main/etc/passwd"],
      ["docs\\a.md", "link", "https://github.com/acme/wind/blob/main/docs/a.md"],
      ["?plain=1", "link", "https://github.com/acme/wind/blob/main/?plain=1"],
      ["img/logo.png", "image", "https://raw.githubusercontent.com/acme/wind/main/img/logo.png"],
      ["/img/a b.png", "image", "https://raw.githubusercontent.com/acme/wind/main/img/a%20b.png"],
      ["javascript%3Aalert(1)", "link", "https://github.com/acme/wind/blob/main/javascript%3Aalert(1)"],
    ];
    for (const [raw, kind, expected] of cases) expect(resolveReadmeUrl(raw, kind, GITHUB), raw).toBe(expected);
    expect(resolveReadmeUrl("docs/x.png", "image", GITLAB)).toBe("https://gitlab.com/sailors/tools/wind/-/raw/release/2.x/docs/x.png");
    expect(resolveReadmeUrl("docs/x.md", "link", null)).toBeNull();
  });

  it("keeps http, https and mailto links, https images and in-page links, aimed at the README's prefixed ids", () => {
    expect(resolveReadmeUrl("https://example.org/a?b#c", "link", null)).toBe("https://example.org/a?b#c");
    expect(resolveReadmeUrl("HTTP://Example.org", "link", null)).toBe("http://example.org/");
    expect(resolveReadmeUrl("mailto:jane@example.org", "link", null)).toBe("mailto:jane@example.org");
    expect(resolveReadmeUrl("//cdn.example/x.png", "image", null)).toBe("https://cdn.example/x.png");
    expect(resolveReadmeUrl("https://img.example/a.png", "image", null)).toBe("https://img.example/a.png");
    expect(resolveReadmeUrl("#usage", "link", null)).toBe("#user-content-usage");
    expect(resolveReadmeUrl("#user-content-usage", "link", null)).toBe("#user-content-usage");
  });

  it("drops every other scheme, however it is written, and any image not over https", () => {
    for (const raw of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "\u0001javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "java\rscript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "ftp://example.org/x",
      "blob:https://example.org/uuid",
      "https:",
      "#",
      "",
    ]) {
      expect(resolveReadmeUrl(raw, "link", GITHUB), JSON.stringify(raw)).toBeNull();
    }
    for (const raw of ["http://example.org/a.png", "data:image/png;base64,AAAA", "mailto:x@example.org", "#top", "javascript:1"]) {
      expect(resolveReadmeUrl(raw, "image", GITHUB), raw).toBeNull();
    }
  });

  it("never gives a URL the browser would read with another scheme than those allowed (property)", () => {
    const scheme = fc.constantFrom("javascript", "JAVASCRIPT", "vbscript", "data", "http", "https", "mailto", "file", "ftp", "x-y");
    const noise = fc.string({ unit: fc.constantFrom("\t", "\n", "\r", " ", "\u0000", "\u001f", "&", "#", ":", "/", "\\", "a", "%") });
    const raw = fc.oneof(
      fc.tuple(noise, scheme, noise, fc.string()).map(([a, s, b, rest]) => `${a}${s.slice(0, 2)}${b}${s.slice(2)}:${rest}`),
      fc.string(),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(raw, fc.constantFrom<"link" | "image">("link", "image"), fc.boolean(), (url, kind, withBase) => {
        const resolved = resolveReadmeUrl(url, kind, withBase ? GITHUB : null);
        if (resolved === null) return;
        if (resolved.startsWith("#")) {
          expect(kind).toBe("link");
          return;
        }
        const protocol = new URL(resolved).protocol;
        expect(kind === "link" ? ["http:", "https:", "mailto:"] : ["https:"]).toContain(protocol);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a relative path inside the repository's branch, whatever its dots and slashes (property)", () => {
    const segment = fc.constantFrom("..", ".", "docs", "a b", "%2e%2e", "..\\..", "", "x?y", "#z", "%00");
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.boolean(), (segments, root) => {
        const raw = `${root ? "/" : ""}${segments.join("/")}`;
        // Two slashes first make a URL of another host (same scheme): not a path of the repository.
        fc.pre(!/^[/\\]{2}/.test(raw));
        const resolved = resolveReadmeUrl(raw, "image", GITHUB);
        if (resolved === null) return;
        expect(resolved.startsWith("https://raw.githubusercontent.com/acme/wind/main/") || resolved.startsWith("#")).toBe(true);
        expect(new URL(resolved).pathname.startsWith("/acme/wind/main/")).toBe(true);
      }),
    );
  });

  it("reads branch names as git does", () => {
    for (const name of ["main", "release/2.x", "feature-x_1", "v1.0.0"]) expect(isBranchName(name), name).toBe(true);
    for (const name of [
      "",
      "a..b",
      ".x",
      "x/.y",
      "x.lock",
      "x/",
      "a b",
      "a~1",
      "a^",
      "a:b",
      "a?",
      "a*",
      "a[",
      "a\\b",
      "@",
      "a@{1}",
      "a//b",
    ]) {
      expect(isBranchName(name), name).toBe(false);
    }
  });
});
