/**
 * TEMPORARY: stand-ins, inside the browser, for the parts of the API that
 * other branches are building (contract sections 11 and 12), until the
 * site's own API answers them. Delete this file then, and let the tests that
 * use it ask the real site (docs/API.md, "Explorer page", says which).
 *
 * Answers are in the contract's exact shapes: `GET /api/plugins/{slug}`
 * (section 11's keys and order), `compat` and `feeds` added to the real
 * `/api/status`, `sort=relevance|downloads` and `compat=V` on the real
 * `/api/plugins` and `/api/facets` (answered from the real API without them,
 * the relevance order being the stars order reversed so that a test can tell
 * the two apart).
 */
import type { Page, Route } from "playwright-core";
import type { Plugin } from "../../src/core/plugin.js";

export interface PluginDetail extends Plugin {
  readme: string | null;
  repositories: {
    url: string;
    host: "github" | "gitlab";
    stars: number;
    forks: number;
    archived: boolean;
    openIssues: number;
    pushedAt: string | null;
    defaultBranch: string | null;
  }[];
  downloads: { lastWeek: number; lastMonth: number; weekly: { date: string; count: number }[] };
  dependents: number;
  releases: { count: number; lastYear: number; recent: { version: string; publishedAt: string }[] };
  engines: { node: string | null; host: string | null };
  trust: { provenance: boolean; installScripts: boolean; spdxLicense: boolean };
  score: { total: number; popularity: number; maintenance: number; quality: number };
}

export type DetailFacts = Omit<PluginDetail, keyof Plugin>;

export interface FakeApi {
  /** Each plugin's detail, by slug; any other slug is a 404 problem. */
  readonly details?: ReadonlyMap<string, PluginDetail>;
  /** Keys added to the real `/api/status` (`compat`, `feeds`). */
  readonly status?: Record<string, unknown>;
  /** Answer `sort=relevance` and `sort=downloads` (default true). */
  readonly sorts?: boolean;
}

/** A detail in section 11's key order: the Plugin's keys, then the facts (no SPDX license without a license). */
export function detailOf(plugin: Plugin, facts: DetailFacts): PluginDetail {
  return { ...plugin, ...facts, trust: { ...facts.trust, spdxLicense: facts.trust.spdxLicense && plugin.license !== "" } };
}

/** Installs the stand-ins on `page` for the site at `siteUrl` (which must answer the rest of the API itself). */
export async function fakeNewApi(page: Page, siteUrl: string, fake: FakeApi): Promise<void> {
  const api = `${siteUrl}api/`;
  await page.route(
    (url) => url.href.startsWith(`${api}plugins`) || url.href.startsWith(`${api}facets`),
    (route) => answerListing(route, fake.sorts ?? true),
  );
  await page.route(
    (url) => url.href.startsWith(`${api}plugins/`),
    (route) => answerDetail(route, new URL(route.request().url()).pathname, fake.details ?? new Map()),
  );
  if (fake.status) {
    const extra = fake.status;
    await page.route(
      (url) => url.href === `${api}status`,
      async (route) => {
        const real = await route.fetch();
        await route.fulfill({ response: real, json: { ...((await real.json()) as object), ...extra } });
      },
    );
  }
}

async function answerDetail(route: Route, path: string, details: ReadonlyMap<string, PluginDetail>): Promise<void> {
  const slug = decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
  const detail = details.get(slug);
  if (detail) return route.fulfill({ status: 200, contentType: "application/json; charset=utf-8", body: JSON.stringify(detail) });
  return route.fulfill({
    status: 404,
    contentType: "application/problem+json",
    body: JSON.stringify({ type: "about:blank", title: "Not Found", status: 404, detail: `No plugin has the slug ${slug}.` }),
  });
}

/** `compat` taken off, and `sort=relevance|downloads` answered from the stars order. */
async function answerListing(route: Route, sorts: boolean): Promise<void> {
  const url = new URL(route.request().url());
  const sort = url.searchParams.get("sort");
  const faked = sorts && (sort === "relevance" || sort === "downloads");
  if (!url.searchParams.has("compat") && !faked) return route.fallback();
  url.searchParams.delete("compat");
  if (faked) url.searchParams.delete("sort");
  const real = await route.fetch({ url: url.href });
  if (sort !== "relevance" || !faked || real.status() !== 200) return route.fulfill({ response: real });
  const body = (await real.json()) as { plugins: Plugin[] };
  return route.fulfill({ response: real, json: { ...body, plugins: [...body.plugins].reverse() } });
}

/**
 * On a host of static files the page computes the API with the site's catalog/client.js: the stand-in serves a module
 * in its place that answers `/api/plugins/{slug}` from `details` and hands every other request to the real client.
 */
export async function fakeClientDetails(page: Page, siteUrl: string, details: ReadonlyMap<string, PluginDetail>): Promise<void> {
  const module = `import { openCatalog as openReal } from "./client.js?real";
const DETAILS = new Map(${JSON.stringify([...details])});
const json = (status, type, body) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": type } });
export async function openCatalog(siteUrl) {
  const real = await openReal(siteUrl);
  const root = new URL(siteUrl, location.href);
  return {
    async fetch(input, init) {
      const path = new URL(typeof input === "string" ? input.replace(/^\\//, "") : input.url, root).pathname;
      const slug = /\\/api\\/plugins\\/([^/]+)$/.exec(path)?.[1];
      if (slug === undefined) return real.fetch(input, init);
      const detail = DETAILS.get(decodeURIComponent(slug));
      return detail
        ? json(200, "application/json; charset=utf-8", detail)
        : json(404, "application/problem+json", { type: "about:blank", title: "Not Found", status: 404, detail: "No plugin has this slug." });
    },
  };
}
`;
  await page.route(
    (url) => url.href === `${siteUrl}catalog/client.js`,
    (route) => route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: module }),
  );
}
