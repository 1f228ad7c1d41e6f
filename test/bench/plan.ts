/**
 * Every query the bench sends, drawn up front from the catalog's vocabulary
 * with the run's seed: the same seed always sends the same queries. Each
 * list has its own random stream, so changing one list's size leaves the
 * others alone.
 */
import type { BenchProfile } from "./args.js";
import { API_PATH, QUERY_CLASSES, Q_CLASSES, QueryGenerator, type QueryClass } from "./queries.js";
import { Rng } from "./random.js";
import type { Vocabulary } from "./vocabulary.js";
import type { TimedQuery } from "./warm-plan.js";

export interface QueryPlan {
  /** Cold unfiltered samples: `/api/plugins` first, then other sorts, pages and sizes. */
  readonly coldUnfiltered: readonly string[];
  /** Cold search samples, rotating through the `q` classes. */
  readonly coldQuery: readonly string[];
  readonly heapMix: readonly string[];
  readonly timed: readonly TimedQuery[];
  /** `q` queries with a type-ahead prefix, rotated by autocannon. */
  readonly http: readonly string[];
}

export function planQueries(vocabulary: Vocabulary, profile: BenchProfile, seed: number): QueryPlan {
  const stream = (n: number): { generator: QueryGenerator; rng: Rng } => {
    const rng = new Rng((seed + n * 0x9e37_79b9) >>> 0);
    return { generator: new QueryGenerator(vocabulary, rng), rng };
  };
  const times = <T>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));

  const coldUnfiltered = stream(1).generator;
  const coldQuery = stream(2).generator;
  const heap = stream(3);
  const timed = stream(4);
  const http = stream(5).generator;
  return {
    coldUnfiltered: times(profile.coldSamples, (i) => (i === 0 ? API_PATH : coldUnfiltered.next("unfiltered"))),
    coldQuery: times(profile.coldSamples, (i) => coldQuery.next(Q_CLASSES[i % Q_CLASSES.length]!)),
    heapMix: times(profile.heapQueries, () => heap.generator.next(heap.rng.pick(QUERY_CLASSES))),
    timed: timed.rng.shuffle(QUERY_CLASSES.flatMap((kind: QueryClass) => times(profile.warmPerClass, () => ({ kind, path: timed.generator.next(kind) })))),
    http: times(profile.httpQueries, () => http.next("qPrefix")),
  };
}
