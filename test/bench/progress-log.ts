/**
 * The bench's progress lines on stderr (`[bench   12.3 s] …`), each one also
 * a sample of the machine's load average (see `machine.ts`).
 */
import { LoadWatch } from "./machine.js";

export type Progress = (message: string) => void;

export interface ProgressLog {
  readonly progress: Progress;
  readonly load: LoadWatch;
}

export function createProgressLog(): ProgressLog {
  const started = performance.now();
  const load = new LoadWatch();
  const progress: Progress = (message) => {
    load.sample();
    process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}\n`);
  };
  return { progress, load };
}
