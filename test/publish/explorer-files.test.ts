/**
 * The explorer page's data block and feed links (publish/explorer-files.ts):
 * written into index.html's head as JSON that no text can break out of, read
 * back as it was given; the page's own markup and Content-Security-Policy
 * unchanged.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addExplorerFiles, SITE_DATA_ID, withSiteData } from "../../src/publish/explorer-files.js";
import type { ExplorerData } from "../../src/site/site-data.js";
import { REPO_ROOT } from "../support/targets.js";

const HOSTILE: ExplorerData = {
  compat: {
    host: "</script><script>alert(1)</script>",
    latest: "1.0.0",
    versions: ["1.0.0", "1.0.0-<!--", "2.0.0-\u2028\u2029"],
    distTags: { latest: "1.0.0", "</SCRIPT>": "1.0.0", "<!-- x": "1.0.0", ["__proto__"]: "1.0.0" },
  },
  feeds: { new: "feeds/new.xml", updated: "feeds/updated.xml", categories: { "a</script>": "feeds/category/a.xml" } },
};

const dataBlock = (html: string): string => {
  const open = `<script type="application/json" id="${SITE_DATA_ID}">`;
  const start = html.indexOf(open) + open.length;
  return html.slice(start, html.indexOf("</script>", start));
};

describe("withSiteData", () => {
  const template = "<html><head><title>t</title></head><body></body></html>";

  it("puts the data in a JSON block at the end of the head, no '<' inside, read back exactly", () => {
    const html = withSiteData(template, HOSTILE);
    expect(html.indexOf(`id="${SITE_DATA_ID}"`)).toBeLessThan(html.indexOf("</head>"));
    const json = dataBlock(html);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(HOSTILE)));
    expect(html.endsWith("</head><body></body></html>")).toBe(true);
  });

  it("links the whole catalog's feeds when there are feeds, and nothing else", () => {
    const html = withSiteData(template, HOSTILE);
    expect(html.match(/<link [^>]*>/g)).toEqual([
      '<link rel="alternate" type="application/atom+xml" title="New plugins" href="feeds/new.xml">',
      '<link rel="alternate" type="application/atom+xml" title="Recently updated plugins" href="feeds/updated.xml">',
    ]);
    expect(withSiteData(template, { compat: null, feeds: null })).toBe(
      `<html><head><title>t</title><script type="application/json" id="${SITE_DATA_ID}">{"compat":null,"feeds":null}</script>\n</head><body></body></html>`,
    );
  });

  it("refuses a page without a head", () => {
    expect(() => withSiteData("<p>no head</p>", HOSTILE)).toThrow("has no </head>");
  });
});

describe("addExplorerFiles", () => {
  it("adds the template's page with its data, and its script and style as they are", async () => {
    const files = new Map<string, Uint8Array>();
    await addExplorerFiles(files, HOSTILE);
    const template = (name: string) => readFile(join(REPO_ROOT, "templates", "explorer", name));
    expect(new TextDecoder().decode(files.get("index.html"))).toBe(
      withSiteData(await readFile(join(REPO_ROOT, "templates", "explorer", "index.html"), "utf8"), HOSTILE),
    );
    expect(new Uint8Array(files.get("explorer.js")!)).toEqual(new Uint8Array(await template("explorer.js")));
    expect(new Uint8Array(files.get("explorer.css")!)).toEqual(new Uint8Array(await template("explorer.css")));
  });

  it("keeps the page's Content-Security-Policy, which runs no inline script: the data block is never run", async () => {
    const files = new Map<string, Uint8Array>();
    await addExplorerFiles(files);
    const html = new TextDecoder().decode(files.get("index.html"));
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self'[^"]*">/);
    expect(JSON.parse(dataBlock(html))).toEqual({ compat: null, feeds: null });
  });
});
