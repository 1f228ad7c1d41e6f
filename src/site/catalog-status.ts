/**
 * The body of `/api/status` (docs/API.md#status), derived from the snapshot
 * alone, so a build from a snapshot file gives the same answer as the fetch
 * that wrote it, and a republished catalog keeps its bytes.
 *
 * - npm: the registry's search is read by every fetch (a fetch that cannot
 *   read it fails), so `readAt` is the snapshot's time; packages whose record
 *   was kept after a failed packument read (`registry.stale`) are stale since
 *   that record was read (`fetchedAt`).
 * - GitHub, GitLab: one item per repository. The fetch stamps every mirror it
 *   reads with the snapshot's time (`checkedAt`), so a mirror read earlier
 *   kept an earlier build's counts. A mirror with no recorded read counts as
 *   an item only.
 */
import type { CatalogStatus, SourceStatus } from "../core/status-body.js";
import type { CatalogSnapshot, Mirror } from "../snapshot/schema.js";

export function catalogStatus(snapshot: CatalogSnapshot): CatalogStatus {
  return {
    builtAt: snapshot.generatedAt,
    plugins: snapshot.plugins.length,
    sources: {
      npm: registryStatus(snapshot),
      github: mirrorStatus(snapshot, "github"),
      gitlab: mirrorStatus(snapshot, "gitlab"),
    },
  };
}

function registryStatus(snapshot: CatalogSnapshot): SourceStatus {
  const kept = snapshot.plugins.filter((plugin) => plugin.registry?.stale === true);
  // A kept record without a read time is at least as old as its version's publication.
  const keptSince = kept.map((plugin) => plugin.registry?.fetchedAt ?? plugin.updatedAt);
  return { readAt: snapshot.generatedAt, items: snapshot.plugins.length, stale: kept.length, staleSince: earliest(keptSince) };
}

function mirrorStatus(snapshot: CatalogSnapshot, platform: Mirror["platform"]): SourceStatus {
  // Several plugins may name one repository: it is one item, read when its latest copy was.
  const lastRead = new Map<string, string | undefined>();
  for (const plugin of snapshot.plugins) {
    for (const mirror of plugin.mirrors) {
      if (mirror.platform !== platform) continue;
      const key = mirror.path.toLowerCase();
      lastRead.set(key, laterOf(lastRead.get(key), mirror.checkedAt));
    }
  }
  const readTimes = [...lastRead.values()].filter((time): time is string => time !== undefined);
  const staleTimes = readTimes.filter((time) => time < snapshot.generatedAt);
  return { readAt: latest(readTimes), items: lastRead.size, stale: staleTimes.length, staleSince: earliest(staleTimes) };
}

/** Timestamps share one fixed-width UTC format, so text order is time order. */
function laterOf(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined || (b !== undefined && b > a) ? b : a;
}

function latest(times: readonly string[]): string | null {
  return times.reduce<string | undefined>(laterOf, undefined) ?? null;
}

function earliest(times: readonly string[]): string | null {
  // ISO timestamps of one format order as strings do.
  return [...times].sort()[0] ?? null;
}
