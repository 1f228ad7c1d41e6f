/**
 * The explorer's plugin view (contract section 11, "The explorer") and what
 * sections 11 and 12 add to the list (the sorts, the compat filter, the feed
 * links), in headless Chromium on sites built by the CLI and put on `serve`:
 * one whose catalog names a host and knows its URL (so it has feeds), and one
 * without either. Every expectation is the API's own answer for the same view.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PluginDetail } from "../../src/core/detail-body.js";
import type { PluginPage } from "../../src/core/page-body.js";
import type { Plugin } from "../../src/core/plugin.js";
import { REPO_ROOT } from "../support/targets.js";
import { type Browser, buildAndServe, launchBrowser, type ServedSite, seriousViolations } from "./browser.js";
import {
  BARE_PLUGIN,
  CATEGORIES,
  CONFIG,
  explorerCatalog,
  FEEDLESS_CATEGORY,
  HOST,
  HOSTILE_PLUGIN,
  ORDINARY_PLUGIN,
  withoutHostOrSiteUrl,
} from "./catalog.js";
import { IMAGE_HOST, RAW_HOST } from "./details.js";

const OUTPUT = join(REPO_ROOT, "test-output");
/** `UPDATE_SCREENSHOTS=1` writes the README's screenshots into docs/ as well. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === "1" ? [OUTPUT, join(REPO_ROOT, "docs")] : [OUTPUT];
/** What every other host answers in these tests, a picture of a dashboard (no request leaves the machine). */
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="180" viewBox="0 0 640 180">
<rect width="640" height="180" rx="8" fill="#0f1419"/><text x="24" y="40" fill="#e6edf3" font-family="sans-serif" font-size="20">Wind</text>
<text x="24" y="120" fill="#6cb6ff" font-family="sans-serif" font-size="64">14.2 kn</text>
<polyline fill="none" stroke="#57ab5a" stroke-width="4" points="330,140 380,90 430,110 480,60 530,80 600,40"/></svg>`;
const NOT_FOUND = {
  status: 404,
  contentType: "application/problem+json",
  body: JSON.stringify({ type: "about:blank", title: "Not Found", status: 404, detail: "No such resource." }),
};

let browser: Browser;
/** The catalog with a host and a site URL. */
let site: ServedSite;
/** A small catalog without either: no compat control, no feeds. */
let plain: ServedSite;
/** Every plugin of the catalog as the API lists it, by slug. */
const plugins = new Map<string, Plugin>();

beforeAll(async () => {
  const started = await Promise.allSettled([
    launchBrowser().then((b) => (browser = b)),
    buildAndServe(explorerCatalog(), CONFIG).then((s) => (site = s)),
    buildAndServe(withoutHostOrSiteUrl(explorerCatalog(20)), CONFIG).then((s) => (plain = s)),
  ]);
  for (const outcome of started) if (outcome.status === "rejected") throw outcome.reason;
  for (let page = 1; ; page++) {
    const answer = await api<PluginPage>(`/api/plugins?per_page=100&page=${page}`);
    for (const plugin of answer.plugins) plugins.set(plugin.slug, plugin);
    if (page >= answer.pages) break;
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), plain?.close()]);
});

/** The API's answer, from `serve` on the site (`on`: the catalog with a host, unless told). */
async function api<T>(pathAndQuery: string, on: ServedSite = site): Promise<T> {
  return (await (await fetch(`${on.apiUrl}${pathAndQuery}`)).json()) as T;
}

/** The API's detail of one plugin. */
async function detailOf(slug: string): Promise<PluginDetail> {
  const response = await fetch(`${site.apiUrl}/api/plugins/${encodeURIComponent(slug)}`);
  expect(response.status, slug).toBe(200);
  return (await response.json()) as PluginDetail;
}

interface Opened {
  readonly page: Page;
  /** Every URL the page asked for, in order. */
  readonly requested: string[];
}

/** A page of `on` (the catalog with a host, unless told), with image hosts answered locally, at `view`. */
async function open(view: string, options: { width?: number; on?: ServedSite } = {}): Promise<Opened> {
  const { width = 1280, on = site } = options;
  const page = await browser.context.newPage();
  const requested: string[] = [];
  page.on("request", (request) => void requested.push(request.url()));
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  await page.route(
    (url) => !url.href.startsWith(on.siteUrl),
    (route) => route.fulfill({ status: 200, contentType: "image/svg+xml", body: PICTURE }),
  );
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.goto(`${on.siteUrl}${view.replace(/^\//, "")}`);
  return { page, requested };
}

/** The list has shown the answer to the view in its URL. */
const listSettled = (page: Page) =>
  page.waitForFunction(() => {
    const list = document.getElementById("list");
    const results = document.querySelector("#results-heading")?.parentElement;
    return (
      list &&
      !list.hidden &&
      results &&
      !results.hasAttribute("aria-busy") &&
      (document.getElementById("summary")?.textContent ?? "") !== ""
    );
  });

/** The plugin view has shown its answer, README included. */
const viewSettled = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.getElementById("plugin");
    return main && !main.hidden && !main.hasAttribute("aria-busy") && !document.querySelector("#readme-box[aria-busy]");
  });

const cardNames = (page: Page) => page.locator("#cards h3").allTextContents();

describe("the plugin view", () => {
  it("opens from a card's name, shows every fact of the answer, and back returns to the list as it was", async () => {
    const listView = `category=${CONFIG.categories[0]}&sort=recent&page=2`;
    const expected = await api<PluginPage>(`/api/plugins?${listView}`);
    expect(expected.plugins.length).toBeGreaterThan(10);
    const { page, requested } = await open(`/?${listView}`);
    await listSettled(page);
    const target = expected.plugins[9]!;
    const link = page.locator("#cards h3 a").nth(9);
    expect(await link.textContent()).toBe(target.name);
    expect(await link.getAttribute("href")).toBe(`?plugin=${target.slug}`);
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(300);
    const listRequests = () => requested.filter((url) => url.includes("/api/plugins?")).length;
    const before = listRequests();

    await link.click();
    await page.waitForURL((url) => url.search === `?plugin=${target.slug}`);
    await viewSettled(page);
    expect(await page.title()).toBe(`${target.name} · Plugin catalog`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("plugin-name");
    await expectView(page, await detailOf(target.slug));

    await page.goBack();
    await listSettled(page);
    expect(new URL(page.url()).search).toBe(`?${listView}`);
    expect(await cardNames(page)).toEqual(expected.plugins.map((p) => p.name));
    expect(await page.locator("#sort").inputValue()).toBe("recent");
    expect(await page.locator(`#category-list li[data-category="${CONFIG.categories[0]}"] input`).isChecked()).toBe(true);
    expect(Math.abs((await page.evaluate(() => scrollY)) - scrolled)).toBeLessThan(5);
    expect(listRequests(), "the list is shown again as it was, not asked for again").toBe(before);

    // Forward to the view again, then its own "Back to the plugins" link: the same list, where it was.
    await page.goForward();
    await viewSettled(page);
    await page.getByRole("link", { name: "Back to the plugins" }).click();
    await listSettled(page);
    expect(new URL(page.url()).search).toBe(`?${listView}`);
    expect(Math.abs((await page.evaluate(() => scrollY)) - scrolled)).toBeLessThan(5);
    await page.close();
  });

  it("shows every fact of a plugin that has them all: two repositories, 26 weeks, ten releases, engines, trust, score", async () => {
    const detail = await detailOf(ORDINARY_PLUGIN.slug);
    // What the test catalog gave it, as the API answers it: none of the view's parts is empty.
    expect(detail.repositories.map((r) => [r.host, r.archived, r.defaultBranch])).toEqual([
      ["github", false, "main"],
      ["gitlab", true, null],
    ]);
    expect(detail.downloads.weekly).toHaveLength(26);
    expect(detail.releases.recent).toHaveLength(10);
    expect(detail.releases.lastYear).toBeGreaterThan(0);
    expect(detail.engines).toEqual({ node: ">=18", host: ">=2.0.0 <4" });
    expect(detail.trust).toEqual({ provenance: true, installScripts: false, spdxLicense: true });
    expect(detail.score.total).toBeGreaterThan(0);
    const { page } = await open(`/?plugin=${ORDINARY_PLUGIN.slug}`);
    await viewSettled(page);
    await expectView(page, detail);
    await page.close();
  });

  it("renders the README from Markdown, its relative links and images pointed at the first repository's default branch", async () => {
    const slug = ORDINARY_PLUGIN.slug;
    const { page, requested } = await open(`/?plugin=${slug}`);
    await viewSettled(page);
    const readme = page.locator("#readme-box .readme");
    // Its headings sit under the view's own: the README's h1 under the view's "README" (an h3).
    expect(await readme.locator("h4").first().textContent()).toBe("Wind logger");
    expect(await readme.locator("h5").allTextContents()).toEqual(["Installation", "Configuration"]);
    expect(await readme.locator("h5").first().getAttribute("id")).toBe("user-content-installation");
    expect(await readme.locator("pre code").textContent()).toContain('require("wind-logger")');
    expect(await readme.locator("table th").allTextContents()).toEqual(["option", "default", "meaning"]);
    const links = await readme
      .locator("a")
      .evaluateAll((anchors) =>
        anchors.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("rel"), a.getAttribute("target")]),
      );
    expect(links).toEqual([
      ["InfluxDB", "https://www.influxdata.com/", "nofollow noopener", null],
      ["the setup guide", "https://github.com/jane-doe/wind-logger/blob/main/docs/setup.md#network", "nofollow noopener", null],
      ["changelog", "https://github.com/jane-doe/wind-logger/blob/main/CHANGELOG.md", "nofollow noopener", null],
      ["usage", "#user-content-installation", "nofollow noopener", null],
      ["badge", `https://${IMAGE_HOST}/badge.svg`, "nofollow noopener", null],
    ]);
    expect(await readme.locator("img").getAttribute("src")).toBe(`https://${RAW_HOST}/jane-doe/wind-logger/main/docs/dashboard.png`);
    // The image is asked for as the page gets to it: under load, after the view has settled.
    await expect.poll(() => requested, { timeout: 5_000 }).toContain(`https://${RAW_HOST}/jane-doe/wind-logger/main/docs/dashboard.png`);
    // The renderer is a module of the site, loaded with the view, from the site itself.
    expect(requested).toContain(`${site.siteUrl}explorer-readme.js`);

    // An in-page link lands on its heading, focused, and leaves the view and its history entry as they are.
    const entries = await page.evaluate(() => history.length);
    await readme.getByRole("link", { name: "usage" }).click();
    await page.waitForURL((url) => url.hash === "#user-content-installation");
    expect(await page.locator("#plugin-name").textContent()).toBe(plugins.get(slug)!.name);
    expect(await page.evaluate(() => document.getElementById("user-content-installation")!.getBoundingClientRect().top)).toBeLessThan(100);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("user-content-installation");
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.close();
  });

  it("loads its README renderer only when a plugin's view opens", async () => {
    const { page, requested } = await open("/");
    await listSettled(page);
    expect(requested.filter((url) => /explorer-readme\.js|plugin-view\.js/.test(url))).toEqual([]);
    await page.locator("#cards h3 a").first().click();
    await viewSettled(page);
    expect(requested.filter((url) => /explorer-readme\.js|plugin-view\.js/.test(url)).sort()).toEqual([
      `${site.siteUrl}explorer-readme.js`,
      `${site.siteUrl}plugin-view.js`,
    ]);
    await page.close();
  });

  it("shows a plugin without a README, repositories or history, as the answer says", async () => {
    const bare = await detailOf(BARE_PLUGIN.slug);
    expect(bare).toMatchObject({
      readme: null,
      repositories: [],
      downloads: { lastWeek: 0, lastMonth: 0, weekly: [] },
      releases: { count: 0, lastYear: 0, recent: [] },
      engines: { node: null, host: null },
      trust: { provenance: false, installScripts: true, spdxLicense: false },
    });
    const { page } = await open(`/?plugin=${BARE_PLUGIN.slug}`);
    await viewSettled(page);
    await expectView(page, bare);
    expect(await page.locator("#readme-box").textContent()).toBe("This plugin has no README.");
    await page.close();
  });

  it("answers an unknown plugin with a clear message and a way back; a malformed one without asking", async () => {
    for (const slug of ["no-such-plugin", "../../etc", "UPPER"]) {
      const { page, requested } = await open(`/?plugin=${encodeURIComponent(slug)}`);
      await viewSettled(page);
      expect(await page.locator("#plugin h2").textContent()).toBe("No such plugin");
      expect(await page.locator("#plugin").textContent()).toContain(`No plugin of this catalog has the id ${slug}.`);
      const asked = requested.filter((url) => url.includes("/api/plugins/"));
      if (slug === "no-such-plugin") expect(asked[0]).toBe(`${site.siteUrl}api/plugins/no-such-plugin`);
      else expect(asked.filter((url) => url.includes(encodeURIComponent(slug)))).toEqual([]);
      await page.getByRole("link", { name: "Browse all plugins" }).click();
      await listSettled(page);
      expect(new URL(page.url()).search).toBe("");
      expect(await cardNames(page)).toEqual((await api<PluginPage>("/api/plugins")).plugins.map((p) => p.name));
      await page.close();
    }
  });

  it("on an API without plugin details (a site built before them), says so and stops linking cards to views", async () => {
    const { page } = await open("/");
    // Such an API answers every plugin's path with its 404 for an unknown path.
    await page.route(/\/api\/plugins\/[^/?]+$/, (route) => route.fulfill(NOT_FOUND));
    await listSettled(page);
    const first = (await api<PluginPage>("/api/plugins")).plugins[0]!;
    await page.locator("#cards h3 a").first().click();
    await viewSettled(page);
    expect(await page.locator("#plugin h2").textContent()).toBe(first.name);
    expect(await page.locator("#plugin").textContent()).toContain("This catalog's API does not serve plugin details");
    expect(await page.getByRole("link", { name: `Its page on npm (${first.name})` }).getAttribute("href")).toBe(
      `https://www.npmjs.com/package/${first.npmName}`,
    );
    await page.getByRole("link", { name: "Browse all plugins" }).click();
    await listSettled(page);
    await page.locator("#sort").selectOption("name");
    await listSettled(page);
    expect(await page.locator("#cards h3 a").count()).toBe(0);
    expect(await page.locator("#cards h3").count()).toBe(50);
    await page.close();
  });

  it("works by keyboard: a card's name, Enter, the view's heading focused, its links, and the back link", async () => {
    const { page } = await open("/");
    await listSettled(page);
    await page.locator("#cards h3 a").nth(2).focus();
    await page.keyboard.press("Enter");
    await viewSettled(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("plugin-name");
    await page.keyboard.press("Tab");
    // Tab order starts after the focused heading: the npm link, then the homepage's, the tags, the README.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^npm page of /);
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("← Back to the plugins");
    await page.keyboard.press("Enter");
    await listSettled(page);
    expect(new URL(page.url()).search).toBe("");
    // Back on the list, the card's link that opened the view has the focus again.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-plugin"))).toBe(
      await page.locator("#cards h3 a").nth(2).getAttribute("data-plugin"),
    );
    await page.close();
  });

  it("has no serious or critical axe-core violations and fits a 390 px phone, an ordinary and a hostile README; screenshots", async () => {
    for (const dir of SCREENSHOTS) await mkdir(dir, { recursive: true });
    for (const [plugin, name] of [
      [ORDINARY_PLUGIN, "plugin-view"],
      [HOSTILE_PLUGIN, "plugin-view-hostile"],
    ] as const) {
      for (const width of [390, 1280]) {
        const { page } = await open(`/?plugin=${plugin.slug}`, { width });
        await viewSettled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
        expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
        if (width === 1280) {
          for (const dir of SCREENSHOTS) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
        }
        await page.close();
      }
    }
  });
});

/** Every fact of `detail` is on the page, as the view words it. */
async function expectView(page: Page, detail: PluginDetail): Promise<void> {
  const view = page.locator("#plugin");
  expect(await view.locator("h2").textContent()).toBe(detail.name);
  const head = (await view.locator(".plugin-head").textContent()) ?? "";
  for (const part of [detail.npmName, `v${detail.version}`, detail.description, detail.license || "no license"])
    expect(head).toContain(part);
  expect(await view.locator(".plugin-head .links a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    `https://www.npmjs.com/package/${detail.npmName}`,
    ...(detail.homepage ? [detail.homepage] : []),
  ]);

  const section = (name: string) => view.getByRole("region", { name });
  const score = (await section("Score").textContent()) ?? "";
  expect(score).toContain(`${detail.score.total} of 100`);
  for (const [part, label] of [
    ["popularity", "Popularity"],
    ["maintenance", "Maintenance"],
    ["quality", "Quality"],
  ] as const) {
    expect(score).toContain(`${label}: ${detail.score[part]}`);
    expect(
      await section("Score")
        .getByRole("meter", { name: `${label}: ${detail.score[part]}` })
        .getAttribute("value"),
    ).toBe(String(detail.score[part]));
  }
  expect(await section("Score").locator(".explain").count()).toBe(3);

  const downloads = section("Downloads");
  const pairs = await downloads.locator("dl.pairs").evaluate((dl) => [...dl.children].map((child) => child.textContent));
  expect(pairs).toEqual([
    "Last week",
    detail.downloads.lastWeek.toLocaleString("en"),
    "Last 30 days",
    detail.downloads.lastMonth.toLocaleString("en"),
    "Dependent packages",
    detail.dependents.toLocaleString("en"),
  ]);
  const weeks = detail.downloads.weekly;
  expect(await downloads.locator("svg rect").count()).toBe(weeks.length);
  if (weeks.length > 0) {
    // What a screen reader reads: a table of every week, the picture hidden from it.
    expect(await downloads.locator("svg").getAttribute("aria-hidden")).toBe("true");
    const rows = await downloads
      .locator("table tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows).toEqual(
      weeks.map((week) => [
        new Date(week.date).toLocaleDateString("en", { dateStyle: "medium", timeZone: "UTC" }),
        week.count.toLocaleString("en"),
      ]),
    );
    const heights = await downloads.locator("svg rect").evaluateAll((rects) => rects.map((r) => Number(r.getAttribute("height"))));
    const tallest = weeks.findIndex((week) => week.count === Math.max(...weeks.map((w) => w.count)));
    expect(Math.max(...heights)).toBe(heights[tallest]);
  }

  const repositories = section("Repositories");
  expect(await repositories.locator("li").count()).toBe(detail.repositories.length);
  for (const [i, repository] of detail.repositories.entries()) {
    const item = repositories.locator("li").nth(i);
    expect(await item.locator("a").getAttribute("href")).toBe(repository.url);
    const text = (await item.textContent()) ?? "";
    expect(text).toContain(repository.host === "github" ? "on GitHub" : "on GitLab");
    expect(text).toContain(`Stars${repository.stars}`);
    expect(text).toContain(`Forks${repository.forks}`);
    expect(text).toContain(`Open issues${repository.openIssues}`);
    expect(text).toContain(repository.defaultBranch ? `Default branch${repository.defaultBranch}` : "Default branchunknown");
    expect(await item.locator(".archived").count()).toBe(repository.archived ? 1 : 0);
    if (repository.pushedAt) expect(await item.locator("time").getAttribute("datetime")).toBe(repository.pushedAt);
    else expect(text).toContain("Last pushunknown");
  }

  const releases = section("Releases");
  expect(await releases.locator("p").first().textContent()).toBe(
    `${detail.releases.count} release${detail.releases.count === 1 ? "" : "s"}, ${detail.releases.lastYear} in the last year.`,
  );
  expect(await releases.locator("li code").allTextContents()).toEqual(detail.releases.recent.map((r) => r.version));
  expect(await releases.locator("li time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime")))).toEqual(
    detail.releases.recent.map((r) => r.publishedAt),
  );

  const engines = (await section("Runs on").textContent()) ?? "";
  expect(engines).toContain(`Node.js${detail.engines.node ?? "not declared"}`);
  // The catalog names its host: the line is named after it.
  expect(engines).toContain(`${HOST.host}${detail.engines.host ?? "not declared"}`);

  const trust = (await section("Trust").textContent()) ?? "";
  expect(trust).toContain(detail.trust.provenance ? "Provenance: npm holds a signed attestation" : "No provenance");
  expect(trust).toContain(detail.trust.installScripts ? "Install scripts: installing it runs" : "No install scripts");
  expect(trust).toContain(
    !detail.license
      ? "No license declared."
      : detail.trust.spdxLicense
        ? `License: ${detail.license} is a valid SPDX expression.`
        : `License: ${detail.license} is not a valid SPDX expression.`,
  );
}

describe("the list's orders, compat filter and feeds", () => {
  /** The `api/plugins` requests the page made, as query strings. */
  const listQueries = (requested: string[]) =>
    requested.filter((url) => url.startsWith(`${site.siteUrl}api/plugins?`)).map((url) => new URL(url).search.slice(1));
  const options = (page: Page, select: string) =>
    page.locator(`${select} option`).evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  const viewAt = async (page: Page, query: string) => {
    await page.waitForURL((url) => url.search === (query ? `?${query}` : ""));
    await listSettled(page);
  };
  const names = (answer: PluginPage) => answer.plugins.map((p) => p.name);

  it("orders a search by best match until another order is picked, which the URL keeps", async () => {
    const { page, requested } = await open("/");
    await listSettled(page);
    const offered = [
      ["stars", "Most stars"],
      ["downloads", "Most downloads"],
      ["recent", "Recently updated"],
      ["name", "Name"],
    ];
    expect(await options(page, "#sort")).toEqual(offered);
    expect(await page.locator("#sort").inputValue()).toBe("stars");
    const [relevance, stars, downloads] = [
      await api<PluginPage>("/api/plugins?q=wind&sort=relevance"),
      await api<PluginPage>("/api/plugins?q=wind&sort=stars"),
      await api<PluginPage>("/api/plugins?q=wind&sort=downloads"),
    ];
    // Three different orders of the same matches: the page shows the one it asked for.
    expect(names(relevance)).not.toEqual(names(stars));
    expect(names(downloads)).not.toEqual(names(stars));

    await page.locator("#q").fill("wind");
    await viewAt(page, "q=wind");
    expect(listQueries(requested).at(-1)).toBe("q=wind&sort=relevance");
    expect(await options(page, "#sort")).toEqual([["relevance", "Best match"], ...offered]);
    expect(await page.locator("#sort").inputValue()).toBe("relevance");
    expect(await cardNames(page)).toEqual(names(relevance));

    await page.locator("#sort").selectOption("stars");
    await viewAt(page, "q=wind&sort=stars");
    expect(listQueries(requested).at(-1)).toBe("q=wind&sort=stars");
    expect(await cardNames(page)).toEqual(names(stars));

    await page.locator("#sort").selectOption("relevance");
    await viewAt(page, "q=wind");
    expect(await cardNames(page)).toEqual(names(relevance));
    await page.locator("#sort").selectOption("downloads");
    await viewAt(page, "q=wind&sort=downloads");
    expect(listQueries(requested).at(-1)).toBe("q=wind&sort=downloads");
    expect(await cardNames(page)).toEqual(names(downloads));

    // Without a search, best match is not offered; the order picked stays.
    await page.locator("#q").fill("");
    await page.locator("#q").press("Enter");
    await viewAt(page, "sort=downloads");
    expect(await options(page, "#sort")).toEqual(offered);
    expect(await page.locator("#sort").inputValue()).toBe("downloads");
    expect(await cardNames(page)).toEqual(names(await api<PluginPage>("/api/plugins?sort=downloads")));
    await page.close();
  });

  it("on an API without best match, orders a search as the API does by default and stops offering it", async () => {
    const { page, requested } = await open("/");
    // An API older than section 11 refuses the order with its 400.
    await page.route(
      (url) => url.href.startsWith(`${site.siteUrl}api/plugins?`) && url.searchParams.get("sort") === "relevance",
      (route) =>
        route.fulfill({
          status: 400,
          contentType: "application/problem+json",
          body: JSON.stringify({
            type: "about:blank",
            title: "Bad Request",
            status: 400,
            detail: "The query has 1 invalid parameter.",
            errors: [{ parameter: "sort", message: "must be one of stars, recent, name" }],
          }),
        }),
    );
    await listSettled(page);
    await page.locator("#q").fill("wind");
    await viewAt(page, "q=wind");
    expect(listQueries(requested).slice(-2)).toEqual(["q=wind&sort=relevance", "q=wind"]);
    expect(await cardNames(page)).toEqual(names(await api<PluginPage>("/api/plugins?q=wind")));
    expect(await page.locator("#problem").isHidden()).toBe(true);
    expect(await page.locator("#sort").inputValue()).toBe("stars");
    expect((await options(page, "#sort")).map(([value]) => value)).not.toContain("relevance");
    await page.locator("#q").fill("solar");
    await viewAt(page, "q=solar");
    expect(listQueries(requested).at(-1)).toBe("q=solar");
    await page.close();
  });

  it("offers the host's versions newest first, prereleases among them, kept in the URL and sent with every query", async () => {
    const { page, requested } = await open("/");
    await listSettled(page);
    expect(await page.locator("#compat-field").isVisible()).toBe(true);
    expect(await page.locator("#compat-label").textContent()).toBe(`Runs on ${HOST.host}`);
    expect(await options(page, "#compat")).toEqual([
      ["", "Any version"],
      ["latest", "latest (4.0.2)"],
      ["next", "next (4.0.0-beta.2)"],
      ["10.0.0", "10.0.0"],
      ["4.0.2", "4.0.2 (latest)"],
      ["4.0.0", "4.0.0"],
      ["4.0.0-beta.2", "4.0.0-beta.2"],
      ["4.0.0-beta.1", "4.0.0-beta.1"],
      ["4.0.0-alpha.10", "4.0.0-alpha.10"],
      ["4.0.0-alpha.9", "4.0.0-alpha.9"],
      ["3.1.0", "3.1.0"],
      ["2.2.3", "2.2.3"],
      ["1.0.0", "1.0.0"],
      ["0.20.0", "0.20.0"],
    ]);
    expect(await page.locator("#compat optgroup").evaluateAll((groups) => groups.map((g) => g.getAttribute("label")))).toEqual([
      "Tags",
      "Versions",
    ]);

    const all = await api<PluginPage>("/api/plugins");
    const filtered = await api<PluginPage>("/api/plugins?compat=3.1.0");
    expect(filtered.total, "the version leaves plugins out").toBeLessThan(all.total);
    expect(filtered.total).toBeGreaterThan(0);
    await page.locator("#compat").selectOption("3.1.0");
    await viewAt(page, "compat=3.1.0");
    expect(listQueries(requested).at(-1)).toBe("compat=3.1.0");
    expect(requested.filter((url) => url.startsWith(`${site.siteUrl}api/facets?`)).at(-1)).toBe(`${site.siteUrl}api/facets?compat=3.1.0`);
    expect(await cardNames(page)).toEqual(names(filtered));
    expect(await page.locator("#summary").textContent()).toContain(`${filtered.total} plugins that run on ${HOST.host} 3.1.0`);
    await page.locator("#compat").selectOption("");
    await viewAt(page, "");
    expect(await cardNames(page)).toEqual(names(all));
    await page.close();

    // A deep link selects its version, a dist-tag too.
    const deep = await open("/?compat=next&sort=name");
    await listSettled(deep.page);
    expect(await deep.page.locator("#compat").inputValue()).toBe("next");
    expect(listQueries(deep.requested).at(-1)).toBe("compat=next&sort=name");
    expect(await cardNames(deep.page)).toEqual(names(await api<PluginPage>("/api/plugins?compat=next&sort=name")));
    // A version the host never published is kept in the control, and the API's refusal, naming the host, is shown.
    await deep.page.goto(`${site.siteUrl}?compat=9.9.9`);
    await listSettled(deep.page);
    expect(await deep.page.locator("#compat").inputValue()).toBe("9.9.9");
    const problem = await api<{ errors: { parameter: string; message: string }[] }>("/api/plugins?compat=9.9.9");
    const error = problem.errors.find((e) => e.parameter === "compat")!;
    expect(error.message).toContain(HOST.host);
    expect(await deep.page.getByRole("alert").textContent()).toContain(`compat: ${error.message}`);
    await deep.page.close();
  });

  it("has no compat control where the catalog names no host", async () => {
    const { page } = await open("/", { on: plain });
    await listSettled(page);
    await page.waitForFunction(() => (document.getElementById("freshness")?.textContent ?? "").includes("built"));
    expect(await page.locator("#compat-field").isHidden()).toBe(true);
    await page.close();
  });

  it("links the feeds: the build's in the head, the selected category's added there; all of them on the page", async () => {
    const feedLinks = (page: Page) =>
      page.evaluate(() => ({
        head: [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [
          l.getAttribute("type"),
          l.getAttribute("href"),
          l.getAttribute("title"),
        ]),
        page: [...document.querySelectorAll("#feeds a")].map((a) => [a.getAttribute("href"), a.textContent]),
      }));
    const { page } = await open("/");
    await listSettled(page);
    const type = "application/atom+xml";
    const whole = [
      ["feeds/new.xml", "New plugins"],
      ["feeds/updated.xml", "Recently updated plugins"],
    ];
    expect(await feedLinks(page)).toEqual({ head: whole.map(([href, title]) => [type, href, title]), page: whole });
    expect(
      await page
        .locator("#feeds a")
        .first()
        .evaluate((a) => (a as HTMLAnchorElement).href),
    ).toBe(`${site.siteUrl}feeds/new.xml`);

    const category = CATEGORIES[0];
    await page.locator(`#category-list li[data-category="${category}"] label`).click();
    await viewAt(page, `category=${category}`);
    const label = category.replace("acme-category-", "");
    const categoryFeed = [`feeds/category/${category}.xml`, `Recently updated plugins in ${label}`];
    expect(await feedLinks(page)).toEqual({
      head: [...whole, categoryFeed].map(([href, title]) => [type, href, title]),
      page: [...whole, categoryFeed],
    });
    // Every link names a feed the site serves.
    for (const [href] of [...whole, categoryFeed]) {
      const response = await fetch(`${site.siteUrl}${href}`);
      expect(response.status, href).toBe(200);
      expect(response.headers.get("content-type"), href).toMatch(/^application\/atom\+xml\b/);
      await response.body?.cancel();
    }
    // A category whose name gets no feed, and another category: the page took out only the link it had added.
    await page.locator(`#category-list li[data-category="${FEEDLESS_CATEGORY}"] label`).click();
    await viewAt(page, new URLSearchParams({ category: FEEDLESS_CATEGORY }).toString());
    expect(await feedLinks(page)).toEqual({ head: whole.map(([href, title]) => [type, href, title]), page: whole });
    await page.locator(`#category-list li[data-category="${CATEGORIES[1]}"] label`).click();
    await viewAt(page, `category=${CATEGORIES[1]}`);
    expect((await feedLinks(page)).head).toHaveLength(3);
    await page.goBack();
    await viewAt(page, new URLSearchParams({ category: FEEDLESS_CATEGORY }).toString());
    expect((await feedLinks(page)).head).toHaveLength(2);
    await page.close();

    const none = await open("/", { on: plain });
    await listSettled(none.page);
    await none.page.waitForFunction(() => (document.getElementById("freshness")?.textContent ?? "").includes("built"));
    expect(await feedLinks(none.page)).toEqual({ head: [], page: [] });
    expect(await none.page.locator("#feeds").isHidden()).toBe(true);
    await none.page.close();
  });
});
