/**
 * What every bench shares: its flags, progress lines on stderr that sample the machine's load (on 2 cores anything else
 * running moves every timing: the report says so instead of hiding it), its results printed and written to `--json`.
 */
import { writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { type Figure, json, renderSections, type Section, targetSummary, toJson } from "./figures.js";

/** What every bench is told: `size`, its catalog's (`--plugins`, `--packages`: 10,000 unless told, 500 with `--quick`). */
export type Flags = Readonly<{ seed: number; json?: string; quick: boolean; size: number }>;

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

/** What a bench found: its title (seed and `--quick` follow), sections, notes after the verdict, how to reproduce it. */
export type Findings = Readonly<{ title: string; about?: string; sections: readonly Section[]; notes?: readonly string[] }> &
  Readonly<{ command: string; replay?: readonly string[]; figures?: readonly Figure[] }>;

/** The report's first lines: what ran, and on what machine, warning when something else competed for the cores. */
function reportHead(log: BenchLog, title: string): string[] {
  const { cpus, node, loadStart, loadMax, loadEnd } = log.machine();
  const load = `1-min load average ${loadStart.toFixed(1)} at start, ${loadMax.toFixed(1)} at most, ${loadEnd.toFixed(1)} at end`;
  const warning = "WARNING: other processes competed for the cores during this run; timings are pessimistic. Run again on a quiet box.";
  return [title, `machine: ${cpus} cores, Node ${node}, ${load}`, ...(loadMax > cpus + 0.5 ? [warning] : []), ""];
}

/**
 * Prints the report on stdout and writes the figures, after `plugins`, `seed`, `quick`, `machine` and the findings'
 * own, to `--json FILE`.
 */
export async function publish(log: BenchLog, flags: Flags, found: Findings): Promise<void> {
  const { sections, about } = found;
  const command = `${found.command} --seed ${flags.seed}${flags.quick ? " --quick" : ""}`;
  const report = [
    ...reportHead(log, `${found.title}, seed ${flags.seed}${flags.quick ? " (--quick)" : ""}${about === undefined ? "" : `; ${about}`}`),
    ...renderSections(sections),
    ...targetSummary(sections),
    ...(found.notes ?? []),
    "",
    "Reproduce:",
    `  npm run bench -- ${command}`,
    `  (or, already compiled: node lib/test/bench/run.js ${command} --json FILE)`,
    ...(found.replay ?? []),
  ];
  process.stdout.write(`\n${report.join("\n")}\n`);
  if (flags.json !== undefined) {
    const head = [json("plugins", flags.size), json("seed", flags.seed), json("quick", flags.quick), json("machine", log.machine())];
    const figures = [...head, ...(found.figures ?? []), ...sections.flatMap((section) => section.figures)];
    await writeFile(flags.json, `${JSON.stringify(toJson(figures), null, 2)}\n`);
    log.progress(`wrote ${flags.json}`);
  }
  log.progress("done");
}
