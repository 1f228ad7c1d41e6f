/** The bench's figures, as `--json FILE` writes them. */
import type { BenchOptions } from "./args.js";
import type { BuildMeasurement } from "./build-step.js";
import type { ColdSummary } from "./cold.js";
import type { HttpSummary } from "./http.js";
import type { MachineLoad } from "./machine.js";
import { QUERY_CLASSES, type QueryClass } from "./queries.js";
import type { SiteSize } from "./site-size.js";
import { round } from "./stats.js";
import type { WarmSummary } from "./warm.js";

export interface BenchResults {
  readonly plugins: number;
  readonly seed: number;
  readonly quick: boolean;
  readonly machine: MachineLoad;
  readonly buildMs: number;
  readonly buildPeakRssMb: number;
  readonly siteFiles: number;
  readonly siteBytes: number;
  readonly siteGzipBytes: number;
  readonly searchFiles: number;
  readonly searchBytes: number;
  readonly searchGzipBytes: number;
  readonly largestSearchFileBytes: number;
  /** Medians over fresh processes; `…MaxMs` the slowest sample. */
  readonly coldSamples: number;
  readonly coldUnfilteredMs: number;
  readonly coldUnfilteredMaxMs: number;
  readonly coldUnfilteredBytesRead: number;
  readonly coldQueryMs: number;
  readonly coldQueryMaxMs: number;
  /** All bytes the first `q` answer read (median); the search data's part below. */
  readonly coldQueryBytesRead: number;
  readonly coldQuerySearchBytesRead: number;
  readonly coldQuerySearchBytesReadMax: number;
  readonly coldQuerySlowest: string;
  readonly coldImportMs: number;
  readonly coldRuntimeInitMs: number;
  readonly p50Ms: Record<QueryClass, number>;
  readonly p99Ms: Record<QueryClass, number>;
  readonly maxMs: Record<QueryClass, number>;
  readonly nonEmptyShare: Record<QueryClass, number>;
  readonly slowestQuery: Record<QueryClass, string>;
  readonly warmQueriesPerClass: number;
  /** Untimed mixed queries before the timed ones. */
  readonly heapQueries: number;
  readonly warmBytesRead: number;
  readonly warmGc: { readonly count: number; readonly totalMs: number; readonly longestMs: number };
  /** JS heap plus ArrayBuffers after gc, MB. */
  readonly heapMb: number;
  readonly heapArrayBuffersMb: number;
  readonly heapBaselineMb: number;
  readonly httpRps: { readonly default: number; readonly q: number };
  readonly httpP99Ms: { readonly default: number; readonly q: number };
}

export interface Measurements {
  readonly machine: MachineLoad;
  readonly build: BuildMeasurement;
  readonly site: SiteSize;
  readonly coldUnfiltered: ColdSummary;
  readonly coldQuery: ColdSummary;
  /** Over all cold samples. */
  readonly coldSetup: ColdSummary;
  readonly warm: WarmSummary;
  readonly http: HttpSummary;
}

export function collectResults(options: BenchOptions, m: Measurements): BenchResults {
  const byClass = (pick: (kind: QueryClass) => number): Record<QueryClass, number> =>
    Object.fromEntries(QUERY_CLASSES.map((kind) => [kind, round(pick(kind))])) as Record<QueryClass, number>;
  const latency = m.warm.latency;
  return {
    plugins: options.plugins,
    seed: options.seed,
    quick: options.quick,
    machine: m.machine,
    buildMs: round(m.build.ms, 1),
    buildPeakRssMb: round(m.build.peakRssMb, 1),
    siteFiles: m.site.files,
    siteBytes: m.site.bytes,
    siteGzipBytes: m.site.gzipBytes,
    searchFiles: m.site.searchFiles,
    searchBytes: m.site.searchBytes,
    searchGzipBytes: m.site.searchGzipBytes,
    largestSearchFileBytes: m.site.largestSearchFileBytes,
    coldSamples: m.coldQuery.samples,
    coldUnfilteredMs: round(m.coldUnfiltered.medianMs),
    coldUnfilteredMaxMs: round(m.coldUnfiltered.maxMs),
    coldUnfilteredBytesRead: m.coldUnfiltered.medianBytes,
    coldQueryMs: round(m.coldQuery.medianMs),
    coldQueryMaxMs: round(m.coldQuery.maxMs),
    coldQueryBytesRead: m.coldQuery.medianBytes,
    coldQuerySearchBytesRead: m.coldQuery.medianSearchBytes,
    coldQuerySearchBytesReadMax: m.coldQuery.maxSearchBytes,
    coldQuerySlowest: m.coldQuery.slowest,
    coldImportMs: round(m.coldSetup.medianImportMs),
    coldRuntimeInitMs: round(m.coldSetup.medianRuntimeInitMs),
    p50Ms: byClass((kind) => latency[kind].p50Ms),
    p99Ms: byClass((kind) => latency[kind].p99Ms),
    maxMs: byClass((kind) => latency[kind].maxMs),
    nonEmptyShare: byClass((kind) => latency[kind].nonEmpty),
    slowestQuery: Object.fromEntries(QUERY_CLASSES.map((kind) => [kind, m.warm.raw.slowest[kind].path])) as Record<QueryClass, string>,
    warmQueriesPerClass: latency.default.count,
    heapQueries: options.profile.heapQueries,
    warmBytesRead: m.warm.raw.timedReads.bytes,
    warmGc: { count: m.warm.raw.timedGc.count, totalMs: round(m.warm.raw.timedGc.totalMs, 1), longestMs: round(m.warm.raw.timedGc.longestMs, 2) },
    heapMb: round(m.warm.raw.heapMb, 2),
    heapArrayBuffersMb: round(m.warm.raw.heapArrayBuffersMb, 2),
    heapBaselineMb: round(m.warm.raw.baselineHeapMb, 2),
    httpRps: { default: round(m.http.default.rps, 0), q: round(m.http.q.rps, 0) },
    httpP99Ms: { default: m.http.default.p99Ms, q: m.http.q.p99Ms },
  };
}
