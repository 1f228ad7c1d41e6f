/**
 * What `compat` accepts (docs/API.md#compat), from the host's versions and
 * dist-tags as the snapshot holds them: the build does not trust a snapshot,
 * so they are checked and bounded here again, whoever wrote them.
 */
import semver from "semver";
import type { Compatibility } from "../../snapshot/schema.js";

/**
 * The most versions a site keeps, the newest first: far more than any host has published (node-red: a few hundred),
 * and a bound on the build's work, which tests every version against every distinct range the plugins declare.
 */
export const MAX_HOST_VERSIONS = 2_000;
/** The most dist-tags a site keeps (in code-unit order of their names). */
export const MAX_HOST_TAGS = 100;
/** A longer dist-tag name is left out: npm's own versions are at most this long too. */
const MAX_TAG_LENGTH = 256;

export interface HostVersions {
  readonly host: string;
  /** The version a 400 names: the `latest` tag's, else the newest release, else the newest version; null when none. */
  readonly latest: string | null;
  /** Newest first, releases before prereleases; each as written, and one that npm's semver parses (not loose). */
  readonly versions: readonly string[];
  /** `[tag, version]`, tags in code-unit order, each version one of `versions`. */
  readonly tags: readonly (readonly [string, string])[];
}

/** Undefined when the catalog never read its host's versions (or names no host). */
export function hostVersions(compatibility: Compatibility | undefined): HostVersions | undefined {
  if (compatibility?.versions === undefined) return undefined;
  const parsed = new Map<string, semver.SemVer>();
  for (const version of compatibility.versions) {
    const value = semver.parse(version);
    if (value !== null) parsed.set(version, value);
  }
  const versions = [...parsed.keys()].sort((a, b) => newestFirst(parsed.get(a)!, parsed.get(b)!) || codeUnits(a, b));
  const kept = versions.slice(0, MAX_HOST_VERSIONS);
  const tags = distTags(compatibility.distTags ?? {}, new Set(kept));
  const latest = tags.find(([tag]) => tag === "latest")?.[1] ?? kept.find((v) => parsed.get(v)!.prerelease.length === 0) ?? kept[0];
  return { host: compatibility.host, latest: latest ?? null, versions: kept, tags };
}

/** Releases before prereleases, each newest first. */
function newestFirst(a: semver.SemVer, b: semver.SemVer): number {
  const releases = Number(a.prerelease.length > 0) - Number(b.prerelease.length > 0);
  return releases || semver.compareBuild(b, a);
}

const codeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Well-formed names of at most `MAX_TAG_LENGTH` characters, no control characters. */
const PLAIN_TAG = /^[^\p{Cc}\p{Cs}]+$/u;

function distTags(distTags: Readonly<Record<string, string>>, versions: ReadonlySet<string>): [string, string][] {
  const tags = Object.entries(distTags).filter(
    ([tag, version]) => PLAIN_TAG.test(tag) && [...tag].length <= MAX_TAG_LENGTH && versions.has(version),
  );
  return tags.sort(([a], [b]) => codeUnits(a, b)).slice(0, MAX_HOST_TAGS);
}
