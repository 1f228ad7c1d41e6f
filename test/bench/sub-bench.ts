/**
 * `npm run bench -- <name> …`: the benches other than the query bench, picked
 * by a first positional argument. Each is loaded only when asked for (the
 * workerd bench pulls in Miniflare).
 */
import type { ProgressLog } from "./progress-log.js";

/** A parsed bench, ready to run in a scratch directory that is removed after. */
export type BenchRunner = (work: string) => Promise<void>;

/** The runner `argv` asks for, or undefined when it names no sub-bench (the query bench then). */
export async function subBench(argv: readonly string[], log: ProgressLog): Promise<BenchRunner | undefined> {
  const [name, ...rest] = argv;
  switch (name) {
    case "fetch": {
      const [{ parseFetchArgs }, { fetchBench }] = await Promise.all([import("./fetch-args.js"), import("./fetch-run.js")]);
      const options = parseFetchArgs(rest);
      return (work) => fetchBench(options, work, log);
    }
    case "workerd": {
      const [{ parseWorkerdArgs }, { workerdBench }] = await Promise.all([import("./workerd-args.js"), import("./workerd-run.js")]);
      const options = parseWorkerdArgs(rest);
      return (work) => workerdBench(options, work, log);
    }
    default:
      return undefined;
  }
}
