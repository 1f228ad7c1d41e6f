/** What the warm child is asked to run, and what it reports back. */
import type { ReadCounts } from "./counting-reader.js";
import type { GcPauses } from "./gc-watch.js";
import type { QueryClass } from "./queries.js";

export interface TimedQuery {
  readonly kind: QueryClass;
  readonly path: string;
}

export interface WarmPlan {
  readonly siteDir: string;
  /** Mixed queries run first, untimed, to warm the process up; the heap is measured after them and the timed ones. */
  readonly heapMix: readonly string[];
  /** Then these, each timed; classes interleaved. */
  readonly timed: readonly TimedQuery[];
}

export interface WarmResult {
  /** heapUsed + arrayBuffers after gc before the shim existed. */
  readonly baselineHeapMb: number;
  /** heapUsed + arrayBuffers after gc once the shim answered `heapMix` and the timed queries, the shim still alive. */
  readonly heapMb: number;
  /** The arrayBuffers part of `heapMb`. */
  readonly heapArrayBuffersMb: number;
  readonly rssMb: number;
  readonly timings: Record<QueryClass, number[]>;
  /** The slowest timed query of each class, to reproduce it. */
  readonly slowest: Record<QueryClass, { readonly path: string; readonly ms: number }>;
  /** Answers with at least one plugin, per class. */
  readonly nonEmpty: Record<QueryClass, number>;
  /** Garbage collection during the timed run. */
  readonly timedGc: GcPauses;
  /** What the shim read from disk during the timed run (cache misses). */
  readonly timedReads: ReadCounts;
}
