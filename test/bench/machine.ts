/**
 * The machine the figures came from: cores, Node, and how busy it was. On a
 * small box, other processes running at the same time (a test suite, say)
 * move every timing; the report says so instead of hiding it.
 */
import { availableParallelism, loadavg } from "node:os";

export interface MachineLoad {
  readonly cpus: number;
  readonly node: string;
  /** 1-minute load average when the run started, when it ended, and the highest seen between phases. */
  readonly loadStart: number;
  readonly loadEnd: number;
  readonly loadMax: number;
}

export function loadNow(): number {
  return loadavg()[0] ?? Number.NaN;
}

/** Samples the load average at each phase of a run. */
export class LoadWatch {
  readonly start = loadNow();
  private max = this.start;

  sample(): void {
    this.max = Math.max(this.max, loadNow());
  }

  finish(): MachineLoad {
    const end = loadNow();
    const round = (value: number): number => Math.round(value * 100) / 100;
    return { cpus: availableParallelism(), node: process.version, loadStart: round(this.start), loadEnd: round(end), loadMax: round(Math.max(this.max, end)) };
  }
}

/** True when something else competed for the cores during the run. */
export function wasBusy(machine: MachineLoad): boolean {
  return machine.loadMax > machine.cpus + 0.5;
}

/** The report's lines about the machine: cores, Node, load, and a warning when it was busy. */
export function describeMachine(machine: MachineLoad): string[] {
  const lines = [
    `machine: ${machine.cpus} cores, Node ${machine.node}, 1-min load average ${machine.loadStart.toFixed(1)} at start, ${machine.loadMax.toFixed(1)} at most, ${machine.loadEnd.toFixed(1)} at end`,
  ];
  if (wasBusy(machine)) lines.push("WARNING: other processes competed for the cores during this run; timings are pessimistic. Run again on a quiet machine.");
  return lines;
}
