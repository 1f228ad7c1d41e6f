/**
 * What docs/API.md (#downloads, #releases, #engines-and-trust, #repositories,
 * #the-hosts-versions) says the snapshot must hold of the facts of contract sections 11
 * and 12, computed from the fake world (the ground truth), never from the
 * product's code. npm's semver is the contract's own judge of ranges and
 * versions, so the truth uses it too.
 */
import semver from "semver";
import type { PackageRecord, World } from "../fakes/index.js";
import type { Repo } from "./expected.js";

const YEAR_MS = 365 * 86_400_000;

export interface ExpectedReleases {
  count: number;
  recent: { version: string; publishedAt: string }[];
  /** Every publication time, newest first: `times` holds those of the year before the read. */
  all: number[];
}

/** The world's versions are all valid semver: by date, newest first, ties by semver, descending. */
export function expectedReleases(pkg: PackageRecord): ExpectedReleases {
  const sorted = [...pkg.versions].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || semver.compareBuild(b.version, a.version));
  return {
    count: sorted.length,
    recent: sorted.slice(0, 10).map((v) => ({ version: v.version, publishedAt: new Date(v.time).toISOString() })),
    all: sorted.map((v) => Date.parse(v.time)),
  };
}

/** `times` of a packument read at `readAt` holds exactly the times within the year before it, newest first. */
export function timesWithinYear(all: readonly number[], readAt: number): string[] {
  return all.filter((time) => time >= readAt - YEAR_MS).map((time) => new Date(time).toISOString());
}

export function expectedEngines(pkg: PackageRecord, ranges: readonly string[]): { node: string | null; host: string | null } {
  const node = pkg.facts.engines?.["node"];
  const manifest: Record<string, unknown> = { engines: pkg.facts.engines, "node-red": pkg.facts.nodeRed };
  let host: string | null = null;
  for (const path of ranges) {
    let value: unknown = manifest;
    for (const key of path.split("."))
      value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof value === "string" && semver.validRange(value) !== null) {
      host = value;
      break;
    }
  }
  return { node: typeof node === "string" ? node : null, host };
}

export function expectedTrust(pkg: PackageRecord): { provenance: boolean; installScripts: boolean } {
  const scripts = pkg.facts.scripts ?? {};
  const runs = ["preinstall", "install", "postinstall"].some((name) => typeof scripts[name] === "string" && scripts[name] !== "");
  return { provenance: pkg.facts.provenance, installScripts: runs || pkg.facts.hasInstallScript === true };
}

/** A repository's facts as GraphQL reads them (GitLab's issues off: 0 open). */
export function expectedRepoFacts(repo: Repo) {
  if (repo.host === "github") {
    const r = repo.repo;
    return {
      url: `https://github.com/${r.owner}/${r.name}`,
      archived: r.archived,
      openIssues: r.openIssues,
      pushedAt: r.pushedAt,
      defaultBranch: r.defaultBranch,
    };
  }
  const p = repo.repo;
  return {
    url: `https://gitlab.com/${p.namespace.fullPath}/${p.path}`,
    archived: p.archived,
    openIssues: p.issuesEnabled ? p.openIssues : 0,
    pushedAt: p.lastActivityAt,
    defaultBranch: p.defaultBranch,
  };
}

/** The host's versions newest first (the world publishes them in order), and its dist-tags. */
export function expectedHost(world: World): { versions: string[]; distTags: Record<string, string> } {
  const host = world.get(world.hostName ?? "");
  if (host === undefined) throw new Error("the world has no host");
  const latest = host.versions.at(-1)?.version ?? "";
  return { versions: host.versions.map((v) => v.version).reverse(), distTags: { latest, ...host.distTags } };
}
