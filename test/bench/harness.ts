/**
 * What every bench shares: its flags, progress lines on stderr that sample the machine's load (on 2 cores anything else
 * running moves every timing: the report says so instead of hiding it), its results printed, written to `--json` and,
 * as the docs show them, to `--markdown`.
 */
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { count, type Figure, json, renderSections, type Section, targetSummary, toJson } from "./figures.js";
import { markdownReport, type RunHead } from "./markdown.js";

/** What every bench is told: `size`, its catalog's (`--plugins`, `--packages`: 10,000 unless told, 500 with `--quick`). */
export type Flags = Readonly<{ seed: number; json?: string; markdown?: string; quick: boolean; size: number }>;

/** The 1-minute load average at the start and end of the run, and the highest seen at any progress line. */
export type MachineLoad = { readonly cpus: number; readonly node: string } & Readonly<Record<"loadStart" | "loadEnd" | "loadMax", number>>;
const loadNow = (): number => Math.round((loadavg()[0] ?? Number.NaN) * 100) / 100;

/** Progress lines (`[bench   12.3 s] …`), each one a sample of the load average until the run's `machine()` is taken. */
export class BenchLog {
  readonly startedAt = new Date();
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

/**
 * What a bench found: its title (seed and `--quick` follow), sections, notes after the verdict, how to reproduce it;
 * `unit`, what its size counts (plugins unless told).
 */
export type Findings = Readonly<{ title: string; about?: string; sections: readonly Section[]; notes?: readonly string[] }> &
  Readonly<{ command: string; replay?: readonly string[]; figures?: readonly Figure[]; unit?: string }>;

const WARNING = "WARNING: other processes competed for the cores during this run; timings are pessimistic. Run again on a quiet box.";

/** The machine and its load over the run, and the warning when something else competed for the cores. */
function machineLine(log: BenchLog): { text: string; warning?: string } {
  const { cpus, node, loadStart, loadMax, loadEnd } = log.machine();
  const load = `1-min load average ${loadStart.toFixed(1)} at start, ${loadMax.toFixed(1)} at most, ${loadEnd.toFixed(1)} at end`;
  return { text: `${cpus} cores, Node ${node}, ${load}`, ...(loadMax > cpus + 0.5 ? { warning: WARNING } : {}) };
}

/** The report's first lines: what ran, and on what machine. */
function reportHead(log: BenchLog, title: string): string[] {
  const { text, warning } = machineLine(log);
  return [title, `machine: ${text}`, ...(warning === undefined ? [] : [warning]), ""];
}

/** The checkout's commit (`-dirty` with changes), so that a table names the code it measured; none outside git. */
function codeVersion(): string | undefined {
  try {
    const here = fileURLToPath(new URL(".", import.meta.url));
    return execFileSync("git", ["describe", "--always", "--dirty"], { cwd: here, encoding: "utf8", stdio: "pipe" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** What the markdown tables were measured by and on. */
function runHead(log: BenchLog, flags: Flags, found: Findings, command: string): RunHead {
  const [{ text, warning }, code] = [machineLine(log), codeVersion()];
  return {
    command: `npm run bench -- ${command}`,
    startedAt: log.startedAt,
    size: `${count(flags.size)} ${found.unit ?? "plugins"}`,
    machine: text,
    ...(code === undefined ? {} : { code }),
    ...(warning === undefined ? {} : { warning }),
  };
}

/**
 * Prints the report on stdout and writes the figures, after `plugins`, `seed`, `quick`, `machine` and the findings'
 * own, to `--json FILE`, and its sections as markdown tables to `--markdown FILE`.
 */
export async function publish(log: BenchLog, flags: Flags, found: Findings): Promise<void> {
  const { sections, about } = found;
  const command = `${found.command} --seed ${flags.seed}${flags.quick ? " --quick" : ""}`;
  const [verdict, notes] = [targetSummary(sections), found.notes ?? []];
  const report = [
    ...reportHead(log, `${found.title}, seed ${flags.seed}${flags.quick ? " (--quick)" : ""}${about === undefined ? "" : `; ${about}`}`),
    ...renderSections(sections),
    ...verdict,
    ...notes,
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
  if (flags.markdown !== undefined) {
    await writeFile(flags.markdown, markdownReport(runHead(log, flags, found, command), sections, [verdict, notes]));
    log.progress(`wrote ${flags.markdown}`);
  }
  log.progress("done");
}
