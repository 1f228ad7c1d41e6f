/** The workerd bench's figures, as `--json FILE` writes them. */
import type { MachineLoad } from "./machine.js";
import { QUERY_CLASSES, type QueryClass } from "./queries.js";
import { maximum, median, percentile, round } from "./stats.js";
import type { WorkerdBenchOptions } from "./workerd-args.js";
import { BASELINE_PATH, type WorkerdColdSample, type WorkerdResult } from "./workerd-plan.js";

export interface WorkerdBenchResults {
  readonly plugins: number;
  readonly seed: number;
  readonly quick: boolean;
  readonly machine: MachineLoad;
  readonly buildMs: number;
  readonly cold: {
    readonly samples: number;
    /** Medians: after Miniflare's `ready`, to the first answer's last byte. */
    readonly unfilteredMs: number;
    readonly queryMs: number;
    readonly unfilteredMaxMs: number;
    readonly queryMaxMs: number;
    /** `new Miniflare` to `ready` (not in the figures above), median and max over all samples. */
    readonly readyMs: number;
    readonly readyMaxMs: number;
    /** The same request again on the same instance, median over all samples. */
    readonly secondRequestMs: number;
    /** Medians over all samples: a static asset as a fresh instance's first request, then the API request after it. */
    readonly assetFirstMs: number;
    readonly unfilteredAfterAssetMs: number;
    readonly queryAfterAssetMs: number;
    readonly slowest: string;
  };
  readonly warmQueriesPerClass: number;
  readonly p50Ms: Record<QueryClass, number>;
  readonly p99Ms: Record<QueryClass, number>;
  readonly maxMs: Record<QueryClass, number>;
  readonly nonEmptyShare: Record<QueryClass, number>;
  readonly slowestQuery: Record<QueryClass, string>;
  /** `dispatchFetch` of a static asset that never reaches the Worker. */
  readonly baseline: { readonly path: string; readonly count: number; readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number };
}

export interface WorkerdMeasurements {
  readonly machine: MachineLoad;
  readonly buildMs: number;
  readonly raw: WorkerdResult;
}

export function collectWorkerdResults(options: WorkerdBenchOptions, m: WorkerdMeasurements): WorkerdBenchResults {
  const { raw } = m;
  const byClass = (pick: (kind: QueryClass) => number): Record<QueryClass, number> =>
    Object.fromEntries(QUERY_CLASSES.map((kind) => [kind, round(pick(kind))])) as Record<QueryClass, number>;
  const all: readonly WorkerdColdSample[] = [...raw.coldUnfiltered, ...raw.coldQuery];
  const firstOf = (samples: readonly WorkerdColdSample[]): number[] => samples.map((s) => s.firstMs);
  const slowest = all.reduce<WorkerdColdSample | undefined>((worst, s) => (worst === undefined || s.firstMs > worst.firstMs ? s : worst), undefined);
  const baseline = raw.timings.baseline;
  return {
    plugins: options.plugins,
    seed: options.seed,
    quick: options.quick,
    machine: m.machine,
    buildMs: round(m.buildMs, 1),
    cold: {
      samples: raw.coldQuery.length,
      unfilteredMs: round(median(firstOf(raw.coldUnfiltered))),
      queryMs: round(median(firstOf(raw.coldQuery))),
      unfilteredMaxMs: round(maximum(firstOf(raw.coldUnfiltered))),
      queryMaxMs: round(maximum(firstOf(raw.coldQuery))),
      readyMs: round(median(all.map((s) => s.readyMs)), 1),
      readyMaxMs: round(maximum(all.map((s) => s.readyMs)), 1),
      secondRequestMs: round(median(all.map((s) => s.secondMs))),
      assetFirstMs: round(median(all.map((s) => s.assetFirstMs))),
      unfilteredAfterAssetMs: round(median(raw.coldUnfiltered.map((s) => s.afterAssetMs))),
      queryAfterAssetMs: round(median(raw.coldQuery.map((s) => s.afterAssetMs))),
      slowest: slowest?.path ?? "",
    },
    warmQueriesPerClass: raw.timings.default.length,
    p50Ms: byClass((kind) => percentile(raw.timings[kind], 50)),
    p99Ms: byClass((kind) => percentile(raw.timings[kind], 99)),
    maxMs: byClass((kind) => percentile(raw.timings[kind], 100)),
    nonEmptyShare: byClass((kind) => (raw.timings[kind].length === 0 ? 0 : raw.nonEmpty[kind] / raw.timings[kind].length)),
    slowestQuery: Object.fromEntries(QUERY_CLASSES.map((kind) => [kind, raw.slowest[kind].path])) as Record<QueryClass, string>,
    baseline: {
      path: BASELINE_PATH,
      count: baseline.length,
      p50Ms: round(percentile(baseline, 50)),
      p99Ms: round(percentile(baseline, 99)),
      maxMs: round(percentile(baseline, 100)),
    },
  };
}
