/**
 * One plugin in full (contract section 11, docs/API.md#one-plugin): the
 * listing's Plugin, then its README, repositories, downloads, dependents,
 * releases, engines, trust facts and score, from the snapshot's facts (an
 * absent fact is the contract's fallback, src/snapshot/facts.ts) within the
 * bounds of docs/API.md#bounds.
 */
import { BOUNDS, boundedReadme, boundedText, cleanText, ELLIPSIS, headText, isLongerThan } from "../../core/bounds.js";
import type { PluginDetail, Releases, Repository } from "../../core/detail-body.js";
import { toWirePlugin } from "../../core/plugin.js";
import { dependentsOf, downloadsOf, enginesOf, releasesOf, repositoryOf, trustOf } from "../../snapshot/facts.js";
import type { SnapshotPlugin } from "../../snapshot/schema.js";
import { DAY_MS, daysSince, maintenance, Percentiles, popularity, quality, total } from "./score.js";
import { isSpdxExpression } from "./spdx.js";

/** What a detail needs of the whole catalog: the build's time and the ranks that popularity compares. */
export interface DetailContext {
  readonly builtAt: string;
  /** `builtAt` less 365 days, in the same format: the first time `releases.lastYear` counts. */
  readonly yearBefore: string;
  readonly builtAtMs: number;
  readonly lastMonth: Percentiles;
  readonly totalStars: Percentiles;
  readonly dependents: Percentiles;
}

const YEAR_MS = 365 * DAY_MS;
/** Engines ranges, release versions and branch names: at most as long as a version (section 5). */
const FACT_LENGTH = BOUNDS.version;

export function detailContext(plugins: readonly SnapshotPlugin[], builtAt: string): DetailContext {
  const builtAtMs = Date.parse(builtAt);
  return {
    builtAt,
    yearBefore: new Date(builtAtMs - YEAR_MS).toISOString(),
    builtAtMs,
    lastMonth: new Percentiles(plugins.map((plugin) => downloadsOf(plugin).lastMonth)),
    totalStars: new Percentiles(plugins.map((plugin) => plugin.totalStars)),
    dependents: new Percentiles(plugins.map(dependentsOf)),
  };
}

/** The body of `GET /api/plugins/{slug}` for `plugin`, keys in the contract's order. */
export function pluginDetail(plugin: SnapshotPlugin, context: DetailContext): PluginDetail {
  const readme = detailReadme(plugin);
  const repositories = plugin.mirrors.map((mirror) => boundedRepository(repositoryOf(mirror)));
  const downloads = downloadsOf(plugin);
  const dependents = dependentsOf(plugin);
  const engines = enginesOf(plugin);
  const { provenance, installScripts } = trustOf(plugin);
  const trust = { provenance, installScripts, spdxLicense: isSpdxExpression(plugin.license) };
  const popularityPart = popularity(
    {
      lastMonth: context.lastMonth.twiceRank(downloads.lastMonth),
      totalStars: context.totalStars.twiceRank(plugin.totalStars),
      dependents: context.dependents.twiceRank(dependents),
    },
    context.lastMonth.count,
  );
  const allArchived = repositories.length > 0 && repositories.every((repository) => repository.archived);
  const maintenancePart = maintenance(daysSince(Date.parse(plugin.updatedAt), context.builtAtMs), allArchived);
  const qualityPart = quality({
    hasReadme: readme !== null,
    spdxLicense: trust.spdxLicense,
    hasRepository: repositories.length > 0,
    provenance: trust.provenance,
    installScripts: trust.installScripts,
  });
  return {
    ...toWirePlugin(plugin),
    readme,
    repositories,
    downloads: {
      lastWeek: downloads.lastWeek,
      lastMonth: downloads.lastMonth,
      weekly: downloads.weekly.map(({ date, count }) => ({ date, count })),
    },
    dependents,
    releases: detailReleases(plugin, context),
    engines: { node: boundedFact(engines.node), host: boundedFact(engines.host) },
    trust,
    score: {
      total: total(popularityPart, maintenancePart, qualityPart),
      popularity: popularityPart,
      maintenance: maintenancePart,
      quality: qualityPart,
    },
  };
}

/**
 * The README as section 5 cleans it, at most `BOUNDS.readme` code points: one that was longer (the snapshot says so,
 * or holds more) shows its first `BOUNDS.readme - 1` and "…", as `cutText` would have cut the whole. Empty: null.
 */
export function detailReadme(plugin: Pick<SnapshotPlugin, "readme" | "readmeCut">): string | null {
  const text = boundedReadme(plugin.readme);
  if (text === "") return null;
  const cut = plugin.readmeCut === true || isLongerThan(plugin.readme, BOUNDS.readme);
  return cut ? headText(text, BOUNDS.readme - 1) + ELLIPSIS : text;
}

/** `times` are timestamps of one format, so that their order as strings is their order in time. */
function detailReleases(plugin: SnapshotPlugin, context: DetailContext): Releases {
  const releases = releasesOf(plugin);
  let lastYear = 0;
  for (const time of releases.times) if (time >= context.yearBefore && time <= context.builtAt) lastYear++;
  return {
    count: releases.count,
    lastYear,
    recent: releases.recent.map((release) => ({ version: boundedText(release.version, FACT_LENGTH), publishedAt: release.publishedAt })),
  };
}

const boundedFact = (value: string | null): string | null => (value === null ? null : boundedText(value, FACT_LENGTH));

/** A branch name cut short would name another branch: a longer one counts as unknown. */
function boundedRepository(repository: Repository): Repository {
  const branch = repository.defaultBranch === null ? null : cleanText(repository.defaultBranch);
  const defaultBranch = branch === null || branch === "" || isLongerThan(branch, FACT_LENGTH) ? null : branch;
  return defaultBranch === repository.defaultBranch ? repository : { ...repository, defaultBranch };
}
