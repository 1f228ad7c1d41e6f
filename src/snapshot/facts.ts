/**
 * A record's facts beyond the listing's Plugin (contract section 11), with
 * what an absent field means: older snapshots and hand-made ones carry none of
 * them, and a fact nobody read is the contract's fallback (0, null, false).
 */
import type { Downloads, Mirror, Releases, SnapshotPlugin } from "./schema.js";

const NO_DOWNLOADS: Downloads = { lastWeek: 0, lastMonth: 0, weekly: [] };
const NO_RELEASES: Releases = { count: 0, recent: [], times: [] };

export const downloadsOf = (plugin: SnapshotPlugin): Downloads => plugin.downloads ?? NO_DOWNLOADS;

export const dependentsOf = (plugin: SnapshotPlugin): number => plugin.dependents ?? 0;

export const releasesOf = (plugin: SnapshotPlugin): Releases => plugin.releases ?? NO_RELEASES;

export const enginesOf = (plugin: SnapshotPlugin): { node: string | null; host: string | null } =>
  plugin.engines ?? { node: null, host: null };

export const trustOf = (plugin: SnapshotPlugin): { provenance: boolean; installScripts: boolean } =>
  plugin.trust ?? { provenance: false, installScripts: false };

/** A mirror as the detail shows it: `{ url, host, stars, forks, archived, openIssues, pushedAt, defaultBranch }`. */
export function repositoryOf(mirror: Mirror) {
  return {
    url: mirror.url ?? `https://${mirror.platform}.com/${mirror.path}`,
    host: mirror.platform,
    stars: mirror.stars,
    forks: mirror.forks,
    archived: mirror.archived ?? false,
    openIssues: mirror.openIssues ?? 0,
    pushedAt: mirror.pushedAt ?? null,
    defaultBranch: mirror.defaultBranch ?? null,
  };
}
