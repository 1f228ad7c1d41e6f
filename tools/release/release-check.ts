/**
 * Whether a pushed tag may be published: the checks the release workflow
 * runs before `npm publish`, so that a mistake fails in seconds with what to
 * fix, never as a half-done release (a package on npm with no GitHub
 * release, or one whose provenance npm refuses).
 */
import hostedGitInfo from "hosted-git-info";
import { ChangelogError, releaseNotes } from "./changelog.js";

/**
 * npm's trusted publishing (the OIDC exchange with GitHub Actions) needs npm 11.5.1 or later
 * (docs.npmjs.com/trusted-publishers); Node.js 24 bundles such an npm, Node.js 20 and 22 do not.
 */
export const TRUSTED_PUBLISHING_NPM = "11.5.1";

export interface ReleaseInputs {
  /** The pushed tag, e.g. `v1.2.3`. */
  readonly tag: string;
  /** package.json, parsed. */
  readonly manifest: unknown;
  /** CHANGELOG.md's text. */
  readonly changelog: string;
  /** `owner/name` of the repository the workflow runs in (GITHUB_REPOSITORY): npm's provenance check wants package.json to name it. */
  readonly repository?: string;
  /** `npm --version` where the package will be published. */
  readonly npmVersion?: string;
}

/** A release version: `MAJOR.MINOR.PATCH`, numbers without leading zeros. */
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** What stands in the way of publishing `tag`, each with what to do; empty when it may be published. */
export function releaseProblems(inputs: ReleaseInputs): string[] {
  const version = inputs.tag.startsWith("v") ? inputs.tag.slice(1) : inputs.tag;
  if (!inputs.tag.startsWith("v") || !VERSION.test(version)) {
    return [
      `the tag ${JSON.stringify(inputs.tag)} is not a release tag: a release is tagged v<major>.<minor>.<patch> (e.g. v1.2.3); ` +
        `prereleases are not published by this workflow, since npm would make them the latest version`,
    ];
  }
  const manifest = (typeof inputs.manifest === "object" && inputs.manifest !== null ? inputs.manifest : {}) as Record<string, unknown>;
  return [
    ...versionProblems(inputs.tag, version, manifest["version"]),
    ...changelogProblems(inputs.changelog, version),
    ...(inputs.repository === undefined ? [] : repositoryProblems(manifest["repository"], inputs.repository)),
    ...(inputs.npmVersion === undefined ? [] : npmProblems(inputs.npmVersion)),
  ];
}

function versionProblems(tag: string, version: string, declared: unknown): string[] {
  if (declared === version) return [];
  return [
    `the tag ${tag} is not package.json's version (${JSON.stringify(declared)}): run "npm version ${version} --no-git-tag-version", ` +
      `commit, and tag that commit`,
  ];
}

function changelogProblems(changelog: string, version: string): string[] {
  try {
    releaseNotes(changelog, version);
    return [];
  } catch (error) {
    if (error instanceof ChangelogError) return [error.message];
    throw error;
  }
}

function repositoryProblems(declared: unknown, repository: string): string[] {
  const url = typeof declared === "string" ? declared : (declared as { url?: unknown } | null | undefined)?.url;
  const host = typeof url === "string" ? hostedGitInfo.fromUrl(url) : undefined;
  const names = host !== undefined && host.type === "github" && `${host.user}/${host.project}`.toLowerCase() === repository.toLowerCase();
  if (names) return [];
  return [
    `package.json's repository (${JSON.stringify(url ?? null)}) does not name github.com/${repository}, which npm's provenance ` +
      `check requires: run "npm pkg set repository.type=git repository.url=git+https://github.com/${repository}.git" and commit`,
  ];
}

function npmProblems(npmVersion: string): string[] {
  if (compareVersions(npmVersion, TRUSTED_PUBLISHING_NPM) >= 0) return [];
  return [
    `npm ${npmVersion} cannot publish through npm's trusted publishing, which needs npm ${TRUSTED_PUBLISHING_NPM} or later: ` +
      `publish with Node.js 24, whose npm is recent enough`,
  ];
}

/** Compares the numeric `MAJOR.MINOR.PATCH` at the start of each version; anything unreadable counts as 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => (/^(\d+)\.(\d+)\.(\d+)/.exec(version.trim()) ?? []).slice(1, 4).map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
