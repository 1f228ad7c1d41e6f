/**
 * `npm run bench` (the query bench): a generated catalog built by the real CLI; the build, the site on disk, cold starts
 * (a process each), warm latency per query class and the shim's heap (a process alone), HTTP on loopback; vs targets.
 */
import autocannon from "autocannon";
import { latencyFigures } from "./answers.js";
import { buildCatalog, type FileSize, type FileTotals, measureBundles, measureSite } from "./catalog.js";
import { type CliRun, runChild, sequentially, startChild } from "./child.js";
import type { Figure, Section, Target } from "./figures.js";
import {
  atMost,
  count,
  json,
  maximum,
  mb,
  mbFigure,
  median,
  ms,
  msFigure,
  percent,
  round,
  seconds,
  shown,
  targetScale,
} from "./figures.js";
import { type BenchContext, type Flags, publish } from "./harness.js";
import { API_PATH, BENCH_CLASSES, planQueries, Q_CLASSES } from "./queries.js";
import type { ColdSample, WarmPlan, WarmResult } from "./shim-child.js";

type ColdReads = Record<string, number[]>;

const FULL = { coldSamples: 20, coldPerClass: 20, warmPerClass: 1_000, warmup: 1_000, httpQueries: 200 };
const QUICK = { coldSamples: 4, coldPerClass: 3, warmPerClass: 150, warmup: 300, httpQueries: 50 };
/** autocannon, per target: seconds after a warm-up, over 10 connections. */
const HTTP_LOAD = { full: { seconds: 5, warmupSeconds: 1 }, quick: { seconds: 1, warmupSeconds: 0 } };
type HttpRuns = Record<"default" | "q", { readonly rps: number; readonly p99Ms: number }>;
const MIB = 2 ** 20;
/**
 * Warm p99 on a fresh mix at 10,000 plugins (issue 8 for default, unfiltered and author; the first issue's for the
 * rest), the build's wall time, and the site data a cold answer of any class reads (issue 8: 1 MB); a larger catalog
 * (issue 8: 50,000 plugins) is held to 1.5× those and 3 minutes.
 */
const P99_TARGET_MS = { default: 0.3, unfiltered: 0.3, filter: 2, author: 0.5, q1: 5, qPrefix: 5, qFilters: 5 };
const targetsFor = (plugins: number) => {
  const scale = targetScale(plugins);
  const p99 = Object.fromEntries(Object.entries(P99_TARGET_MS).map(([kind, target]) => [kind, target * scale]));
  return { p99, buildMs: plugins > 10_000 ? 180_000 : 60_000, coldReadBytes: MIB * scale };
};

export async function bench(flags: Flags, { work, log }: BenchContext): Promise<void> {
  const plugins = flags.size;
  const targets = targetsFor(plugins);
  const [profile, load] = flags.quick ? [QUICK, HTTP_LOAD.quick] : [FULL, HTTP_LOAD.full];
  const catalog = await buildCatalog(plugins, flags.seed, work, log.progress);
  log.progress("measuring the site");
  const site = { ...(await measureSite(catalog.siteDir)), bundles: await measureBundles(catalog.siteDir) };
  const classes = BENCH_CLASSES;
  const plan = planQueries(catalog.vocabulary, profile, flags.seed, classes);
  log.progress(`cold starts: ${plan.coldUnfiltered.length} unfiltered + ${plan.coldQuery.length} q, one process each`);
  const cold = (paths: readonly string[]): Promise<ColdSample[]> =>
    sequentially(paths, (path) => runChild<ColdSample>("shim-child.js", ["cold", catalog.siteDir, path]));
  const [coldUnfiltered, coldQuery] = [await cold(plan.coldUnfiltered), await cold(plan.coldQuery)];
  log.progress(`cold reads: ${profile.coldPerClass} queries per class, each on a new shim`);
  const reads = await runChild<ColdReads>("shim-child.js", ["reads"], { input: { siteDir: catalog.siteDir, byClass: plan.coldByClass } });
  log.progress(`warm latency: ${plan.warmup.length} mixed queries, then ${plan.timed.length} timed (${classes.join(", ")}), heap`);
  const input: WarmPlan = { siteDir: catalog.siteDir, classes, warmup: plan.warmup, timed: plan.timed };
  const warm = await runChild<WarmResult>("shim-child.js", ["warm"], { nodeFlags: ["--expose-gc"], input });
  log.progress(`HTTP: ${load.seconds} s per target, 10 connections`);
  const http = await measureHttp(catalog.siteDir, plan.http, load);
  const sections = [
    ...buildSections(catalog.build, site, targets.buildMs),
    coldSection(coldUnfiltered, coldQuery),
    coldReadsSection(reads, classes, targets.coldReadBytes),
    ...warmSections(warm, classes, profile.warmPerClass, plan.warmup.length, targets.p99),
    httpSection(http),
  ];
  await publish(log, flags, {
    title: `plugin-catalog bench: ${plugins} plugins`,
    sections,
    notes: [`q classes: ${Q_CLASSES.join(", ")}. 1 MB = 2^20 bytes. The exit code reports broken runs only, not missed targets.`],
    command: `--plugins ${plugins}`,
    replay: [
      "  slowest queries, to replay one (node lib/src/cli/main.js query DIR 'q=…'):",
      `    cold q: ${slowestOf(coldQuery)}`,
      ...classes.map((kind) => `    warm ${kind}: ${warm.tally[kind]?.slowest.path}`),
    ],
  });
}

/** Requests per second on loopback: autocannon against `serveSite` in a child (`shim-child.js serve`), its own event loop. */
async function measureHttp(siteDir: string, qPaths: readonly string[], load: typeof HTTP_LOAD.full): Promise<HttpRuns> {
  const server = startChild<{ url: string }>("shim-child.js", ["serve", siteDir]);
  const hammer = async (url: string, paths: readonly string[]): Promise<HttpRuns["q"]> => {
    let next = 0;
    const requests = [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length]! }) }];
    const warmup = load.warmupSeconds > 0 ? { warmup: { connections: 10, duration: load.warmupSeconds } } : {};
    const result = await autocannon({ url, connections: 10, duration: load.seconds, requests, ...warmup });
    const counts = `${result["2xx"]} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`;
    if (result.non2xx > 0 || result.errors > 0 || result["2xx"] === 0) throw new Error(`autocannon on ${paths[0]}…: ${counts}`);
    return { rps: result.requests.total / result.duration, p99Ms: result.latency.p99 };
  };
  try {
    const { url } = await server.result;
    return { default: await hammer(url, [API_PATH]), q: await hammer(url, qPaths) };
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
  }
}

const slowestOf = (samples: readonly ColdSample[]): string => samples.reduce((worst, s) => (s.ms > worst.ms ? s : worst)).path;

type SiteSize = { site: FileTotals; search: FileTotals; bundles: Record<"worker" | "client", FileSize> };

function buildSections(build: CliRun, { site, search, bundles }: SiteSize, buildTargetMs: number): Section[] {
  const [wall, rss] = [round(build.ms, 1), round(build.peakRssMb, 1)];
  const share = (part: number, whole: number): string => `${mb(part)} (${percent(part / whole)})`;
  const bundle = (name: "worker" | "client", label: string): Figure =>
    shown(`bundles.${name}`, bundles[name], label, `${count(bundles[name].bytes)} / ${count(bundles[name].gzipBytes)} bytes`);
  return [
    {
      title: "Build (real CLI, child process)",
      figures: [
        shown("buildMs", wall, "build wall time", seconds(wall), atMost(wall, buildTargetMs, `${buildTargetMs / 1000} s`)),
        shown("buildPeakRssMb", rss, "build peak RSS", `${rss.toFixed(0)} MB`, atMost(rss, 2048, "2048 MB")),
      ],
    },
    {
      title: "Site size",
      figures: [
        shown("siteFiles", site.files, "files", `${site.files}`),
        mbFigure("siteBytes", site.bytes, "total, raw"),
        mbFigure("siteGzipBytes", site.gzipBytes, "total, gzip -6"),
        mbFigure("largestFileBytes", site.largestBytes, "largest file, raw (Pages' per-file limit)", 25 * MIB),
        json("searchFiles", search.files),
        shown("searchBytes", search.bytes, `search data (${search.files} files), raw`, share(search.bytes, site.bytes)),
        shown("searchGzipBytes", search.gzipBytes, "search data, gzip -6", share(search.gzipBytes, site.gzipBytes)),
        mbFigure("largestSearchFileBytes", search.largestBytes, "largest search file, raw"),
        bundle("worker", "_worker.js (the Worker), raw / gzip -6"),
        bundle("client", "catalog/client.js (the client), raw / gzip -6"),
      ],
    },
  ];
}

function coldSection(unfiltered: readonly ColdSample[], query: readonly ColdSample[]): Section {
  const of = (samples: readonly ColdSample[], pick: (s: ColdSample) => number): number[] => samples.map(pick);
  const [time, bytes, search] = [(s: ColdSample) => s.ms, (s: ColdSample) => s.bytes, (s: ColdSample) => s.searchBytes];
  const all = [...unfiltered, ...query];
  return {
    title: `Cold start (fresh process per sample, ${query.length} samples)`,
    figures: [
      json("coldSamples", query.length),
      msFigure("coldUnfilteredMs", round(median(of(unfiltered, time))), "first unfiltered page, median", 20),
      msFigure("coldUnfilteredMaxMs", round(maximum(of(unfiltered, time))), "first unfiltered page, max", 20),
      mbFigure("coldUnfilteredBytesRead", median(of(unfiltered, bytes)), "  bytes read, median"),
      msFigure("coldQueryMs", round(median(of(query, time))), "first q answer, median", 300),
      msFigure("coldQueryMaxMs", round(maximum(of(query, time))), "first q answer, max", 300),
      mbFigure("coldQueryBytesRead", median(of(query, bytes)), "  bytes read, all files, median"),
      mbFigure("coldQuerySearchBytesRead", median(of(query, search)), "  search data read, median", 2 * MIB),
      mbFigure("coldQuerySearchBytesReadMax", maximum(of(query, search)), "  search data read, max", 2 * MIB),
      json("coldQuerySlowest", slowestOf(query)),
      msFigure("coldImportMs", round(median(of(all, (s) => s.importMs))), "before each: loading the shim's modules"),
      msFigure("coldRuntimeInitMs", round(median(of(all, (s) => s.runtimeInitMs))), "before each: Node's lazy Fetch API + WebCrypto"),
    ],
  };
}

function coldReadsSection(reads: ColdReads, classes: readonly string[], most: number): Section {
  return {
    title: "Site data a cold answer reads (a new shim per query, as an edge isolate's first request)",
    figures: classes.flatMap((kind) => {
      const [middle, top] = [median(reads[kind]!), maximum(reads[kind]!)];
      const text = `${mb(middle)} / ${mb(top)}`;
      const value = { median: middle, max: top };
      return [shown(`coldReadBytes.${kind}`, value, `${kind} median / max`, text, atMost(top, most, mb(most)))];
    }),
  };
}

function warmSections(
  warm: WarmResult,
  classes: readonly string[],
  perClass: number,
  warmup: number,
  p99Targets: Record<string, number>,
): Section[] {
  const gc = { count: warm.timedGc.count, totalMs: round(warm.timedGc.totalMs, 1), longestMs: round(warm.timedGc.longestMs, 2) };
  const megabytes = (key: string, value: number, label: string, target?: Target): Figure =>
    shown(key, round(value, 2), label, `${value.toFixed(1)} MB`, target);
  const queries = warmup + perClass * classes.length;
  const gcText = `${gc.count}, ${gc.totalMs.toFixed(0)} ms in all, longest ${ms(gc.longestMs)}`;
  const under128 = { text: "< 128 MB", pass: warm.heapMb < 128 };
  return [
    {
      title: `Warm in-process latency (${perClass} queries per class, Request → body read)`,
      figures: [
        ...latencyFigures(warm.tally, classes, p99Targets),
        json("warmQueriesPerClass", perClass),
        json("heapQueries", warmup),
        mbFigure("warmBytesRead", warm.timedReads.bytes, "read from disk during the timed run"),
        shown("warmGc", gc, "GC pauses during the timed run", gcText),
      ],
    },
    {
      title: "Memory (shim in its own process, after gc)",
      figures: [
        megabytes("heapMb", warm.heapMb, `JS heap + ArrayBuffers after all ${queries} queries`, under128),
        megabytes("heapArrayBuffersMb", warm.heapArrayBuffersMb, "  of which ArrayBuffers (records, bitsets)"),
        megabytes("heapBaselineMb", warm.baselineHeapMb, "  of which before the shim existed"),
      ],
    },
  ];
}

function httpSection(http: HttpRuns): Section {
  const figures = (["default", "q"] as const).flatMap((name) => {
    const [{ rps, p99Ms }, label] = [http[name], name === "q" ? "q, rotating type-ahead queries" : "/api/plugins"];
    return [shown(`httpRps.${name}`, round(rps, 0), label, `${rps.toFixed(0)} req/s (p99 ${p99Ms} ms)`), json(`httpP99Ms.${name}`, p99Ms)];
  });
  return { title: "HTTP on loopback (serveSite, autocannon)", figures };
}
