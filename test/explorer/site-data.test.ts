/**
 * The page's reading of its data block (templates/explorer/site-data.js): what
 * the build writes comes back whole; anything else gives fewer controls, never
 * a link off the site, a list past its bound, or an exception.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SITE_DATA_ID, withSiteData } from "../../src/publish/explorer-files.js";
import type { ExplorerData } from "../../src/site/site-data.js";
import { MAX_CATEGORY_FEEDS, MAX_TAGS, MAX_VERSIONS, readSiteData } from "../../templates/explorer/site-data.js";

const BUILT: ExplorerData = {
  compat: {
    host: "node-red",
    latest: "4.0.2",
    versions: ["4.0.2", "4.0.0", "3.1.0", "4.0.0-beta.2"],
    distTags: { latest: "4.0.2", next: "4.0.0-beta.2" },
  },
  feeds: {
    new: "feeds/new.xml",
    updated: "feeds/updated.xml",
    categories: { "Acme-Charts": "feeds/category/acme-charts.xml", maps: "feeds/category/maps.xml" },
  },
};

/** The block's text as the page takes it from the element: the browser leaves a script element's text as it is. */
function blockText(html: string): string {
  const open = `<script type="application/json" id="${SITE_DATA_ID}">`;
  const start = html.indexOf(open) + open.length;
  return html.slice(start, html.indexOf("</script>", start));
}

describe("readSiteData", () => {
  it("reads back what the build writes into the page, categories looked up lower-cased", () => {
    const read = readSiteData(blockText(withSiteData("<head></head>", BUILT)));
    expect(read).toEqual({
      compat: {
        host: "node-red",
        latest: "4.0.2",
        versions: ["4.0.2", "4.0.0", "3.1.0", "4.0.0-beta.2"],
        distTags: [
          ["latest", "4.0.2"],
          ["next", "4.0.0-beta.2"],
        ],
      },
      feeds: {
        new: "feeds/new.xml",
        updated: "feeds/updated.xml",
        categories: new Map([
          ["acme-charts", "feeds/category/acme-charts.xml"],
          ["maps", "feeds/category/maps.xml"],
        ]),
      },
    });
    expect(readSiteData(blockText(withSiteData("<head></head>", { compat: null, feeds: null })))).toEqual({ compat: null, feeds: null });
  });

  it("gives neither control for a missing, malformed or foreign block", () => {
    for (const text of [null, undefined, "", "{", "null", "[]", '"x"', "42", '{"compat":[],"feeds":"feeds/new.xml"}'])
      expect(readSiteData(text), String(text)).toEqual({ compat: null, feeds: null });
    expect(readSiteData(JSON.stringify({ compat: { host: "", versions: [] } })).compat).toBeNull();
    expect(readSiteData(JSON.stringify({ compat: { host: "h", versions: "1.0.0" } })).compat).toBeNull();
  });

  it("links only the site's own feed files: no other host, scheme, `..` or file type", () => {
    const feeds = {
      new: "https://evil.example/feed.xml",
      updated: "feeds/../../x.xml",
      categories: {
        a: "feeds/category/a.xml",
        b: "//evil.example/feeds/b.xml",
        c: "javascript:alert(1)//feeds/c.xml",
        d: "feeds/category/d.html",
        e: "feeds/./e.xml",
        f: "/feeds/f.xml",
        g: "feeds/category/G.xml",
        h: 7,
      },
    };
    expect(readSiteData(JSON.stringify({ compat: null, feeds })).feeds).toEqual({
      new: null,
      updated: null,
      categories: new Map([["a", "feeds/category/a.xml"]]),
    });
  });

  it("keeps only string versions and tags of a version's length, and at most so many", () => {
    const long = "1".repeat(257);
    const compat = {
      host: "h".repeat(300),
      latest: 4,
      versions: ["1.0.0", 2, null, "", long, { v: "1" }, ...Array.from({ length: MAX_VERSIONS + 10 }, (_, i) => `0.0.${i}`)],
      distTags: {
        latest: "1.0.0",
        bad: 1,
        [long]: "1.0.0",
        long,
        ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`t${i}`, "1.0.0"])),
      },
    };
    const read = readSiteData(JSON.stringify({ compat, feeds: null })).compat!;
    expect(read.host).toHaveLength(214);
    expect(read.latest).toBeNull();
    expect(read.versions[0]).toBe("1.0.0");
    expect(read.versions.length).toBeLessThanOrEqual(MAX_VERSIONS);
    expect(read.distTags[0]).toEqual(["latest", "1.0.0"]);
    expect(read.distTags.length).toBeLessThanOrEqual(MAX_TAGS);
    expect(read.distTags.some(([tag, version]) => tag === long || version === long)).toBe(false);
  });

  it("never throws, and whatever the block holds, every list is bounded and every feed a file under feeds/ (property)", () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom("compat", "feeds", "host", "versions", "distTags", "latest", "new", "updated", "categories", "__proto__"),
    );
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: "small" },
        fc.string(),
        fc.constantFrom("feeds/new.xml", "feeds/a/../b.xml", "feeds/x.xml", "1.0.0"),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("any"), { maxLength: 5 }),
        fc.dictionary(key, tie("any"), { maxKeys: 5 }),
      ),
    })).any;
    fc.assert(
      fc.property(
        fc.oneof(
          value.map((v) => JSON.stringify(v)),
          fc.string(),
        ),
        (text) => {
          const { compat, feeds } = readSiteData(text);
          if (compat) {
            expect(compat.host).not.toBe("");
            expect(compat.versions.length).toBeLessThanOrEqual(MAX_VERSIONS);
            expect(compat.distTags.length).toBeLessThanOrEqual(MAX_TAGS);
            for (const v of [...compat.versions, ...compat.distTags.flat()]) expect(typeof v).toBe("string");
          }
          if (feeds) {
            expect(feeds.categories.size).toBeLessThanOrEqual(MAX_CATEGORY_FEEDS);
            for (const path of [feeds.new, feeds.updated, ...feeds.categories.values()])
              if (path !== null) {
                expect(path).toMatch(/^feeds\/[a-z0-9._-]+(\/[a-z0-9._-]+)*\.xml$/);
                expect(path.split("/").filter((part) => /^\.+$/.test(part))).toEqual([]);
              }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
