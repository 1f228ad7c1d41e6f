/**
 * Section 9: "The explorer at / works on such a host, at the root or under a path: when the API does not answer, the
 * page computes every view with catalog/client.js, with the same results." The whole explorer suite, on a host of the
 * site's files only, under `/some/path/`; then a deploy while the page is open.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PluginDetail } from "../../src/core/detail-body.js";
import type { PluginPage } from "../../src/core/page-body.js";
import { buildSite } from "../../src/site/build-site.js";
import { CORE, CORE_NEXT_DAY } from "../support/fixtures.js";
import { type StaticHost, startStaticHost } from "../support/static-host.js";
import { buildSiteWithCli, makeTempDir, mapReader, runCli, shimTarget } from "../support/targets.js";
import { type Browser, buildAndHostStatically, launchBrowser, type ServedSite } from "./browser.js";
import { CONFIG, explorerCatalog, ORDINARY_PLUGIN } from "./catalog.js";
import { describeExplorer } from "./describe-explorer.js";
import { RAW_HOST } from "./details.js";

describeExplorer("a host of static files only, under a path", buildAndHostStatically);

describe("the explorer on a static host, while a new build is published", () => {
  let browser: Browser;
  let dir: string;
  let host: StaticHost;
  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-explorer-deploy-");
    const site = await buildSiteWithCli(CORE, dir);
    [browser, host] = await Promise.all([launchBrowser(), startStaticHost(site)]);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const namesOf = async (snapshot: typeof CORE, path: string) => {
    const body = (await (await shimTarget(mapReader(await buildSite(snapshot))).fetch(path)).json()) as { plugins: { name: string }[] };
    return body.plugins.map((plugin) => plugin.name);
  };

  it("shows the new build's answers on the next view, past the browser's HTTP cache of the manifest", async () => {
    const [before, after] = [await namesOf(CORE, "/api/plugins"), await namesOf(CORE_NEXT_DAY, "/api/plugins")];
    expect(after).not.toEqual(before);
    const page = await browser.context.newPage();
    const cards = () => page.locator("#cards h3").allTextContents();
    const settled = (names: string[]) =>
      page.waitForFunction(
        (expected) => {
          const shown = [...document.querySelectorAll("#cards h3")].map((h) => h.textContent);
          return JSON.stringify(shown) === JSON.stringify(expected);
        },
        names,
        { timeout: 10_000 },
      );
    // First the recent order; then, after the deploy, the stars order, which differs between the two builds.
    await page.goto(`${host.siteUrl}?sort=recent`);
    await settled(await namesOf(CORE, "/api/plugins?sort=recent"));

    await writeFile(join(dir, "next.json"), JSON.stringify(CORE_NEXT_DAY));
    const published = await runCli(["build", "--snapshot", join(dir, "next.json"), "--out", join(dir, "site")]);
    expect(published.code).toBe(0);

    // The page holds build A's manifest for 5 s (as the shim does everywhere), then reads it again.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    await page.locator("#sort").selectOption("stars");
    await settled(after);
    expect(await cards()).toEqual(after);
    expect(await page.locator("#problem").isHidden()).toBe(true);
    // The host lets browsers keep every file for 10 minutes, the manifest too (as GitHub Pages does): the page asked
    // for it again past that cache, revalidating the copy it had.
    const manifests = host.served.filter((s) => s.path.endsWith("catalog/manifest.json"));
    expect(manifests).toHaveLength(2);
    expect(manifests[1]?.headers["if-none-match"]).toBeDefined();
    expect(host.served.filter((s) => !s.path.startsWith("/some/path/"))).toEqual([]);
    await page.close();
  });
});

describe("the plugin view on a static host, under a path", () => {
  let browser: Browser;
  let site: ServedSite;
  beforeAll(async () => {
    const [launched, served] = await Promise.allSettled([
      launchBrowser().then((b) => (browser = b)),
      buildAndHostStatically(explorerCatalog(20), CONFIG).then((s) => (site = s)),
    ]);
    for (const outcome of [launched, served]) if (outcome.status === "rejected") throw outcome.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("opens from a card through the site's client, loads its README renderer from under the path, and goes back", async () => {
    const listed = (await (await fetch(`${site.apiUrl}/api/plugins?sort=name`)).json()) as PluginPage;
    const index = listed.plugins.findIndex((p) => p.slug === ORDINARY_PLUGIN.slug);
    expect(index).toBeGreaterThanOrEqual(0);
    const page = await browser.context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => void requested.push(request.url()));
    await page.route(
      (url) => !url.href.startsWith(site.siteUrl),
      (route) => route.fulfill({ status: 200, contentType: "image/png", body: Buffer.from([]) }),
    );
    await page.goto(`${site.siteUrl}?sort=name`);
    await page.waitForSelector("#cards h3 a");
    await page.locator("#cards h3 a").nth(index).click();
    await page.waitForFunction(() => document.querySelector("#readme-box .readme") !== null);
    expect(new URL(page.url()).pathname).toBe("/some/path/");
    expect(new URL(page.url()).search).toBe(`?plugin=${encodeURIComponent(ORDINARY_PLUGIN.slug)}`);
    expect(await page.locator("#plugin-name").textContent()).toBe(ORDINARY_PLUGIN.name);
    expect(await page.locator("#readme-box img").first().getAttribute("src")).toBe(
      `https://${RAW_HOST}/jane-doe/wind-logger/main/docs/dashboard.png`,
    );
    // The detail the page computed is the API's: its facts, as `serve` answers them for the same site.
    const detail = (await (await fetch(`${site.apiUrl}/api/plugins/${ORDINARY_PLUGIN.slug}`)).json()) as PluginDetail;
    const score = (await page.getByRole("region", { name: "Score" }).textContent()) ?? "";
    expect(score).toContain(`${detail.score.total} of 100`);
    expect(await page.getByRole("region", { name: "Downloads" }).locator("svg rect").count()).toBe(detail.downloads.weekly.length);
    expect(
      await page
        .getByRole("region", { name: "Repositories" })
        .locator("li a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ).toEqual(detail.repositories.map((r) => r.url));
    expect(requested).toContain(`${site.siteUrl}explorer-readme.js`);
    expect(requested.filter((url) => url.includes("/api/"))).toEqual([`${site.siteUrl}api/status`]);
    await page.goBack();
    await page.waitForFunction(() => !document.getElementById("list")?.hidden);
    expect(new URL(page.url()).search).toBe("?sort=name");
    expect(await page.locator("#cards h3").allTextContents()).toEqual(listed.plugins.map((p) => p.name));
    await page.close();
  });

  it("answers a plugin no build has with the client's 404: no such plugin", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${site.siteUrl}?plugin=no-such-plugin`);
    await page.waitForFunction(() => !document.getElementById("plugin")?.hasAttribute("aria-busy"));
    expect(await page.locator("#plugin h2").textContent()).toBe("No such plugin");
    await page.getByRole("link", { name: "Browse all plugins" }).click();
    await page.waitForFunction(() => !document.getElementById("list")?.hidden);
    expect(new URL(page.url()).pathname).toBe("/some/path/");
    await page.close();
  });
});
