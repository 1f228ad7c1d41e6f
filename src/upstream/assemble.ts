/**
 * One member's snapshot record from what the build read of it: its
 * packument's record, its search result's counts (with yesterday's record to
 * fall back on) and its mirrors.
 */
import { BOUNDS } from "../core/bounds.js";
import type { SnapshotPlugin } from "../snapshot/schema.js";
import { slugFor } from "../snapshot/slug.js";
import type { CatalogConfig } from "./config.js";
import type { MemberCounts } from "./downloads.js";
import type { Member } from "./members.js";
import { type MirrorRef, mirrorKey } from "./mirrors/parse.js";

export function assemble(
  member: Member,
  packageRefs: readonly MirrorRef[],
  mirrors: SnapshotPlugin["mirrors"],
  counts: MemberCounts,
  config: CatalogConfig,
): SnapshotPlugin {
  const { record } = member;
  const webUi = new Set(config.webUiKeywords.map((k) => k.toLowerCase()));
  return {
    slug: slugFor(record.npmName),
    npmName: record.npmName,
    name: record.name,
    description: record.description,
    version: record.version,
    license: record.license,
    homepage: record.homepage,
    totalStars: mirrors.reduce((sum, m) => sum + m.stars, 0),
    totalForks: mirrors.reduce((sum, m) => sum + m.forks, 0),
    hasWebUi: record.tags.some((tag) => webUi.has(tag.toLowerCase())),
    publishedAt: record.publishedAt,
    updatedAt: record.updatedAt,
    tags: record.tags,
    readme: record.readme,
    creators: uniqueLogins([...record.npmLogins, ...mirrors.map((m) => m.owner).filter((o): o is string => o !== undefined)]).slice(
      0,
      BOUNDS.logins,
    ),
    mirrors,
    ...(record.readmeCut ? { readmeCut: true as const } : {}),
    downloads: counts.downloads,
    dependents: counts.dependents,
    // Absent only on a record kept from an older snapshot whose packument could not be read today.
    ...(record.releases === undefined ? {} : { releases: record.releases }),
    ...(record.engines === undefined ? {} : { engines: record.engines }),
    ...(record.trust === undefined ? {} : { trust: record.trust }),
    registry: {
      ...(member.etag === undefined ? {} : { etag: member.etag }),
      ...(member.modified === undefined ? {} : { modified: member.modified }),
      fetchedAt: member.fetchedAt,
      ...(member.stale ? { stale: true as const } : {}),
      npmLogins: record.npmLogins,
      // Only the package's own references: the config's are added afresh each day.
      mirrorRefs: record.mirrors
        .filter((ref) => packageRefs.some((r) => mirrorKey(r) === mirrorKey(ref)))
        .map((ref) => ({ platform: ref.platform, path: ref.path })),
    },
  };
}

function uniqueLogins(logins: readonly string[]): string[] {
  const seen = new Set<string>();
  return logins.filter((login) => !seen.has(login.toLowerCase()) && seen.add(login.toLowerCase()));
}
