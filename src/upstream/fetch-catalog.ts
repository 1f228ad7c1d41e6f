/**
 * `build --config`: reads the catalog from the npm registry, GitHub and
 * GitLab (docs/API.md#data-sources, #field-derivations) into a snapshot.
 * Phases: list members, read packuments, read mirrors, assemble. One bad
 * package or one platform's outage degrades the catalog; only a registry that
 * cannot be read fails the build.
 */

import { BOUNDS } from "../core/bounds.js";
import type { CatalogSnapshot, SnapshotPlugin } from "../snapshot/schema.js";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, snapshotPluginProblem } from "../snapshot/schema.js";
import { slugFor } from "../snapshot/slug.js";
import type { CatalogConfig } from "./config.js";
import type { UpstreamClient } from "./http/client.js";
import { type Member, readMembers, skipMalformed } from "./members.js";
import { type MirrorReader, mirrorRefsOf, mirrorsOfPackage, readAllMirrors, renamesKnownFrom } from "./mirror-counts.js";
import { readGithubMirrors } from "./mirrors/github.js";
import { readGitlabMirrors } from "./mirrors/gitlab.js";
import { type MirrorRef, mirrorKey } from "./mirrors/parse.js";
import type { Progress } from "./progress.js";
import { DEFAULT_DISPLAY_NAME_PATHS } from "./registry/display-name.js";
import { listMembers } from "./registry/listing.js";
import { type BuildReport, emptyReport } from "./report.js";

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

/** The fetch failed as a whole (the registry cannot be read); `report` says how far it got. */
export class FetchFailedError extends Error {
  override name = "FetchFailedError";
  constructor(
    message: string,
    readonly report: BuildReport,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export async function fetchCatalog(options: FetchOptions): Promise<{ snapshot: CatalogSnapshot; report: BuildReport }> {
  const report = emptyReport((options.now ?? (() => new Date()))().toISOString());
  try {
    return { snapshot: await fetchInto(report, options), report };
  } catch (error) {
    throw new FetchFailedError(error instanceof Error ? error.message : String(error), report, { cause: error });
  } finally {
    tallyUpstreams(report, options.upstreams);
  }
}

async function fetchInto(report: BuildReport, options: FetchOptions): Promise<CatalogSnapshot> {
  const now = options.now ?? (() => new Date());
  const { config, upstreams, progress } = options;
  const timed = phaseTimer(report);
  const previous = new Map((options.previous?.plugins ?? []).map((plugin) => [plugin.npmName, plugin]));
  const previousExcluded = new Map((options.previous?.excluded ?? []).map((entry) => [entry.npmName, entry]));

  progress.phase("listing", config.keywords.length);
  const listingOptions = { client: upstreams.registry, intervalMs: options.searchIntervalMs };
  const listing = await timed("listing", () => listMembers(config.keywords, listingOptions)).catch((error: unknown) => {
    throw registryUnreadable(error instanceof Error ? error.message : String(error));
  });
  report.listed = listing.packages.size;
  report.cappedKeywords = listing.capped;
  const excluded = new Set(config.exclude);
  const listed = [...listing.packages.values()].filter((pkg) => !excluded.has(pkg.name));
  report.excluded.config = listing.packages.size - listed.length;

  progress.phase("packuments", listed.length);
  const recordsReusable = sameList(options.previous?.displayName ?? DEFAULT_DISPLAY_NAME_PATHS, config.displayName);
  const yesterday = { plugins: previous, excluded: previousExcluded, recordsReusable };
  const derive = { displayName: config.displayName };
  const { members, excluded: excludedPackages } = await timed("packuments", () =>
    readMembers(listed, yesterday, { client: upstreams.registry, report, now, derive }, () => progress.advance()),
  );
  // Yesterday's records in place of today's for the whole catalog would publish a stale catalog as new.
  const registryDown = upstreams.registry.gateRecord.down;
  if (registryDown !== undefined) throw registryUnreadable(registryDown);

  progress.phase("mirrors", 2);
  const refs = new Map(members.map((m) => [m.record.npmName, mirrorRefsOf(m.record.mirrors, config.mirrors[m.record.npmName] ?? [])]));
  const renames = renamesKnownFrom(options.previous?.plugins);
  const outcomes = await timed("mirrors", () => readAllMirrors(refs, mirrorReader(upstreams), report, renames));
  progress.done();

  const checkedAt = now().toISOString();
  const plugins: SnapshotPlugin[] = [];
  for (const member of members) {
    const name = member.record.npmName;
    const memberRefs = refs.get(name) ?? [];
    const plugin = assemble(member, memberRefs, mirrorsOfPackage(memberRefs, outcomes, previous.get(name), checkedAt, report), config);
    // The derivation bounds every field; a record that still breaks a rule of the snapshot is left out, not the catalog.
    const problem = snapshotPluginProblem(plugin);
    if (problem === undefined) plugins.push(plugin);
    else skipMalformed(report, name, problem);
  }
  report.members = plugins.length;
  // The configuration travels in the snapshot: tomorrow's fetch and any build from it see what today's used.
  const { categories, displayName } = config;
  return {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_VERSION,
    generatedAt: checkedAt,
    categories,
    displayName,
    plugins,
    excluded: excludedPackages,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function registryUnreadable(why: string): Error {
  return new Error(`the npm registry cannot be read: ${why}`);
}

/** Requests, retries, pauses and given-up hosts as each client saw them. */
function tallyUpstreams(report: BuildReport, upstreams: Upstreams): void {
  for (const platform of ["registry", "github", "gitlab"] as const) {
    const client = upstreams[platform];
    const gate = client.gateRecord;
    report.requests[platform] = client.stats.requests;
    report.retries[platform] = client.stats.retries;
    if (client.stats.tooLarge > 0) report.tooLarge[platform] = { answers: client.stats.tooLarge, capBytes: client.maxBodyBytes };
    report.rateLimits[platform] = { pauses: gate.pauses, pausedMs: Math.round(gate.pausedMs) };
    if (gate.down !== undefined) report.platformsDown[platform] = gate.down;
  }
}

function mirrorReader(upstreams: Upstreams): MirrorReader {
  return (platform, paths) =>
    platform === "github"
      ? readGithubMirrors(paths, { client: upstreams.github, hasToken: upstreams.hasGithubToken })
      : readGitlabMirrors(paths, { client: upstreams.gitlab });
}

function assemble(
  member: Member,
  packageRefs: readonly MirrorRef[],
  mirrors: SnapshotPlugin["mirrors"],
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
