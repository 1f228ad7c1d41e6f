/**
 * The Worker as the site's wrangler.jsonc deploys it (workerd, Miniflare):
 * only `/api/*` invokes it. The explorer page, every catalog file, a missing
 * path and the non-public files are answered by the platform's asset routing.
 */
import { readdir, readFile, rm, unlink } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { buildSiteWithCli, makeTempDir, type Target } from "../../support/targets.js";
import { startWorkerd } from "../../support/workerd-target.js";
import { COUNTING_ENTRY, takeLog } from "./counting-entry.js";

/** Wrangler never uploads these, whatever `.assetsignore` says. */
const WRANGLER_METAFILES = [".assetsignore", "_headers", "_redirects"];

async function siteFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** The root names `.assetsignore` lists: exact names in this site's file. */
async function ignoredNames(dir: string): Promise<string[]> {
  const lines = (await readFile(join(dir, ".assetsignore"), "utf8")).split("\n").map((line) => line.trim());
  return lines.filter((line) => line !== "" && !line.startsWith("#"));
}

/** Where the platform serves a file: HTML without its extension (`index.html` at `/`), the rest as named. */
function servedAt(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "")}`;
}

function isPublic(file: string, ignored: readonly string[]): boolean {
  const top = file.split("/")[0]!;
  return !ignored.includes(top) && !WRANGLER_METAFILES.includes(file);
}

describe("the Worker, routed as wrangler.jsonc deploys it", () => {
  let dir: string;
  let site: string;
  let target: Target;
  let notFoundPage: string;

  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-routing-");
    // With its public URL, so that the site has its feeds.
    site = await buildSiteWithCli({ ...generateSnapshot({ plugins: 120, seed: 8 }), siteUrl: "https://plugins.example.org/" }, dir);
    notFoundPage = await readFile(join(site, "404.html"), "utf8");
    ({ target } = await startWorkerd(site, { entrySource: COUNTING_ENTRY }));
  });

  afterAll(async () => {
    await target?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the explorer page and every public file of the site without invoking the Worker", async () => {
    const ignored = await ignoredNames(site);
    const files = (await siteFiles(site)).filter((file) => isPublic(file, ignored));
    expect(files).toEqual(expect.arrayContaining(["index.html", "catalog/manifest.json", "catalog/pages/stars/1.json"]));
    for (const file of files) {
      const response = await target.fetch(servedAt(file));
      expect(response.status, file).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer()), file).toEqual(new Uint8Array(await readFile(join(site, file))));
    }
    // The HTML files' own names redirect to where they are served.
    expect((await target.fetch("/index.html")).headers.get("location")).toBe("/");
    expect(await takeLog(target)).toEqual({ invocations: [], reads: [] });
  });

  it("serves catalog/client.js as JavaScript that any origin may import, without invoking the Worker", async () => {
    const response = await target.fetch("/catalog/client.js", { headers: { origin: "https://elsewhere.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(await readFile(join(site, "catalog/client.js"))));
    expect((await takeLog(target)).invocations).toEqual([]);
  });

  it("serves the feeds as application/atom+xml (the site's _headers), without invoking the Worker", async () => {
    const feeds = (await siteFiles(site)).filter((file) => file.startsWith("feeds/"));
    expect(feeds).toEqual(expect.arrayContaining(["feeds/new.xml", "feeds/updated.xml", "feeds/category/acme-category-charts.xml"]));
    for (const file of feeds) {
      const response = await target.fetch(`/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toBe("application/atom+xml; charset=utf-8");
      await response.arrayBuffer();
    }
    expect((await takeLog(target)).invocations).toEqual([]);
  });

  it("invokes the Worker for /api/*, and for nothing else", async () => {
    await target.fetch("/catalog/manifest.json");
    expect((await target.fetch("/api/plugins?per_page=1")).status).toBe(200);
    expect((await target.fetch("/api/nope")).status).toBe(404);
    await target.fetch("/explorer.js");
    expect((await takeLog(target)).invocations).toEqual(["/api/plugins", "/api/nope"]);
  });

  it("answers a path that is no file with 404.html and status 404, without the Worker", async () => {
    for (const path of ["/nope", "/catalog/data/missing.json", "/api", "/apis/plugins"]) {
      const response = await target.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe(notFoundPage);
    }
    expect((await takeLog(target)).invocations).toEqual([]);
  });

  it("never serves the Worker's code, its configuration or the deploy tooling", async () => {
    const ignored = await ignoredNames(site);
    expect(ignored).toEqual(expect.arrayContaining(["_worker.js", "wrangler.jsonc", "_deploy", "_routes.json"]));
    const nonPublic = (await siteFiles(site)).filter((file) => !isPublic(file, ignored));
    const expected = ["_worker.js", "wrangler.jsonc", "_deploy/cloudflare-url-rewrite-rules.json", ".assetsignore"];
    expect(nonPublic).toEqual(expect.arrayContaining(expected));
    for (const file of nonPublic) {
      const response = await target.fetch(`/${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.text(), file).toBe(notFoundPage);
    }
    expect((await takeLog(target)).invocations).toEqual([]);
  });
});

describe("the Worker's own reads under not_found_handling", () => {
  it("see a missing data file as missing (a 503), not as the 404 page", async () => {
    const dir = await makeTempDir("plugin-catalog-routing-");
    try {
      const site = await buildSiteWithCli(generateSnapshot({ plugins: 120, seed: 8 }), dir);
      const manifest = JSON.parse(await readFile(join(site, "catalog/manifest.json"), "utf8")) as { filters: string };
      await unlink(join(site, manifest.filters));
      const { target } = await startWorkerd(site);
      try {
        const response = await target.fetch("/api/plugins?web=1");
        expect(response.status).toBe(503);
        // "missing", not "not valid JSON": the read got a 404, not a page served in the file's place.
        expect(((await response.json()) as { detail: string }).detail).toContain(`${manifest.filters} is missing`);
      } finally {
        await target.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
