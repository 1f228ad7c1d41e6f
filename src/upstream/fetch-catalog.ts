/**
 * `build --config`: reads the catalog from the npm registry, GitHub and
 * GitLab (CONTRACT sections 5 and 7) into a snapshot. Phases: list members,
 * read packuments, read mirrors, assemble. One bad package or one platform's
 * outage degrades the catalog; it never fails the build.
 */
import { slugFor } from "../snapshot/slug.js";
import type { CatalogSnapshot, SnapshotPlugin } from "../snapshot/schema.js";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from "../snapshot/schema.js";
import type { CatalogConfig } from "./config.js";
import type { UpstreamClient } from "./http/client.js";
import { readMembers, type Member } from "./members.js";
import { mirrorRefsOf, mirrorsOfPackage, readAllMirrors, renamesKnownFrom, type MirrorReader } from "./mirror-counts.js";
import { readGithubMirrors } from "./mirrors/github.js";
import { readGitlabMirrors } from "./mirrors/gitlab.js";
import { mirrorKey, type MirrorRef } from "./mirrors/parse.js";
import type { Progress } from "./progress.js";
import { listMembers } from "./registry/listing.js";
import { emptyReport, type BuildReport } from "./report.js";

export interface Upstreams {
  readonly registry: UpstreamClient;
  readonly github: UpstreamClient;
  readonly gitlab: UpstreamClient;
  readonly hasGithubToken: boolean;
}

export interface FetchOptions {
  readonly config: CatalogConfig;
  readonly upstreams: Upstreams;
  readonly previous: CatalogSnapshot | undefined;
  readonly progress: Progress;
  /** Pause between two search pages. */
  readonly searchIntervalMs: number;
  readonly now?: () => Date;
}

export async function fetchCatalog(options: FetchOptions): Promise<{ snapshot: CatalogSnapshot; report: BuildReport }> {
  const now = options.now ?? (() => new Date());
  const { config, upstreams, progress } = options;
  const report = emptyReport(now().toISOString());
  const timed = phaseTimer(report);
  const previous = new Map((options.previous?.plugins ?? []).map((plugin) => [plugin.npmName, plugin]));
  const previousExcluded = new Map((options.previous?.excluded ?? []).map((entry) => [entry.npmName, entry]));

  progress.phase("listing", config.keywords.length);
  const listing = await timed("listing", () => listMembers(config.keywords, { client: upstreams.registry, intervalMs: options.searchIntervalMs }));
  report.listed = listing.packages.size;
  report.cappedKeywords = listing.capped;
  const excluded = new Set(config.exclude);
  const listed = [...listing.packages.values()].filter((pkg) => !excluded.has(pkg.name));
  report.excluded.config = listing.packages.size - listed.length;

  progress.phase("packuments", listed.length);
  const { members, excluded: excludedPackages } = await timed("packuments", () =>
    readMembers(listed, { plugins: previous, excluded: previousExcluded }, upstreams.registry, report, now, () => progress.advance()),
  );

  progress.phase("mirrors", 2);
  const refs = new Map(members.map((m) => [m.record.npmName, mirrorRefsOf(m.record.mirrors, config.mirrors[m.record.npmName] ?? [])]));
  const outcomes = await timed("mirrors", () => readAllMirrors(refs, mirrorReader(upstreams), report, renamesKnownFrom(options.previous?.plugins)));
  progress.done();

  const checkedAt = now().toISOString();
  const plugins = members.map((member) =>
    assemble(member, refs.get(member.record.npmName) ?? [], mirrorsOfPackage(refs.get(member.record.npmName) ?? [], outcomes, previous.get(member.record.npmName), checkedAt, report), config),
  );
  report.members = plugins.length;
  for (const platform of ["registry", "github", "gitlab"] as const) {
    report.requests[platform] = upstreams[platform].stats.requests;
    report.retries[platform] = upstreams[platform].stats.retries;
  }
  return { snapshot: { format: SNAPSHOT_FORMAT, formatVersion: SNAPSHOT_VERSION, generatedAt: checkedAt, plugins, excluded: excludedPackages }, report };
}

function mirrorReader(upstreams: Upstreams): MirrorReader {
  return (platform, paths) =>
    platform === "github"
      ? readGithubMirrors(paths, { client: upstreams.github, hasToken: upstreams.hasGithubToken })
      : readGitlabMirrors(paths, { client: upstreams.gitlab });
}

function assemble(member: Member, packageRefs: readonly MirrorRef[], mirrors: SnapshotPlugin["mirrors"], config: CatalogConfig): SnapshotPlugin {
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
    creators: uniqueLogins([...record.npmLogins, ...mirrors.map((m) => m.owner).filter((o): o is string => o !== undefined)]),
    mirrors,
    registry: {
      ...(member.etag === undefined ? {} : { etag: member.etag }),
      ...(member.modified === undefined ? {} : { modified: member.modified }),
      fetchedAt: member.fetchedAt,
      npmLogins: record.npmLogins,
      // Only the package's own references: the config's are added afresh each day.
      mirrorRefs: record.mirrors.filter((ref) => packageRefs.some((r) => mirrorKey(r) === mirrorKey(ref))).map((ref) => ({ platform: ref.platform, path: ref.path })),
    },
  };
}

function uniqueLogins(logins: readonly string[]): string[] {
  const seen = new Set<string>();
  return logins.filter((login) => !seen.has(login.toLowerCase()) && seen.add(login.toLowerCase()));
}

function phaseTimer(report: BuildReport) {
  return async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      report.phasesMs[phase] = Math.round(performance.now() - started);
    }
  };
}
