/**
 * `npm run bench -- workerd`: the shim inside workerd over the query bench's catalog, in `workerd-child.ts`: the site's
 * Worker as its `wrangler.jsonc` deploys it, run by wrangler's Miniflare. Cold starts on new instances, warm latency per
 * class beside a static-file baseline, the CPU each request cost the workerd process.
 */
import { Random } from "../../tools/sample/random.js";
import { type ClassTally, latencyFigures, nonEmptyShare } from "./answers.js";
import { buildCatalog } from "./catalog.js";
import { runChild } from "./child.js";
import type { Figure, Section } from "./figures.js";
import { json, maximum, median, ms, percent, percentile, round, row, shown } from "./figures.js";
import { type BenchContext, type Flags, publish } from "./harness.js";
import { BASELINE_PATH, BENCH_CLASSES, planQueries, Q_CLASSES, shuffle } from "./queries.js";
import type { FirstSample, WorkerdPlan, WorkerdResult } from "./workerd-child.js";

/** Each cold sample starts a workerd process (about half a second): fewer than in-process. Warm: ≥ 500 a class for a CPU p99. */
const FULL = { coldSamples: 10, coldPerClass: 10, warmPerClass: 1_000, warmup: 500, httpQueries: 0 };
const QUICK = { coldSamples: 3, coldPerClass: 2, warmPerClass: 100, warmup: 100, httpQueries: 0 };
/** The Workers Free plan's CPU time per request. */
const FREE_CPU_MS = 10;

export async function bench(flags: Flags, { work, log }: BenchContext): Promise<void> {
  const [plugins, profile] = [flags.size, flags.quick ? QUICK : FULL];
  const catalog = await buildCatalog(plugins, flags.seed, work, log.progress);
  const classes = BENCH_CLASSES;
  const plan = planQueries(catalog.vocabulary, profile, flags.seed, classes);
  const baseline = Array.from({ length: profile.warmPerClass }, () => ({ kind: "baseline", path: BASELINE_PATH }));
  const timed = shuffle(new Random((flags.seed ^ 0x5eed_ba5e) >>> 0), [...plan.timed, ...baseline]);
  const instances = 2 * profile.coldSamples + classes.length * profile.coldPerClass;
  log.progress(`workerd: ${instances} new instances, then ${plan.warmup.length} warm-up and ${timed.length} timed requests`);
  const input: WorkerdPlan = { ...plan, siteDir: catalog.siteDir, kinds: [...classes, "baseline"], timed };
  const raw = await runChild<WorkerdResult>("workerd-child.js", [], { input });
  const over = classes.filter((kind) => maximum(coldCpu(raw, kind)) > FREE_CPU_MS);
  await publish(log, flags, {
    title: `plugin-catalog workerd bench: ${plugins} plugins`,
    about: "the site's Worker as its wrangler.jsonc deploys it (run_worker_first, assets, caches.default), in wrangler's Miniflare",
    sections: [
      coldSection(raw, classes, profile.coldSamples),
      warmSection(raw.tally, classes, profile.warmPerClass),
      cpuSection(raw, classes, profile.coldPerClass),
    ],
    notes: [
      "Every figure includes Miniflare's loopback hop (Node → HTTP on 127.0.0.1 → workerd → back); the baseline is a static file",
      "the asset worker serves without the Worker. CPU: the whole workerd process, all threads, around one request (docs/BENCHMARKS.md).",
      `Cold CPU max over the Workers Free plan's ${FREE_CPU_MS} ms: ${over.length === 0 ? "none" : over.join(", ")}.`,
    ],
    command: `workerd --plugins ${plugins}`,
    replay: [
      "  slowest queries:",
      `    cold: ${slowest([...raw.first.unfiltered, ...raw.first.query])}`,
      ...classes.map((kind) => `    warm ${kind}: ${raw.tally[kind]?.slowest.path}`),
    ],
    figures: [json("buildMs", round(catalog.build.ms, 1))],
  });
}

const slowest = (samples: readonly FirstSample[]): string => samples.reduce((a, b) => (b.firstMs > a.firstMs ? b : a)).path;
const primed = (raw: WorkerdResult, kinds: readonly string[]) => kinds.flatMap((kind) => raw.primed[kind] ?? []);

/** First requests on new instances, timed after Miniflare's `ready`; then instances that served the static file first. */
function coldSection(raw: WorkerdResult, classes: readonly string[], samples: number): Section {
  const { unfiltered, query } = raw.first;
  const all = [...unfiltered, ...query];
  const cold = (key: string, label: string, values: readonly number[], pick = median, digits = 3): Figure =>
    shown(`cold.${key}`, round(pick(values), digits), label, ms(pick(values)));
  const first = (list: readonly FirstSample[]): number[] => list.map((s) => s.firstMs);
  const afterAsset = (kinds: readonly string[]): number[] => primed(raw, kinds).map((s) => s.afterAssetMs);
  const [ready, second] = [all.map((s) => s.readyMs), all.map((s) => s.secondMs)];
  const assetFirst = primed(raw, classes).map((s) => s.assetFirstMs);
  return {
    title: `Cold start (${samples} + ${samples} samples, each on a new Miniflare instance: a new workerd, a fresh isolate, no cache)`,
    figures: [
      json("cold.samples", query.length),
      cold("unfilteredMs", "first unfiltered page (/api/plugins …), median", first(unfiltered)),
      cold("queryMs", "first q answer, median", first(query)),
      cold("unfilteredMaxMs", "first unfiltered page, max", first(unfiltered), maximum),
      cold("queryMaxMs", "first q answer, max", first(query), maximum),
      cold("readyMs", "  before each: new Miniflare → ready (not counted above), median", ready, median, 1),
      cold("readyMaxMs", "  before each: new Miniflare → ready, max", ready, maximum, 1),
      cold("secondRequestMs", "  the same request again, same instance, median", second),
      cold("assetFirstMs", "a static file first (no Worker), median", assetFirst),
      cold("unfilteredAfterAssetMs", "  then an unfiltered page (Worker still cold), median", afterAsset(["default", "unfiltered"])),
      cold("queryAfterAssetMs", "  then a q answer (Worker still cold), median", afterAsset(Q_CLASSES)),
      json("cold.slowest", slowest(all)),
    ],
  };
}

function warmSection(tally: Record<string, ClassTally>, classes: readonly string[], perClass: number): Section {
  const at = (kind: string, p: number): number => round(percentile(tally[kind]?.ms ?? [], p));
  const rows = classes.map((kind) => {
    const [p50, share] = [at(kind, 50), percent(nonEmptyShare(tally[kind]!))];
    const extra = `p50 − baseline ${ms(p50 - at("baseline", 50))}, ≥ 1 plugin ${share}`;
    return row(`${kind} p50 / p99 / max`, `${ms(p50)} / ${ms(at(kind, 99))} / ${ms(at(kind, 100))}; ${extra}`);
  });
  const [p50Ms, p99Ms, maxMs] = [at("baseline", 50), at("baseline", 99), at("baseline", 100)];
  const base = { path: BASELINE_PATH, count: tally["baseline"]?.ms.length ?? 0, p50Ms, p99Ms, maxMs };
  return {
    title: `Warm latency (${perClass} requests per class and of the baseline, interleaved, one instance; dispatchFetch → body)`,
    figures: [
      json("warmQueriesPerClass", perClass),
      ...latencyFigures(tally, classes).map(({ row: _shown, ...inJsonOnly }) => inJsonOnly),
      ...rows,
      shown("baseline", base, `baseline: ${BASELINE_PATH} p50 / p99 / max`, `${ms(p50Ms)} / ${ms(p99Ms)} / ${ms(maxMs)}`),
    ],
  };
}

const coldCpu = (raw: WorkerdResult, kind: string): number[] => (raw.primed[kind] ?? []).map((s) => s.cpuMs);

/** `cpuMs.cold.<class>.{median,max}` and `cpuMs.warm.<class>.{p50,p99}`, the baseline among the warm ones. */
function cpuSection(raw: WorkerdResult, classes: readonly string[], samples: number): Section {
  const warm = (kind: string): { p50: number; p99: number } => ({
    p50: round(percentile(raw.tally[kind]?.cpuMs ?? [], 50)),
    p99: round(percentile(raw.tally[kind]?.cpuMs ?? [], 99)),
  });
  const figures = classes.flatMap((kind) => {
    const [cold, hot] = [{ median: round(median(coldCpu(raw, kind))), max: round(maximum(coldCpu(raw, kind))) }, warm(kind)];
    const text = `${ms(cold.median)} / ${ms(cold.max)}; ${ms(hot.p50)} / ${ms(hot.p99)}`;
    return [shown(`cpuMs.cold.${kind}`, cold, `${kind} cold median / max; warm p50 / p99`, text), json(`cpuMs.warm.${kind}`, hot)];
  });
  const base = warm("baseline");
  const baseline = shown("cpuMs.warm.baseline", base, `baseline: ${BASELINE_PATH} warm p50 / p99`, `${ms(base.p50)} / ${ms(base.p99)}`);
  const title = `CPU time of the workerd process per request (cold: ${samples} new instances per class, each after one static file)`;
  return { title, figures: [...figures, baseline] };
}
