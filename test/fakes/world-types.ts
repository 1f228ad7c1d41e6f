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
  /** Downloads of the last 30 days; absent: about 4.3 weeks' worth. */
  monthlyDownloads?: number;
  dependents: number;
  /** The manifest fields of contract section 11 (engines, host ranges, scripts, provenance). */
  facts: PackageFacts;
  /** Dist-tags besides (or instead of) `latest`, which is otherwise the last version. */
  distTags?: Record<string, string>;
  /** Bumped by every mutation: feeds `_rev` and the ETag. */
  rev: number;
}

/** What every manifest of a package says about running and trusting it. */
export interface PackageFacts {
  /** `engines`: `node`, and for some packages the host's range (`engines["node-red"]`). */
  engines?: Record<string, unknown>;
  /** Node-RED's own field, `"node-red": { version }`, where its plugins keep their host range. */
  nodeRed?: { version: unknown };
  scripts?: Record<string, unknown>;
  hasInstallScript?: boolean;
  /** Every version was published with provenance: its `dist.attestations` is set. */
  provenance: boolean;
}

/** Rewrites a repository's node as a host answers it; `api` says which form it is in. */
/** The facts of a repository a test may set (`World.setRepoFacts`). */
export type RepoFacts = Partial<Pick<GitHubRepo, "archived" | "openIssues" | "openPullRequests" | "pushedAt" | "defaultBranch">> &
  Partial<Pick<GitLabProject, "issuesEnabled" | "lastActivityAt">>;

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
  /** Open issues without pull requests (GraphQL `issues(states: OPEN)`). */
  openIssues: number;
  /** REST's `open_issues_count` adds these. */
  openPullRequests: number;
  closedIssues: number;
  /** Null for an empty repository (never pushed). */
  pushedAt: string | null;
  /** Null for an empty repository. */
  defaultBranch: string | null;
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
  openIssues: number;
  /** Off: GraphQL answers `openIssuesCount: null` and REST leaves `open_issues_count` out. */
  issuesEnabled: boolean;
  lastActivityAt: string;
  /** Null for an empty repository. */
  defaultBranch: string | null;
}
