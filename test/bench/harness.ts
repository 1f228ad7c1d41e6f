/**
 * What every bench shares: flags, progress lines on stderr that sample the machine's load (on 2 cores anything else
 * running moves every timing: the report says so instead of hiding it), its results printed and written to `--json`.
 */
import { writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { type Figure, json, toJson } from "./figures.js";

/** A bad command line; `usage` is the text of the bench it was meant for. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** `--json FILE`, `--quick`, `--seed S` and a bench's own valued flags, strictly (no positionals). */
export class Flags {
  readonly #values: Record<string, unknown>;
  readonly quick: boolean;
  readonly json: string | undefined;
  readonly seed: number;
  constructor(
    argv: readonly string[],
    readonly usage: string,
    names: readonly string[],
  ) {
    const options = Object.fromEntries([...names, "seed", "json"].map((name) => [name, { type: "string" as const }]));
    try {
      const quick = { type: "boolean" as const };
      this.#values = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: { ...options, quick } }).values;
    } catch (error) {
      throw new UsageError((error as Error).message, usage);
    }
    [this.quick, this.json, this.seed] = [this.#values["quick"] === true, this.string("json"), this.integer("seed", 1, 0, 0xffff_ffff)];
  }
  string(name: string): string | undefined {
    return typeof this.#values[name] === "string" ? this.#values[name] : undefined;
  }
  integer(name: string, fallback: number, min: number, max: number): number {
    const text = this.string(name);
    if (text === undefined) return fallback;
    if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    throw new UsageError(`--${name} must be an integer ${min} … ${max}, got ${JSON.stringify(text)}`, this.usage);
  }
  /** The catalog's size: 10,000 unless told, 500 with `--quick`. */
  size = (name: string, max: number): number => this.integer(name, this.quick ? 500 : 10_000, 1, max);
}

/** The 1-minute load average at the start and end of the run, and the highest seen at any progress line. */
export type MachineLoad = { readonly cpus: number; readonly node: string } & Readonly<Record<"loadStart" | "loadEnd" | "loadMax", number>>;
const loadNow = (): number => Math.round((loadavg()[0] ?? Number.NaN) * 100) / 100;

/** Progress lines (`[bench   12.3 s] …`), each one a sample of the load average until the run's `machine()` is taken. */
export class BenchLog {
  readonly #started = performance.now();
  readonly #loadStart = loadNow();
  #loadMax = this.#loadStart;
  #machine: MachineLoad | undefined;
  readonly progress = (message: string): void => {
    this.#loadMax = Math.max(this.#loadMax, loadNow());
    process.stderr.write(`[bench ${((performance.now() - this.#started) / 1000).toFixed(1).padStart(6)} s] ${message}\n`);
  };
  machine(): MachineLoad {
    const [loadStart, loadEnd] = [this.#loadStart, loadNow()];
    const loadMax = Math.max(this.#loadMax, loadEnd);
    return (this.#machine ??= { cpus: availableParallelism(), node: process.version, loadStart, loadEnd, loadMax });
  }
}

export type BenchContext = { readonly work: string; readonly log: BenchLog };

/** The report's first lines: what ran, and on what machine, warning when something else competed for the cores. */
export function reportHead(log: BenchLog, title: readonly string[]): string[] {
  const { cpus, node, loadStart, loadMax, loadEnd } = log.machine();
  const load = `1-min load average ${loadStart.toFixed(1)} at start, ${loadMax.toFixed(1)} at most, ${loadEnd.toFixed(1)} at end`;
  const warning = "WARNING: other processes competed for the cores during this run; timings are pessimistic. Run again on a quiet box.";
  return [...title, `machine: ${cpus} cores, Node ${node}, ${load}`, ...(loadMax > cpus + 0.5 ? [warning] : []), ""];
}

export const reproduce = (command: string): string[] => [
  "",
  "Reproduce:",
  `  npm run bench -- ${command}`,
  `  (or, already compiled: node lib/test/bench/run.js ${command} --json FILE)`,
];

/** Prints the report on stdout and writes the figures, after `plugins`, `seed`, `quick` and `machine`, to `--json FILE`. */
export async function publish(log: BenchLog, flags: Flags, plugins: number, report: readonly string[], figures: readonly Figure[]) {
  process.stdout.write(`\n${report.join("\n")}\n`);
  if (flags.json !== undefined) {
    const head = [json("plugins", plugins), json("seed", flags.seed), json("quick", flags.quick), json("machine", log.machine())];
    await writeFile(flags.json, `${JSON.stringify(toJson([...head, ...figures]), null, 2)}\n`);
    log.progress(`wrote ${flags.json}`);
  }
  log.progress("done");
}
