/** `npm run bench -- fetch` flags. */
import { integer, parseFlags } from "./args.js";

export interface FetchBenchOptions {
  /** Packages in the fake world (all carry the catalog's keyword). */
  readonly packages: number;
  readonly seed: number;
  /** Delay before every answer of every fake. */
  readonly latencyMs: number;
  /** The CLI's `--search-interval`: pause between two registry search pages. */
  readonly searchIntervalMs: number;
  /** Packages given a new version between the two builds. */
  readonly changed: number;
  readonly json: string | undefined;
  readonly quick: boolean;
}

export const FETCH_USAGE =
  "usage: node lib/test/bench/run.js fetch [--packages N] [--seed S] [--latency MS] [--search-interval MS] [--changed N] [--json FILE] [--quick]";

/** Share of the packages changed between the builds unless `--changed` says otherwise. */
const CHANGED_SHARE = 0.02;

export function parseFetchArgs(argv: readonly string[]): FetchBenchOptions {
  const values = parseFlags(
    argv,
    {
      packages: { type: "string" },
      seed: { type: "string" },
      latency: { type: "string" },
      "search-interval": { type: "string" },
      changed: { type: "string" },
      json: { type: "string" },
      quick: { type: "boolean", default: false },
    },
    FETCH_USAGE,
  );
  const quick = values.quick === true;
  const number = (name: string, text: string | undefined, fallback: number, min: number, max: number): number => integer(name, text, fallback, min, max, FETCH_USAGE);
  const packages = number("packages", values.packages, quick ? 500 : 10_000, 1, 100_000);
  return {
    packages,
    seed: number("seed", values.seed, 1, 0, 0xffff_ffff),
    latencyMs: number("latency", values.latency, 50, 0, 10_000),
    searchIntervalMs: number("search-interval", values["search-interval"], 500, 0, 60_000),
    changed: number("changed", values.changed, Math.round(packages * CHANGED_SHARE), 0, packages),
    json: values.json,
    quick,
  };
}
