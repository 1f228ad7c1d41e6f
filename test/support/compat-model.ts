/**
 * `compat` (contract section 12, docs/API.md#compat) as a naive model, written
 * from its sentences with npm's semver called directly, independent of `src/`:
 * which values `compat` accepts, which plugins a version keeps, and the
 * listing and facets with it, on top of the reference model of the other
 * parameters (reference.ts).
 */
import semver from "semver";
import type { CatalogSnapshot, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { type ReferenceFacets, type ReferencePage, type ReferenceQuery, referenceAnswer, referenceFacets } from "./reference.js";

export interface ModelHost {
  readonly host: string;
  readonly versions: readonly string[];
  readonly distTags: Readonly<Record<string, string>>;
}

/** The host as a snapshot carries it; undefined when the catalog names none or never read its versions. */
export function modelHostOf(snapshot: CatalogSnapshot): ModelHost | undefined {
  const compatibility = snapshot.compatibility;
  if (compatibility?.versions === undefined) return undefined;
  return { host: compatibility.host, versions: compatibility.versions, distTags: compatibility.distTags ?? {} };
}

/** A published version as written (one npm's semver can read: docs/API.md says others are left out). */
function published(host: ModelHost, version: string): boolean {
  return host.versions.includes(version) && semver.parse(version) !== null;
}

/** The version `given` stands for: itself when published, else a dist-tag's published version; undefined: a 400. */
export function modelResolve(host: ModelHost | undefined, given: string): string | undefined {
  if (host === undefined) return undefined;
  if (published(host, given)) return given;
  const tagged = Object.hasOwn(host.distTags, given) ? host.distTags[given] : undefined;
  return tagged !== undefined && published(host, tagged) ? tagged : undefined;
}

/** The version a 400 names as the latest: the `latest` dist-tag's. */
export function modelLatest(host: ModelHost): string | undefined {
  return modelResolve(host, "latest");
}

/** "compat=V drops the plugins whose range does not include V … A plugin that declares no range is kept." */
export function modelKeeps(plugin: SnapshotPlugin, version: string): boolean {
  const range = plugin.engines?.host ?? null;
  if (range === null || semver.validRange(range) === null) return true;
  return semver.satisfies(version, range, { includePrerelease: semver.prerelease(version) !== null });
}

const kept = new WeakMap<readonly SnapshotPlugin[], Map<string, SnapshotPlugin[]>>();

/** The plugins `version` keeps, the same array for the same version (the reference caches its indexes per array). */
export function modelKept(plugins: readonly SnapshotPlugin[], version: string): SnapshotPlugin[] {
  let byVersion = kept.get(plugins);
  if (byVersion === undefined) kept.set(plugins, (byVersion = new Map()));
  let list = byVersion.get(version);
  if (list === undefined) byVersion.set(version, (list = plugins.filter((plugin) => modelKeeps(plugin, version))));
  return list;
}

/**
 * `/api/plugins` with `compat=version` (a resolved one) and the other parameters of `query`: filters combine, and
 * relevance scores over the whole catalog (contract 11: N, df and avglen whatever the filters).
 */
export function modelAnswer(plugins: readonly SnapshotPlugin[], version: string, query: ReferenceQuery): ReferencePage {
  const kept = new Set(modelKept(plugins, version));
  return referenceAnswer(plugins, { ...query, keep: (plugin) => kept.has(plugin) });
}

/** `/api/facets` with `compat=version`: no facet leaves `compat` out, so every count is over the plugins it keeps. */
export function modelFacets(
  plugins: readonly SnapshotPlugin[],
  version: string,
  query: ReferenceQuery,
  categories: readonly string[],
): ReferenceFacets {
  return referenceFacets(modelKept(plugins, version), query, categories);
}
