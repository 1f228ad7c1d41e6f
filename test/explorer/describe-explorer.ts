/**
 * The explorer page (docs/API.md#explorer-page) in a real browser: a site built by
 * the CLI, driven through headless Chromium, written once and run on every
 * kind of host (`describeExplorer`): `serve` (the API beside the files) and a
 * host of static files only, under a path, where the page computes the API
 * with the site's catalog/client.js. Every expectation is the API's own
 * answer for the same view, from `serve` on the same site, so the page is
 * checked against the API rather than against hand-written data.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FacetCounts } from "../../src/core/facets-body.js";
import type { PluginPage } from "../../src/core/page-body.js";
import type { CatalogStatus } from "../../src/core/status-body.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { REPO_ROOT } from "../support/targets.js";
import { type Browser, launchBrowser, type ServedSite, seriousViolations } from "./browser.js";
import { CONFIG, explorerCatalog, HOST, LONG_PLUGIN, ORDINARY_PLUGIN, PEOPLE } from "./catalog.js";

type PluginsPage = PluginPage;
type Facets = FacetCounts;
type Status = CatalogStatus;
interface Problem {
  title: string;
  detail: string;
  status: number;
  errors?: { parameter: string; message: string }[];
}

const OUTPUT = join(REPO_ROOT, "test-output");

/** Builds the site of `snapshot` with `config` and puts it on a host; `hostsApi`: whether that host answers /api. */
export type StartSite = (snapshot: CatalogSnapshot, config: unknown) => Promise<ServedSite>;

export function describeExplorer(hostName: string, startSite: StartSite): void {
  let browser: Browser;
  let site: ServedSite;
  /** The site's path on its host: `/`, or `/some/path/`. */
  let base: string;
  /** Every URL any page of the browser asked for, in order. */
  const requested: string[] = [];

  beforeAll(async () => {
    // Both at once; each is kept as soon as it is up, so that afterAll stops it even when the other failed.
    const [launched, served] = await Promise.allSettled([
      launchBrowser().then((b) => (browser = b)),
      startSite(explorerCatalog(), CONFIG).then((s) => (site = s)),
    ]);
    for (const outcome of [launched, served]) if (outcome.status === "rejected") throw outcome.reason;
    base = new URL(site.siteUrl).pathname;
    browser.context.on("request", (request) => void requested.push(request.url()));
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** The API's answer, from `serve` on the same site. */
  async function api<T>(pathAndQuery: string): Promise<T> {
    const response = await fetch(`${site.apiUrl}${pathAndQuery}`);
    return (await response.json()) as T;
  }

  const names = (answer: PluginsPage) => answer.plugins.map((plugin) => plugin.name);

  /** A search with no order picked, as the page asks for it: best match (`sort=relevance`). */
  async function searched(query: string): Promise<{ answer: PluginsPage; asked: string }> {
    const asked = `${query}&sort=relevance`;
    const response = await fetch(`${site.apiUrl}/api/plugins?${asked}`);
    expect(response.status, asked).toBe(200);
    return { answer: (await response.json()) as PluginsPage, asked };
  }

  /** `view`: `/` or `/?query`, the page's address relative to the site's root. */
  async function open(view = "/", width = 1280): Promise<Page> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(`${site.siteUrl}${view.replace(/^\//, "")}`);
    await settled(page);
    return page;
  }

  /** Waits until the page's URL is the site's root plus `query`, then until its results are shown. */
  async function viewAt(page: Page, query: string): Promise<void> {
    await page.waitForURL((url) => url.search === (query ? `?${query}` : "") && url.pathname === base);
    await settled(page);
  }

  describe(`the explorer page on ${hostName}`, () => {
    defineTests();
  });

  function defineTests(): void {
    it("is served at the site's root, which answers the API or not at all", async () => {
      if (site.hostsApi) {
        // `serve` prints the explorer's URL first and the API's second.
        const lines = site.printed.split("\n");
        expect(lines[0]).toBe(`Explorer: ${site.siteUrl}`);
        expect(lines[1]).toBe(`API: ${site.siteUrl}api/plugins`);
      } else {
        for (const path of ["api/status", "api/plugins"]) expect((await fetch(`${site.siteUrl}${path}`)).status, path).toBe(404);
      }
      const response = await fetch(site.siteUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<script type="module" src="explorer.js">');
    });

    it("first shows the 50 most-starred plugins, each with its fields and links, and the catalog's freshness", async () => {
      const expected = await api<PluginsPage>("/api/plugins");
      const page = await open("/");
      expect(await cardNames(page)).toEqual(names(expected));
      expect(await page.locator("#cards > li").count()).toBe(50);
      expect(await summaryText(page)).toContain(`${expected.total.toLocaleString("en")} plugins`);
      expect(await page.locator("#page-of").textContent()).toBe(`Page 1 of ${expected.pages}`);

      const categories = new Set((await api<Facets>("/api/facets")).categories.map((c) => c.category.toLowerCase()));
      // Read every card at once: one round trip to the browser.
      const shown = await page.locator("#cards > li").evaluateAll((items) =>
        items.map((li) => ({
          text: li.textContent ?? "",
          times: [...li.querySelectorAll("time")].map((t) => t.getAttribute("datetime")),
          badge: li.querySelector(".badge") !== null,
          tags: [...li.querySelectorAll(".tags a")].map((a) => [a.textContent, a.getAttribute("href")]),
          links: [...li.querySelectorAll(".links a")].map((a) => a.getAttribute("href")),
        })),
      );
      for (const [index, plugin] of expected.plugins.entries()) {
        const card = shown[index]!;
        for (const part of [
          plugin.npmName,
          `v${plugin.version}`,
          plugin.description,
          plugin.license || "no license",
          `${plugin.totalStars.toLocaleString("en")} star`,
          `${plugin.totalForks.toLocaleString("en")} fork`,
        ]) {
          expect(card.text, plugin.slug).toContain(part);
        }
        expect(card.times, plugin.slug).toEqual([plugin.updatedAt, plugin.publishedAt]);
        expect(card.badge, plugin.slug).toBe(plugin.hasWebUi);
        expect(card.tags, plugin.slug).toEqual(
          plugin.tags.map((tag) => [tag, `?${new URLSearchParams(categories.has(tag.toLowerCase()) ? { category: tag } : { q: tag })}`]),
        );
        expect(card.links, plugin.slug).toEqual([
          `https://www.npmjs.com/package/${plugin.npmName}`,
          ...(plugin.homepage ? [plugin.homepage] : []),
        ]);
      }

      const status = await api<Status>("/api/status");
      const freshness = page.locator("#freshness");
      expect(await freshness.locator("time").first().getAttribute("datetime")).toBe(status.builtAt);
      expect(await freshness.textContent()).toContain(`${status.plugins.toLocaleString("en")} plugins`);
      const stale = Object.values(status.sources).filter((source) => source.stale > 0);
      expect(stale.length, "the test catalog has stale mirrors").toBeGreaterThan(0);
      expect(await freshness.locator(".stale").count()).toBe(1);
      const warning = (await freshness.locator(".stale").textContent()) ?? "";
      for (const source of stale) expect(warning).toContain(`${source.stale} of ${source.items.toLocaleString("en")}`);
      expect(await freshness.locator(".stale time").getAttribute("datetime")).toBe(stale.map((source) => source.staleSince!).sort()[0]);
      await page.close();
    });

    it("still works where the API has no /api/facets or /api/status: no category list, freshness from Last-Modified", async (context) => {
      if (!site.hostsApi) context.skip("a host without the API has neither, and the page computes both");
      const page = await browser.context.newPage();
      const notFound = {
        status: 404,
        contentType: "application/problem+json",
        body: JSON.stringify({ type: "about:blank", title: "Not Found", status: 404, detail: "no such resource" }),
      };
      await page.route(/\/api\/(facets|status)(\?|$)/, (route) => route.fulfill(notFound));
      await page.goto(`${site.siteUrl}?sort=name`);
      await settled(page);
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>("/api/plugins?sort=name")));
      expect(await page.locator("#categories").isHidden()).toBe(true);
      expect(await page.locator("#web-count").textContent()).toBe("");
      const lastModified = (await fetch(`${site.apiUrl}/api/plugins`)).headers.get("last-modified")!;
      expect(await page.locator("#freshness time").getAttribute("datetime")).toBe(new Date(lastModified).toISOString());
      // Every tag is a search then, as no category is known.
      const hrefs = await page.locator("#cards .tags a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^\?q=/);
      await page.close();
    });

    it("updates results and the URL as a query is typed, with one API request per pause and one history entry", async () => {
      const page = await open("/");
      const term = (await api<PluginsPage>("/api/plugins?page=2")).plugins[0]!.name.split(" ")[0]!.toLowerCase();
      const { answer: expected, asked } = await searched(`q=${term}`);
      expect(expected.total).toBeGreaterThan(0);
      const historyBefore = await page.evaluate(() => history.length);
      const before = requested.length;
      await page.locator("#q").focus();
      await page.keyboard.type(term, { delay: 20 });
      await viewAt(page, `q=${term}`);
      expect(await cardNames(page)).toEqual(names(expected));
      expect(await summaryText(page)).toContain(`“${term}”`);
      expect(await page.title()).toContain(term);
      const searches = requested.slice(before).filter((url) => url.includes("/api/plugins?"));
      if (site.hostsApi) {
        expect(searches.length).toBeGreaterThanOrEqual(1);
        expect(searches.length).toBeLessThanOrEqual(2);
        expect(searches.at(-1)).toBe(`${site.siteUrl}api/plugins?${asked}`);
      } else {
        // Computed in the page: the host is only asked for the site's files.
        expect(searches).toEqual([]);
      }
      expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);

      // Typing on replaces the entry; the box keeps focus while results change.
      await page.keyboard.type("s");
      await viewAt(page, `q=${term}s`);
      expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("q");
      expect(await cardNames(page)).toEqual(names((await searched(`q=${term}s`)).answer));
      await page.close();
    });

    it("shows a plugin first when its own display name is searched, though plugins with more stars mention it", async () => {
      const target = ORDINARY_PLUGIN;
      const words = target.name.toLowerCase().split(" ");
      const catalog = await api<{ plugins: PluginsPage["plugins"] }>("/api/catalog.json");
      const namedAlike = catalog.plugins.filter((p) => p.slug !== target.slug && words.some((w) => p.name.toLowerCase().includes(w)));
      expect(
        namedAlike.map((p) => p.name),
        "no other plugin has these words in its name",
      ).toEqual([]);
      const query = new URLSearchParams({ q: target.name }).toString();
      const byStars = await api<PluginsPage>(`/api/plugins?${query}&sort=stars`);
      expect(byStars.total, "others match the search too").toBeGreaterThan(1);
      expect(byStars.plugins[0]!.slug, "by stars, another comes first").not.toBe(target.slug);

      const page = await open("/");
      await page.locator("#q").fill(target.name);
      await viewAt(page, query);
      const { answer } = await searched(query);
      expect((await cardNames(page))[0]).toBe(target.name);
      expect(await cardNames(page)).toEqual(names(answer));
      expect(await page.locator("#sort").inputValue()).toBe("relevance");
      await page.close();
    });

    it("offers the host's versions from the page's own data and filters by one; links the site's feeds", async () => {
      const page = await open("/");
      expect(await page.locator("#compat-field").isVisible()).toBe(true);
      const values = await page.locator("#compat option").evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
      expect(new Set(values)).toEqual(new Set(["", ...Object.keys(HOST.distTags ?? {}), ...(HOST.versions ?? [])]));
      const version = "3.1.0";
      const filtered = await api<PluginsPage>(`/api/plugins?compat=${version}`);
      expect(filtered.total).toBeLessThan((await api<PluginsPage>("/api/plugins")).total);
      await page.locator("#compat").selectOption(version);
      await viewAt(page, `compat=${version}`);
      expect(await cardNames(page)).toEqual(names(filtered));
      expect(await page.locator("#web-count").textContent()).toContain(String((await api<Facets>(`/api/facets?compat=${version}`)).webUi));

      const feeds = await page.locator("#feeds a").evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      expect(feeds).toEqual([`${site.siteUrl}feeds/new.xml`, `${site.siteUrl}feeds/updated.xml`]);
      for (const feed of feeds) {
        const response = await fetch(feed);
        expect(response.status, feed).toBe(200);
        expect(await response.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
      }
      await page.close();
    });

    it("narrows results by category, with the counts that /api/facets gives, and combines it with the web-UI toggle", async () => {
      const page = await open("/");
      const facets = await api<Facets>("/api/facets");
      const shown = async () =>
        page
          .locator("#category-list li")
          .evaluateAll((items) => items.map((li) => [li.getAttribute("data-category"), li.querySelector(".count")?.textContent ?? ""]));
      const expectCounts = async (answer: Facets) => {
        expect(await shown()).toEqual([
          ["", ""],
          ...answer.categories.map((c) => [c.category, `${c.count} plugin${c.count === 1 ? "" : "s"}`]),
        ]);
        expect(await page.locator("#web-count").textContent()).toBe(`${answer.webUi} plugin${answer.webUi === 1 ? "" : "s"}`);
      };
      await expectCounts(facets);
      // The category with most plugins that still narrows the list.
      const category = [...facets.categories].sort((a, b) => b.count - a.count).find((c) => c.count < facets.total && c.count > 0)!;
      await page.locator(`#category-list li[data-category="${category.category}"] label`).click();
      await viewAt(page, `category=${category.category}`);
      const narrowed = await api<PluginsPage>(`/api/plugins?category=${category.category}`);
      expect(narrowed.total).toBe(category.count);
      expect(await cardNames(page)).toEqual(names(narrowed));
      expect(await page.locator(`#category-list li[data-category="${category.category}"] input`).isChecked()).toBe(true);
      await expectCounts(await api<Facets>(`/api/facets?category=${category.category}`));

      await page.locator("#web").check();
      await viewAt(page, `category=${category.category}&web=1`);
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>(`/api/plugins?category=${category.category}&web=1`)));
      await expectCounts(await api<Facets>(`/api/facets?category=${category.category}&web=1`));
      await page.close();
    });

    it("filters by author, sorts, pages, and the back and forward buttons restore each view", async () => {
      const page = await open("/");
      await page.locator("#author").fill(`@${PEOPLE[0]}`);
      await page.locator("#author").press("Enter");
      await viewAt(page, `author=%40${PEOPLE[0]}`);
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>(`/api/plugins?author=%40${PEOPLE[0]}`)));
      await page.locator("#author").fill("");
      await page.locator("#author").press("Enter");
      await viewAt(page, "");

      await page.locator("#sort").selectOption({ label: "Recently updated" });
      await viewAt(page, "sort=recent");
      const recent = await api<PluginsPage>("/api/plugins?sort=recent");
      expect(await cardNames(page)).toEqual(names(recent));
      expect(await page.locator("#prev").isDisabled()).toBe(true);

      await page.locator("#next").click();
      await viewAt(page, "sort=recent&page=2");
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>("/api/plugins?sort=recent&page=2")));
      expect(await page.locator("#page-of").textContent()).toBe(`Page 2 of ${recent.pages}`);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("results-heading");

      await page.locator("#sort").selectOption("name");
      await viewAt(page, "sort=name");
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>("/api/plugins?sort=name")));

      await page.goBack();
      await viewAt(page, "sort=recent&page=2");
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>("/api/plugins?sort=recent&page=2")));
      expect(await page.locator("#sort").inputValue()).toBe("recent");
      await page.goBack();
      await viewAt(page, "sort=recent");
      expect(await cardNames(page)).toEqual(names(recent));
      await page.goBack();
      await viewAt(page, "");
      expect(await page.locator("#sort").inputValue()).toBe("stars");
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>("/api/plugins")));
      await page.goBack();
      await viewAt(page, `author=%40${PEOPLE[0]}`);
      expect(await page.locator("#author").inputValue()).toBe(`@${PEOPLE[0]}`);
      await page.goForward();
      await viewAt(page, "");
      expect(await page.locator("#author").inputValue()).toBe("");
      await page.close();
    });

    it("opens a deep link on the same view, its controls set, and the last page disables Next", async () => {
      const facets = await api<Facets>("/api/facets");
      const category = facets.categories.find((c) => c.count > 0)!.category;
      const term = (await api<PluginsPage>(`/api/plugins?category=${category}`)).plugins[0]!.name.split(" ")[0]!.toLowerCase();
      const query = `q=${term}&category=${category}&sort=name`;
      const page = await open(`/?${query}`);
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>(`/api/plugins?${query}`)));
      expect(await page.locator("#q").inputValue()).toBe(term);
      expect(await page.locator("#sort").inputValue()).toBe("name");
      expect(await page.locator(`#category-list li[data-category="${category}"] input`).isChecked()).toBe(true);
      await page.close();

      const all = await api<PluginsPage>("/api/plugins?sort=name");
      const last = await open(`/?sort=name&page=${all.pages}`);
      expect(await cardNames(last)).toEqual(names(await api<PluginsPage>(`/api/plugins?sort=name&page=${all.pages}`)));
      expect(await last.locator("#next").isDisabled()).toBe(true);
      expect(await last.locator("#prev").isDisabled()).toBe(false);
      await last.close();
    });

    it("works by keyboard alone: skip link, search, category, page, with visible focus", async () => {
      const page = await open("/");
      const focused = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          return {
            id: element?.id ?? "",
            text: element?.textContent?.trim() ?? "",
            outline: element ? getComputedStyle(element).outlineStyle : "none",
          };
        });
      await page.keyboard.press("Tab");
      expect(await focused()).toMatchObject({ text: "Skip to results" });
      expect((await focused()).outline).not.toBe("none");
      await page.keyboard.press("Tab");
      expect((await focused()).id).toBe("q");
      expect((await focused()).outline).not.toBe("none");
      const facets = await api<Facets>("/api/facets");
      const category = facets.categories[0]!.category;
      const term = (await api<PluginsPage>(`/api/plugins?category=${category}`)).plugins[0]!.name.split(" ")[0]!.toLowerCase();
      await page.keyboard.type(term);
      await page.keyboard.press("Enter");
      await viewAt(page, `q=${term}`);
      expect(await cardNames(page)).toEqual(names((await searched(`q=${term}`)).answer));

      // Into the category radios (on "All categories"), then the first category with an arrow key.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("");
      await page.keyboard.press("ArrowDown");
      await viewAt(page, `q=${term}&category=${category}`);
      expect(await cardNames(page)).toEqual(names((await searched(`q=${term}&category=${category}`)).answer));
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(category);

      // Clear the search box with the keyboard: Shift+Tab back to it, select all, delete, Enter.
      await page.keyboard.press("Shift+Tab");
      expect((await focused()).id).toBe("q");
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Backspace");
      await page.keyboard.press("Enter");
      await viewAt(page, `category=${category}`);
      const byCategory = await api<PluginsPage>(`/api/plugins?category=${category}`);
      expect(byCategory.pages).toBeGreaterThan(1);

      // On to "Next page" above the results (past the filters) and press Space; then back with Enter on "Previous page".
      for (let presses = 0; (await focused()).id !== "next-top"; presses++) {
        expect(presses, "Tab never reached the Next page button").toBeLessThan(12);
        await page.keyboard.press("Tab");
      }
      expect((await focused()).outline).not.toBe("none");
      await page.keyboard.press("Space");
      await viewAt(page, `category=${category}&page=2`);
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>(`/api/plugins?category=${category}&page=2`)));
      expect((await focused()).id).toBe("results-heading");
      await page.keyboard.press("Tab");
      expect((await focused()).id).toBe("prev-top");
      await page.keyboard.press("Enter");
      await viewAt(page, `category=${category}`);
      expect(await cardNames(page)).toEqual(names(byCategory));

      // A tag link, followed with Enter, opens that tag's view.
      await page.locator("#cards .tags a").first().focus();
      const href = await page.locator("#cards .tags a").first().getAttribute("href");
      await page.keyboard.press("Enter");
      await viewAt(page, href!.slice(1));
      await page.close();
    });

    it("shows a plugin's first 8 tags and the rest behind an 'and N more' button; no long word widens a card", async () => {
      for (const width of [390, 1280]) {
        const page = await open("/", width);
        const card = page.locator("#cards > li").first();
        expect(await card.locator("h3").textContent()).toBe(LONG_PLUGIN.name);
        const visibleTags = () => card.locator(".tags a:visible").allTextContents();
        expect(await visibleTags()).toEqual(LONG_PLUGIN.tags.slice(0, 8));
        const more = card.locator("button.more-tags");
        expect(await more.textContent()).toBe(`and 92 more tags of ${LONG_PLUGIN.name}`);
        expect(await more.getAttribute("aria-expanded")).toBe("false");
        expect(await more.getAttribute("aria-controls")).toBe(await card.locator("ul.tags").getAttribute("id"));
        await more.click();
        expect(await visibleTags()).toEqual(LONG_PLUGIN.tags);
        expect(await more.getAttribute("aria-expanded")).toBe("true");
        expect(await more.textContent()).toBe(`show fewer tags of ${LONG_PLUGIN.name}`);
        expect(await page.evaluate(() => document.activeElement?.classList.contains("more-tags"))).toBe(true);
        // A real button: the keyboard folds the list again.
        await page.keyboard.press("Enter");
        expect(await visibleTags()).toEqual(LONG_PLUGIN.tags.slice(0, 8));
        expect(await more.getAttribute("aria-expanded")).toBe("false");
        await page.keyboard.press("Space");
        expect(await visibleTags()).toHaveLength(100);

        // The 2,000-character description: a few lines, then all of it behind a button that says what it does.
        const description = card.locator("p.description");
        const showAll = card.locator("button.more-text");
        const height = async () => (await description.boundingBox())?.height ?? 0;
        const folded = await height();
        expect(await description.textContent()).toBe(LONG_PLUGIN.description);
        expect(await showAll.getAttribute("aria-controls")).toBe(await description.getAttribute("id"));
        expect(await showAll.textContent()).toBe(`show all of the description of ${LONG_PLUGIN.name}`);
        expect(folded).toBeLessThan(120);
        await showAll.click();
        expect(await showAll.getAttribute("aria-expanded")).toBe("true");
        expect(await height()).toBeGreaterThan(folded * 2);

        // Every card, the long one unfolded, keeps its text inside its box, and the page does not scroll sideways.
        const overflowing = await page.locator("#cards article").evaluateAll((cards) =>
          cards.flatMap((article) =>
            [article, ...article.querySelectorAll("*")]
              .filter((element) => {
                const box = element.getBoundingClientRect();
                const outer = article.getBoundingClientRect();
                return element.scrollWidth > element.clientWidth + 1 || box.right > outer.right + 1 || box.left < outer.left - 1;
              })
              .filter((element) => !element.classList.contains("vh"))
              .map((element) => `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40)}`),
          ),
        );
        expect(overflowing, `${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
        await page.close();
      }
    });

    it("shows a clear empty state with a way to clear the filters", async () => {
      const page = await open("/?q=qqqzzzxxx&web=1");
      expect(await page.locator("#empty").isVisible()).toBe(true);
      expect(await page.locator("#empty").textContent()).toContain("No plugins match “qqqzzzxxx” with a web UI.");
      expect(await summaryText(page)).toBe("No plugins match.");
      await page.getByRole("button", { name: "Clear search and filters" }).click();
      await viewAt(page, "");
      expect(await page.locator("#empty").isVisible()).toBe(false);
      expect(await page.locator("#q").inputValue()).toBe("");
      expect(await page.locator("#web").isChecked()).toBe(false);
      expect(await cardNames(page)).toEqual(names(await api<PluginsPage>("/api/plugins")));
      await page.close();
    });

    it("shows the API's problem, its detail and every parameter error, when it refuses a view", async () => {
      for (const query of ["page=0&sort=Stars", `author=${"x".repeat(257)}`]) {
        const problem = await api<Problem>(`/api/plugins?${query}`);
        expect(problem.status).toBe(400);
        const page = await open(`/?${query}`);
        const alert = page.getByRole("alert");
        expect(await alert.isVisible()).toBe(true);
        const text = (await alert.textContent()) ?? "";
        expect(text).toContain(problem.detail);
        expect(problem.errors?.length).toBeGreaterThan(0);
        for (const error of problem.errors ?? []) expect(text).toContain(`${error.parameter}: ${error.message}`);
        expect(await page.locator("#cards > li").count()).toBe(0);
        await page.getByRole("button", { name: "Start over" }).click();
        await viewAt(page, "");
        expect(await alert.isVisible()).toBe(false);
        expect(await cardNames(page)).toEqual(names(await api<PluginsPage>("/api/plugins")));
        await page.close();
      }
    });

    it("has no serious or critical axe-core violations, on a phone and a desktop, with results, past the last page and in error", async () => {
      // 50 results on a phone; a category's page past the last (the empty state, both pagers) and an error on a desktop.
      const views = [
        ["/", 390],
        [`/?category=${CONFIG.categories[0]}&web=1&sort=recent&page=9`, 1280],
        ["/?q=wind&page=0", 1280],
      ] as const;
      for (const [path, width] of views) {
        const page = await open(path, width);
        expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
        await page.close();
      }
    });

    it("fits a 390 px phone screen without sideways scrolling; screenshots at 390 and 1280 px", async () => {
      await mkdir(OUTPUT, { recursive: true });
      for (const width of [390, 1280]) {
        const page = await open("/", width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(OUTPUT, `explorer-${site.hostsApi ? "" : "static-"}${width}.png`) });
        await page.close();
      }
    });

    it("says where its answers come from, and links only to what the host serves", async () => {
      const page = await open("/");
      const footer = (await page.locator("#api-links").textContent()) ?? "";
      const links = await page.locator("#api-links a").evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      if (site.hostsApi) {
        expect(footer).toContain("/api/plugins");
        expect(links).toEqual([`${site.siteUrl}api/plugins`, `${site.siteUrl}api/openapi.json`]);
      } else {
        expect(footer).toContain("computes the API's answers itself with catalog/client.js");
        expect(links).toEqual([`${site.siteUrl}catalog/client.js`]);
        expect((await fetch(links[0]!)).headers.get("content-type")).toMatch(/^text\/javascript/);
      }
      await page.close();
    });

    it("never asks for anything but its own site's files and API, under the site's path", async () => {
      // Every page the tests above opened was recorded; this one follows a tag link and a homepage-free card too.
      const page = await open("/?sort=recent");
      await page.locator("#cards .tags a").first().click();
      await settled(page);
      await page.close();
      expect(requested.length).toBeGreaterThan(20);
      expect(requested.filter((url) => !url.startsWith(site.siteUrl))).toEqual([]);
      // On a host without the API, the one request for it is the page's first, which finds it missing.
      if (!site.hostsApi) expect(new Set(requested.filter((url) => url.includes("/api/")))).toEqual(new Set([`${site.siteUrl}api/status`]));
    });
  }
}

/** The page has shown the answer to the view in its URL (or its error). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const results = document.querySelector("#results-heading")?.parentElement;
    return (
      results !== null &&
      results !== undefined &&
      !results.hasAttribute("aria-busy") &&
      (document.getElementById("summary")?.textContent ?? "") !== ""
    );
  });
}

const cardNames = (page: Page) => page.locator("#cards h3").allTextContents();
const summaryText = (page: Page) => page.locator("#summary").textContent();
