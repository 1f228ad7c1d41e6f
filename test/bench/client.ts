/**
 * `npm run bench -- client`: the API computed in a browser by the site's `catalog/client.js` (contract section 9), on a
 * host of static files only (the site under `/site/`), in headless Chromium. For every query class:
 *
 * - cold: a new page (a new JavaScript realm: the client's code not yet compiled) with the HTTP cache off; the site
 *   files the answer reads (bytes the host sent, `client.js` itself apart) and the main thread's busy time from
 *   `openCatalog` to the answer's last byte (Chromium's `TaskDuration` metric, so waits on the network do not count);
 * - repeat and next page: the same query again, then its next page, on that page's catalog.
 *
 * Targets (issue 22, at 10,000 plugins): a cold query reads at most 1 MB and costs at most 50 ms of main-thread time;
 * a repeated or next-page query at most 5 ms. A larger catalog is held to 1.5 times those, as the other benches do.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { launchBrowser } from "../support/chromium.js";
import { startStaticHost } from "../support/static-host.js";
import { buildCatalog } from "./catalog.js";
import { json, maximum, mbFigure, median, msFigure, round, type Section, targetScale } from "./figures.js";
import { type BenchContext, type Flags, publish } from "./harness.js";
import { BENCH_CLASSES, planQueries, type QueryClass } from "./queries.js";

const FULL = { coldPerClass: 10 };
/** Idle time before the repeat and the next page are asked (a person's pause). */
const IDLE_MS = 250;
const QUICK = { coldPerClass: 2 };
const MIB = 2 ** 20;
const targetsFor = (plugins: number) => {
  const scale = targetScale(plugins);
  return { coldBytes: MIB * scale, coldMs: 50 * scale, warmMs: 5 * scale };
};

/** One cold query's figures, and its repeat's and next page's main-thread time (no next page for facets and details). */
type Sample = {
  readonly path: string;
  readonly bytes: number;
  readonly coldMs: number;
  readonly repeatMs: number;
  readonly nextMs?: number;
};

export async function bench(flags: Flags, { work, log }: BenchContext): Promise<void> {
  const plugins = flags.size;
  const profile = flags.quick ? QUICK : FULL;
  const catalog = await buildCatalog(plugins, flags.seed, work, log.progress);
  const clientBytes = (await readFile(join(catalog.siteDir, "catalog", "client.js"))).byteLength;
  const plan = planQueries(
    catalog.vocabulary,
    { coldSamples: 0, coldPerClass: profile.coldPerClass, warmPerClass: 0, warmup: 0, httpQueries: 0 },
    flags.seed,
    BENCH_CLASSES,
  );
  const host = await startStaticHost(catalog.siteDir, { prefix: "/site/" });
  const browser = await launchBrowser();
  const results: Partial<Record<QueryClass, Sample[]>> = {};
  try {
    for (const kind of BENCH_CLASSES) {
      log.progress(`${kind}: ${profile.coldPerClass} cold queries, a new page each, then each one's repeat and next page`);
      const samples: Sample[] = [];
      for (const path of plan.coldByClass[kind] ?? []) {
        const page = await browser.context.newPage();
        try {
          samples.push(await measure(page, await browser.context.newCDPSession(page), host, path));
        } finally {
          await page.close();
        }
      }
      results[kind] = samples;
    }
  } finally {
    await browser.close();
    await host.close();
  }
  const targets = targetsFor(plugins);
  await publish(log, flags, {
    title: `catalog/client.js in headless Chromium, a static host, ${plugins.toLocaleString("en-US")} plugins`,
    command: `client --plugins ${plugins}`,
    figures: [json("clientJsBytes", clientBytes)],
    sections: sections(results, targets),
    notes: [
      "client.js itself is read once per page and not counted above (its size: the query bench's site size).",
      "Main-thread time is Chromium's TaskDuration around openCatalog, the fetch and reading the body: time the page's thread was busy, not waits on the network.",
    ],
  });
}

/** Loads `client.js` into a fresh page of the site's origin, then times the cold query, its repeat and its next page. */
async function measure(page: Page, cdp: CDPSession, host: Awaited<ReturnType<typeof startStaticHost>>, path: string): Promise<Sample> {
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Performance.enable");
  await page.goto(`${host.siteUrl}catalog/manifest.json`);
  await page.evaluate(async (url) => {
    (globalThis as { client?: unknown }).client = await import(url);
  }, `${host.siteUrl}catalog/client.js`);
  const busy = async (run: () => Promise<number>): Promise<{ ms: number; status: number }> => {
    const before = await taskSeconds(cdp);
    const status = await run();
    return { ms: ((await taskSeconds(cdp)) - before) * 1000, status };
  };
  // The page's own requests skip the HTTP cache; its worker's do not, so the cache is emptied of what loading the
  // page put there (the manifest, which the client would otherwise revalidate for nothing).
  await cdp.send("Network.clearBrowserCache");
  const servedBefore = host.served.length;
  const cold = await busy(() =>
    page.evaluate(
      async ([siteUrl, query]) => {
        const scope = globalThis as unknown as {
          client: { openCatalog(url: string): Promise<{ fetch(path: string): Promise<Response> }> };
          catalog: unknown;
        };
        const catalog = await scope.client.openCatalog(siteUrl);
        scope.catalog = catalog;
        const response = await catalog.fetch(query);
        await response.arrayBuffer();
        return response.status;
      },
      [host.siteUrl, path] as const,
    ),
  );
  // client.js itself apart: the client's worker loads it again.
  const bytes = host.served
    .slice(servedBefore)
    .filter((served) => !served.path.endsWith("/catalog/client.js"))
    .reduce((sum, served) => sum + served.bytes, 0);
  const again = (query: string) =>
    busy(() =>
      page.evaluate(async (q) => {
        const catalog = (globalThis as unknown as { catalog: { fetch(path: string): Promise<Response> } }).catalog;
        const response = await catalog.fetch(q);
        await response.arrayBuffer();
        return response.status;
      }, query),
    );
  // A person asks again or pages on after a moment, in which the page's thread is idle: Chromium then collects the
  // cold query's garbage, which would otherwise land in the next measurement.
  await page.waitForTimeout(IDLE_MS);
  const repeat = await again(path);
  await page.waitForTimeout(IDLE_MS);
  const next = path === "/api/plugins" || path.startsWith("/api/plugins?") ? await again(nextPage(path)) : undefined;
  for (const [what, answer] of [
    ["cold", cold],
    ["repeat", repeat],
    ["next page", next],
  ] as const) {
    if (answer !== undefined && answer.status !== 200) throw new Error(`${what} ${path} answered ${answer.status}`);
  }
  return { path, bytes, coldMs: cold.ms, repeatMs: repeat.ms, ...(next === undefined ? {} : { nextMs: next.ms }) };
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((metric) => metric.name === "TaskDuration")?.value ?? Number.NaN;
}

function nextPage(path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set("page", String(Number(url.searchParams.get("page") ?? "1") + 1));
  return `${url.pathname}${url.search}`;
}

/** Each section: its title, its JSON key, what it reads of a sample (undefined: not measured there), its target. */
type Measure = readonly [title: string, key: string, value: (sample: Sample) => number | undefined, most: number, asBytes: boolean];

function sections(results: Partial<Record<QueryClass, Sample[]>>, targets: ReturnType<typeof targetsFor>): Section[] {
  const measures: readonly Measure[] = [
    ["Site files a cold query reads", "coldBytes", (s) => s.bytes, targets.coldBytes, true],
    ["Main thread, cold query (a new page)", "coldMs", (s) => s.coldMs, targets.coldMs, false],
    ["Main thread, the same query again", "repeatMs", (s) => s.repeatMs, targets.warmMs, false],
    ["Main thread, its next page", "nextMs", (s) => s.nextMs, targets.warmMs, false],
  ];
  return measures.map(([title, key, value, most, asBytes]) => ({
    title,
    figures: BENCH_CLASSES.flatMap((kind) => {
      const samples = results[kind] ?? [];
      const values = samples.flatMap((sample) => value(sample) ?? []);
      if (values.length === 0) return [];
      const [mid, max] = [median(values), maximum(values)];
      const label = `  ${kind} max (median ${asBytes ? `${(mid / MIB).toFixed(2)} MB` : `${mid.toFixed(2)} ms`})`;
      const { row } = (asBytes ? mbFigure : msFigure)(key, max, label, most);
      // The row shows the max against its target; the JSON has the pair (and, for cold queries, the slowest).
      return [
        json(`${key}.${kind}`, { median: round(mid), max: round(max) }),
        ...(row === undefined ? [] : [{ row }]),
        ...(key === "coldMs" ? [json(`slowest.${kind}`, slowestOf(samples).path)] : []),
      ];
    }),
  }));
}

const slowestOf = (samples: readonly Sample[]): Sample => samples.reduce((a, b) => (b.coldMs > a.coldMs ? b : a));
