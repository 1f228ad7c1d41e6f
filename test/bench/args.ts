/** `npm run bench` flags, and how much work each run does. */
import { parseArgs, type ParseArgsConfig } from "node:util";

export interface BenchOptions {
  readonly plugins: number;
  readonly seed: number;
  readonly json: string | undefined;
  readonly quick: boolean;
  readonly profile: BenchProfile;
}

/** Sample counts and durations: a full run, or `--quick` for smoke tests. */
export interface BenchProfile {
  /** Fresh processes per cold measurement (unfiltered, q). */
  readonly coldSamples: number;
  /** Timed in-process requests per query class. */
  readonly warmPerClass: number;
  /** Mixed requests before the heap is measured (also the warm-up of the timed run). */
  readonly heapQueries: number;
  /** autocannon: seconds per target, and concurrent connections. */
  readonly httpSeconds: number;
  readonly httpWarmupSeconds: number;
  readonly httpConnections: number;
  /** Distinct `q` queries autocannon rotates through. */
  readonly httpQueries: number;
}

export const FULL: BenchProfile = {
  coldSamples: 20, warmPerClass: 1_000, heapQueries: 1_000,
  httpSeconds: 5, httpWarmupSeconds: 1, httpConnections: 10, httpQueries: 200,
};
export const QUICK: BenchProfile = {
  coldSamples: 4, warmPerClass: 150, heapQueries: 300,
  httpSeconds: 1, httpWarmupSeconds: 0, httpConnections: 10, httpQueries: 50,
};

export const USAGE = "usage: node lib/test/bench/run.js [--plugins N] [--seed S] [--json FILE] [--quick]\n       node lib/test/bench/run.js fetch|workerd [--json FILE] [--quick] … (the upstream fetch, or the shim in workerd)";

/** A bad command line; `usage` is the text of the bench it was meant for. */
export class UsageError extends Error {
  constructor(message: string, readonly usage: string = USAGE) {
    super(message);
  }
}

/** Strict flags (no positionals); a bad one is a UsageError carrying `usage`. */
type StrictFlags<O> = { options: O; strict: true; allowPositionals: false };

export function parseFlags<const O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: readonly string[],
  options: O,
  usage: string,
): ReturnType<typeof parseArgs<StrictFlags<O>>>["values"] {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
}

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const values = parseFlags(
    argv,
    { plugins: { type: "string" }, seed: { type: "string" }, json: { type: "string" }, quick: { type: "boolean", default: false } },
    USAGE,
  );
  const quick = values.quick === true;
  return {
    plugins: integer("plugins", values.plugins, quick ? 500 : 10_000, 1, 1_000_000),
    seed: integer("seed", values.seed, 1, 0, 0xffff_ffff),
    json: values.json,
    quick,
    profile: quick ? QUICK : FULL,
  };
}

export function integer(name: string, text: string | undefined, fallback: number, min: number, max: number, usage = USAGE): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`--${name} must be an integer ${min} … ${max}, got ${JSON.stringify(text)}`, usage);
  return value;
}
