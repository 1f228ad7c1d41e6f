/**
 * `build --config`: reads the catalog from the npm registry, GitHub and
 * GitLab (docs/API.md#data-sources, #field-derivations) into a snapshot.
 * Phases: list members, read packuments, read mirrors, assemble. One bad
 * package or one platform's outage degrades the catalog; only a registry that
 * cannot be read fails the build.
 */

import type { CatalogSnapshot, Compatibility, SnapshotPlugin } from "../snapshot/schema.js";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, snapshotPluginProblem } from "../snapshot/schema.js";
import { assemble } from "./assemble.js";
import type { CatalogConfig } from "./config.js";
import { memberCounts } from "./downloads.js";
import type { UpstreamClient } from "./http/client.js";
import { readMembers, skipMalformed } from "./members.js";
import { type MirrorReader, mirrorRefsOf, mirrorsOfPackage, readAllMirrors, renamesKnownFrom } from "./mirror-counts.js";
import { readGithubMirrors } from "./mirrors/github.js";
import { readGitlabMirrors } from "./mirrors/gitlab.js";
import type { Progress } from "./progress.js";
import { DEFAULT_DISPLAY_NAME_PATHS } from "./registry/display-name.js";
import { readHostPackument } from "./registry/host-packument.js";
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
  const hostRanges = config.compatibility?.ranges ?? [];
  // A change of either list of paths changes what a record says: every packument is read again.
  const recordsReusable =
    sameList(options.previous?.displayName ?? DEFAULT_DISPLAY_NAME_PATHS, config.displayName) &&
    sameList(options.previous?.compatibility?.ranges ?? [], hostRanges);
  const yesterday = { plugins: previous, excluded: previousExcluded, recordsReusable };
  const derive = { displayName: config.displayName, hostRanges };
  const [{ members, excluded: excludedPackages }, compatibility] = await timed("packuments", () =>
    Promise.all([
      readMembers(listed, yesterday, { client: upstreams.registry, report, now, derive }, () => progress.advance()),
      readHost(upstreams.registry, config, options.previous?.compatibility, report, now),
    ]),
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
    const before = previous.get(name);
    const counts = memberCounts(listing.packages.get(name)?.counts ?? NO_COUNTS, before, checkedAt.slice(0, 10));
    if (counts.fellBack) report.countsFellBack++;
    const mirrors = mirrorsOfPackage(memberRefs, outcomes, before, checkedAt, report);
    const plugin = assemble(member, memberRefs, mirrors, counts, config);
    // The derivation bounds every field; a record that still breaks a rule of the snapshot is left out, not the catalog.
    const problem = snapshotPluginProblem(plugin);
    if (problem === undefined) plugins.push(plugin);
    else skipMalformed(report, name, problem);
  }
  report.members = plugins.length;
  // The configuration travels in the snapshot: tomorrow's fetch and any build from it see what today's used.
  const { categories, displayName, siteUrl } = config;
  return {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_VERSION,
    generatedAt: checkedAt,
    categories,
    displayName,
    ...(compatibility === undefined ? {} : { compatibility }),
    ...(siteUrl === undefined ? {} : { siteUrl }),
    plugins,
    excluded: excludedPackages,
  };
}

const NO_COUNTS = { lastWeek: undefined, lastMonth: undefined, dependents: undefined };

/** The host's versions when the config names a host (its outcome goes into the report), else none. */
async function readHost(
  client: UpstreamClient,
  config: CatalogConfig,
  previous: Compatibility | undefined,
  report: BuildReport,
  now: () => Date,
): Promise<Compatibility | undefined> {
  if (config.compatibility === undefined) return undefined;
  const read = await readHostPackument(client, config.compatibility, previous, now);
  report.host = read.report;
  return read.compatibility;
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
