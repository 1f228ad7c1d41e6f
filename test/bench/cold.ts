/** Cold starts: one fresh process per sample, so every sample is really cold. */
import { runJsonChild } from "./child.js";
import type { ColdSample } from "./cold-sample.js";
import { maximum, median } from "./stats.js";

export interface ColdSummary {
  readonly samples: number;
  readonly medianMs: number;
  readonly maxMs: number;
  readonly medianImportMs: number;
  readonly medianRuntimeInitMs: number;
  readonly medianBytes: number;
  readonly maxBytes: number;
  readonly medianSearchBytes: number;
  readonly maxSearchBytes: number;
  readonly medianFiles: number;
  /** The slowest sample's query, to reproduce it. */
  readonly slowest: string;
}

export async function measureCold(siteDir: string, paths: readonly string[], workDir: string): Promise<ColdSample[]> {
  const samples: ColdSample[] = [];
  // One at a time: parallel samples would compete for the two cores.
  for (const path of paths) samples.push(await runJsonChild<ColdSample>({ script: "cold-child.js", args: [siteDir, path], workDir }));
  return samples;
}

export function summarizeCold(samples: readonly ColdSample[]): ColdSummary {
  const of = (pick: (sample: ColdSample) => number): number[] => samples.map(pick);
  const slowest = samples.reduce<ColdSample | undefined>((worst, sample) => (worst === undefined || sample.ms > worst.ms ? sample : worst), undefined);
  return {
    samples: samples.length,
    medianMs: median(of((s) => s.ms)),
    maxMs: maximum(of((s) => s.ms)),
    medianImportMs: median(of((s) => s.importMs)),
    medianRuntimeInitMs: median(of((s) => s.runtimeInitMs)),
    medianBytes: median(of((s) => s.bytes)),
    maxBytes: maximum(of((s) => s.bytes)),
    medianSearchBytes: median(of((s) => s.searchBytes)),
    maxSearchBytes: maximum(of((s) => s.searchBytes)),
    medianFiles: median(of((s) => s.files)),
    slowest: slowest?.path ?? "",
  };
}
