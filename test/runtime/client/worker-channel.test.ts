/**
 * `catalog/client.js` in a page runs its shim in a worker of its own where the page may start one, and on the page's
 * thread where it may not (a Content-Security-Policy that refuses workers, `client.js` imported from another origin,
 * `{ worker: false }`): in every case the answers are those the client gives in Node, byte for byte, and with a
 * worker the page's own thread fetches none of the site's data files. Real Chromium, a static host.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, launchBrowser } from "../../support/chromium.js";
import { type ClientSite, startClientSite } from "../../support/client-target.js";
import { CORE } from "../../support/fixtures.js";
import { type StaticHost, startStaticHost } from "../../support/static-host.js";

/** A request as the page asks it: a path, a method, headers. */
type Ask = readonly [path: string, method: string, headers: Record<string, string>];

const ASKS: readonly Ask[] = [
  ["/api/plugins?q=charts&sort=relevance", "GET", {}],
  ["/api/plugins?sort=downloads&per_page=3", "GET", {}],
  ["/api/facets?web=1", "GET", {}],
  ["/api/status", "HEAD", {}],
  ["/api/plugins?page=0", "GET", {}],
  ["/api/nope", "GET", {}],
  ["/api/plugins", "OPTIONS", { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET" }],
];

interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: [string, string][];
  readonly body: number[];
}

const WORKERS_REFUSED = `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; connect-src 'self'; worker-src 'none'"><title>no workers</title>`;
const PLAIN = "<!doctype html><title>plain</title>";

describe("catalog/client.js in a page", () => {
  let client: ClientSite;
  let other: StaticHost;
  let browser: Browser;
  /** What the client answers in Node, for each ask; then, for the If-None-Match ask, the first answer's ETag. */
  const expected: Answer[] = [];

  beforeAll(async () => {
    client = await startClientSite(CORE);
    await writeFile(join(client.site, "plain.html"), PLAIN);
    await writeFile(join(client.site, "no-workers.html"), WORKERS_REFUSED);
    other = await startStaticHost(client.site);
    browser = await launchBrowser();
    for (const ask of await asksWithEtag(client))
      expected.push(await answerOf(await client.catalog.fetch(ask[0], { method: ask[1], headers: ask[2] })));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await other?.close();
    await client?.close();
  });

  async function answersIn(page: Page, clientUrl: string, options: { worker?: boolean } = {}): Promise<Answer[]> {
    const asks = await asksWithEtag(client);
    // A string, so that the test runner leaves its import() as it is.
    await page.evaluate(`import(${JSON.stringify(clientUrl)}).then((module) => { globalThis.client = module; })`);
    return page.evaluate(
      async ([siteUrl, asks, options]) => {
        const { openCatalog } = (
          globalThis as unknown as {
            client: {
              openCatalog(url: string, options: unknown): Promise<{ fetch(path: string, init: RequestInit): Promise<Response> }>;
            };
          }
        ).client;
        const catalog = await openCatalog(siteUrl, options);
        const answers = [];
        for (const [path, method, headers] of asks) {
          const response = await catalog.fetch(path, { method, headers });
          answers.push({
            status: response.status,
            statusText: response.statusText,
            headers: [...response.headers],
            body: [...new Uint8Array(await response.arrayBuffer())],
          });
        }
        return answers;
      },
      [client.host.siteUrl, asks, options] as const,
    );
  }

  /** The page's own requests for the site's data files (its worker's are not the page's). */
  const dataFetchedByPage = (page: Page) =>
    page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/catalog/data/")).length);

  it("runs the shim in a worker of its own, and answers as in Node", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${client.host.siteUrl}plain.html`);
    expect(await answersIn(page, `${client.host.siteUrl}catalog/client.js`)).toEqual(expected);
    expect(page.workers().map((worker) => worker.url())).toEqual([`${client.host.siteUrl}catalog/client.js`]);
    expect(await dataFetchedByPage(page)).toBe(0);
    await page.close();
  });

  it("hands over to the page's thread when its worker reports an error, the answers unchanged", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${client.host.siteUrl}plain.html`);
    await page.evaluate(`import(${JSON.stringify(`${client.host.siteUrl}catalog/client.js`)}).then(async (module) => {
      globalThis.catalog = await module.openCatalog(${JSON.stringify(client.host.siteUrl)});
    })`);
    const ask = (path: string) =>
      page.evaluate(async (path) => {
        const catalog = (globalThis as unknown as { catalog: { fetch(path: string): Promise<Response> } }).catalog;
        const response = await catalog.fetch(path);
        return { status: response.status, body: await response.text() };
      }, path);
    const [path] = ASKS[0]!;
    const before = await ask(path);
    expect(await dataFetchedByPage(page)).toBe(0);
    const [worker] = page.workers();
    // An error the worker does not catch reaches the page as an error event on the worker.
    await worker!.evaluate(() =>
      setTimeout(() => {
        throw new Error("the worker broke");
      }),
    );
    await page.waitForTimeout(200);
    expect(await ask(path)).toEqual(before);
    expect(await ask("/api/plugins?sort=name&per_page=2")).toEqual({
      status: 200,
      body: await (await client.catalog.fetch("/api/plugins?sort=name&per_page=2")).text(),
    });
    expect(await dataFetchedByPage(page)).toBeGreaterThan(0);
    await page.close();
  });

  it("answers on the page's thread, as in Node, where the page may not start a worker", async () => {
    const cases: readonly [page: string, clientUrl: string, options: { worker?: boolean }][] = [
      [`${client.host.siteUrl}no-workers.html`, `${client.host.siteUrl}catalog/client.js`, {}],
      [`${other.siteUrl}plain.html`, `${client.host.siteUrl}catalog/client.js`, {}],
      [`${client.host.siteUrl}plain.html`, `${client.host.siteUrl}catalog/client.js`, { worker: false }],
    ];
    for (const [url, clientUrl, options] of cases) {
      const page = await browser.context.newPage();
      await page.goto(url);
      expect(await answersIn(page, clientUrl, options), url).toEqual(expected);
      expect(page.workers(), url).toEqual([]);
      expect(await dataFetchedByPage(page), url).toBeGreaterThan(0);
      await page.close();
    }
  });
});

/** The asks, then the first one again with the ETag its answer had: a 304. */
async function asksWithEtag(client: ClientSite): Promise<Ask[]> {
  const [path] = ASKS[0]!;
  const etag = (await client.catalog.fetch(path)).headers.get("etag") ?? "";
  return [...ASKS, [path, "GET", { "If-None-Match": etag }]];
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: [...new Uint8Array(await response.arrayBuffer())],
  };
}
