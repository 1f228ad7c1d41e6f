/** The build report: what the fetch found, skipped, retried and kept. Printed and written into the site. */
import type { Platform } from "./mirrors/parse.js";

export interface MirrorTally {
  found: number;
  missing: number;
  /** Could not be read today; last known counts kept. */
  keptPrevious: number;
  /** Could not be read today and never read before: counted 0. */
  unreadNoPrevious: number;
}

export interface BuildReport {
  startedAt: string;
  members: number;
  listed: number;
  excluded: { config: number; deprecated: number; unpublished: number; notFound: number };
  skippedMalformed: number;
  malformed: { name: string; reason: string }[];
  cappedKeywords: { keyword: string; total: number }[];
  /** `failed`: unreadable after retries; yesterday's record kept where there was one. */
  packuments: { fetched: number; notModified: number; reused: number; failed: number };
  mirrors: Record<Platform, MirrorTally>;
  requests: Record<"registry" | Platform, number>;
  retries: Record<"registry" | Platform, number>;
  phasesMs: Record<string, number>;
}

export function emptyReport(startedAt: string): BuildReport {
  const tally = (): MirrorTally => ({ found: 0, missing: 0, keptPrevious: 0, unreadNoPrevious: 0 });
  return {
    startedAt,
    members: 0,
    listed: 0,
    excluded: { config: 0, deprecated: 0, unpublished: 0, notFound: 0 },
    skippedMalformed: 0,
    malformed: [],
    cappedKeywords: [],
    packuments: { fetched: 0, notModified: 0, reused: 0, failed: 0 },
    mirrors: { github: tally(), gitlab: tally() },
    requests: { registry: 0, github: 0, gitlab: 0 },
    retries: { registry: 0, github: 0, gitlab: 0 },
    phasesMs: {},
  };
}

/** A few lines for the terminal and the CI log. */
export function summarizeReport(report: BuildReport): string {
  const m = report.mirrors;
  const lines = [
    `members: ${report.members} (listed ${report.listed}; excluded: ${report.excluded.config} by config, ${report.excluded.deprecated} deprecated, ${report.excluded.unpublished} unpublished, ${report.excluded.notFound} not found; ${report.skippedMalformed} malformed skipped)`,
    `packuments: ${report.packuments.fetched} fetched, ${report.packuments.notModified} not modified (304), ${report.packuments.reused} reused unchanged, ${report.packuments.failed} unreadable (yesterday's record kept where there was one)`,
    `mirrors: GitHub ${m.github.found} found, ${m.github.missing} missing, ${m.github.keptPrevious} kept previous counts, ${m.github.unreadNoPrevious} unread; GitLab ${m.gitlab.found} found, ${m.gitlab.missing} missing, ${m.gitlab.keptPrevious} kept previous counts, ${m.gitlab.unreadNoPrevious} unread`,
    `requests: registry ${report.requests.registry}, GitHub ${report.requests.github}, GitLab ${report.requests.gitlab} (retries ${report.retries.registry}/${report.retries.github}/${report.retries.gitlab})`,
    `time: ${Object.entries(report.phasesMs).map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`).join(", ")}`,
  ];
  for (const { keyword, total } of report.cappedKeywords) {
    lines.push(`warning: keyword "${keyword}" matches ${total} packages but the registry's search serves at most 10,000: the rest are missing`);
  }
  return lines.join("\n");
}
