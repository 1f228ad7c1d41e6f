/** `npm run bench -- workerd` flags, and how much work each run does. */
import { FULL, integer, parseFlags, QUICK, type BenchProfile } from "./args.js";

export interface WorkerdBenchOptions {
  readonly plugins: number;
  readonly seed: number;
  readonly json: string | undefined;
  /** A `--json` file of the query bench, to print the in-process figures next to these. */
  readonly compare: string | undefined;
  readonly quick: boolean;
  /** The query plan's sizes (`plan.ts`): cold samples, warm queries per class, warm-up queries. */
  readonly profile: BenchProfile;
}

export const WORKERD_USAGE = "usage: node lib/test/bench/run.js workerd [--plugins N] [--seed S] [--json FILE] [--compare BENCH_JSON] [--quick]";

/** Each cold sample starts a workerd process (about a second), so fewer than in-process; warm: ≥ 300 a class. */
const FULL_WORKERD: BenchProfile = { ...FULL, coldSamples: 10, warmPerClass: 1_000, heapQueries: 500 };
const QUICK_WORKERD: BenchProfile = { ...QUICK, coldSamples: 3, warmPerClass: 100, heapQueries: 100 };

export function parseWorkerdArgs(argv: readonly string[]): WorkerdBenchOptions {
  const values = parseFlags(
    argv,
    { plugins: { type: "string" }, seed: { type: "string" }, json: { type: "string" }, compare: { type: "string" }, quick: { type: "boolean", default: false } },
    WORKERD_USAGE,
  );
  const quick = values.quick === true;
  return {
    plugins: integer("plugins", values.plugins, quick ? 500 : 10_000, 1, 1_000_000, WORKERD_USAGE),
    seed: integer("seed", values.seed, 1, 0, 0xffff_ffff, WORKERD_USAGE),
    json: values.json,
    compare: values.compare,
    quick,
    profile: quick ? QUICK_WORKERD : FULL_WORKERD,
  };
}
