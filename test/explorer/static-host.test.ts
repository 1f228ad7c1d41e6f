/**
 * Section 9: "The explorer at / works on such a host, at the root or under a path: when the API does not answer, the
 * page computes every view with catalog/client.js, with the same results." The whole explorer suite, on a host of the
 * site's files only, under `/some/path/`; then a deploy while the page is open.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/site/build-site.js";
import { CORE, CORE_NEXT_DAY } from "../support/fixtures.js";
import { type StaticHost, startStaticHost } from "../support/static-host.js";
import { buildSiteWithCli, makeTempDir, mapReader, runCli, shimTarget } from "../support/targets.js";
import { type Browser, buildAndHostStatically, launchBrowser } from "./browser.js";
import { describeExplorer } from "./describe-explorer.js";

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
