/**
 * The data model of the fake world: what the three upstreams serve, held once and read by
 * all of them, so a test can mutate the world and see every fake change consistently.
 */

export type Host = "github" | "gitlab";

/** `{ name, email }` as the registry stores people in packuments. */
export interface Person {
  name: string;
  email: string;
}

/** Every shape npm accepts for `repository` in a manifest. */
export type RepositoryField = string | { type: string; url: string; directory?: string };

/** The three legacy and current ways a manifest declares its license. */
export type LicenseField =
  | { kind: "spdx"; license: string }
  | { kind: "legacy-object"; license: { type: string; url: string } }
  | { kind: "legacy-array"; licenses: { type: string; url: string }[] }
  | { kind: "none" };

export interface VersionRecord {
  version: string;
  /** ISO time of publication. */
  time: string;
}

/** Where a package names a source repository, as written (casing, old names and all). */
export interface MirrorRef {
  host: Host;
  /** `owner/name` (GitHub) or `group[/subgroup]/name` (GitLab) exactly as referenced. */
  path: string;
  field: "repository" | "homepage" | "bugs";
}

export interface PackageRecord {
  /** Stable position in the world: the label of this package's lazily derived data. */
  index: number;
  name: string;
  description: string | undefined;
  /** An array, or the legacy comma/space separated string. */
  keywords: string[] | string | undefined;
  license: LicenseField;
  homepage: string | undefined;
  repository: RepositoryField | undefined;
  bugs: { url: string } | { email: string } | string | undefined;
  displayName: string | undefined;
  /** Further manifest fields an ecosystem keeps, e.g. Signal K's `{ signalk: { displayName } }`. */
  manifestExtras?: Record<string, unknown>;
  maintainers: Person[];
  publisher: Person;
  /** Ascending; the last one is `latest`. Kept after unpublishing: `time` still lists them. */
  versions: VersionRecord[];
  created: string;
  modified: string;
  /** A deprecated version (the one that was `latest` when deprecated) and its message. */
  deprecated: { version: string; message: string } | undefined;
  /** Set when the whole package was unpublished; keeps the versions it had. */
  unpublished: { time: string; versions: string[]; latest: string } | undefined;
  hasReadme: boolean;
  mirrorRefs: MirrorRef[];
  weeklyDownloads: number;
  dependents: number;
  /** Bumped by every mutation: feeds `_rev` and the ETag. */
  rev: number;
}

/** Rewrites a repository's node as a host answers it; `api` says which form it is in. */
export type AnswerEdit = (node: Record<string, unknown>, api: "graphql" | "rest") => unknown;

export interface GitHubRepo {
  id: number;
  owner: string;
  ownerType: "User" | "Organization";
  name: string;
  stars: number;
  forks: number;
  archived: boolean;
  description: string;
  createdAt: string;
}

export interface GitLabNamespace {
  id: number;
  name: string;
  path: string;
  fullPath: string;
  kind: "group" | "user";
  parentId: number | null;
}

export interface GitLabProject {
  id: number;
  namespace: GitLabNamespace;
  name: string;
  path: string;
  stars: number;
  forks: number;
  archived: boolean;
  description: string;
  createdAt: string;
}
