/**
 * Source mirrors named by a package: GitHub and GitLab repositories from its
 * `repository` (every form npm accepts — parsed by npm's own hosted-git-info),
 * `homepage` and `bugs` URLs.
 */
import hostedGitInfo from "hosted-git-info";
import { isRepositoryPath } from "./outcome.js";

export type Platform = "github" | "gitlab";

export interface MirrorRef {
  readonly platform: Platform;
  /** `owner/name` (GitLab: `group/sub/name`) as the package spells it. */
  readonly path: string;
}

const PLATFORM_OF_DOMAIN: Record<string, Platform> = { "github.com": "github", "gitlab.com": "gitlab" };

/** `"github:u/r"`, `"u/r"`, `{ type: "git", url: "git+ssh://git@gitlab.com/g/r.git" }`, … */
export function mirrorFromRepository(repository: unknown): MirrorRef | undefined {
  const url = typeof repository === "string" ? repository : urlField(repository);
  if (url === undefined) return undefined;
  // hosted-git-info reads most forms; a URL into the repository (GitLab's /-/tree/…) is cut back to its root.
  const webUrl = url.trim().replace(/^git\+/, "");
  return fromGitUrl(url) ?? (/^https?:\/\//i.test(webUrl) ? fromGitUrl(repositoryRoot(webUrl) ?? "") : undefined);
}

/**
 * A web page of a repository (homepage, issue tracker): hosted-git-info reads
 * the repository root and a few page forms; other pages (`/issues`,
 * GitLab's `/-/…`) are cut back to the repository root first.
 */
export function mirrorFromWebUrl(value: unknown): MirrorRef | undefined {
  const url = (typeof value === "string" ? value : urlField(value))?.trim();
  // A page address, not git shorthand: "docs/guide" in a homepage is no GitHub repository.
  if (url === undefined || !/^https?:\/\//i.test(url)) return undefined;
  return fromGitUrl(url) ?? fromGitUrl(repositoryRoot(url) ?? "");
}

function urlField(value: unknown): string | undefined {
  const url = typeof value === "object" && value !== null ? (value as { url?: unknown }).url : undefined;
  return typeof url === "string" ? url : undefined;
}

/** Longer than any repository URL a platform gives out: not a repository (and not worth parsing). */
const MAX_URL_LENGTH = 4_096;

function fromGitUrl(url: string): MirrorRef | undefined {
  if (url.length > MAX_URL_LENGTH) return undefined;
  let info: ReturnType<typeof hostedGitInfo.fromUrl>;
  try {
    info = hostedGitInfo.fromUrl(url.trim(), { noCommittish: true });
  } catch {
    return undefined;
  }
  const platform = info === undefined ? undefined : PLATFORM_OF_DOMAIN[info.domain];
  if (info === undefined || platform === undefined || !info.user || !info.project) return undefined;
  // `github:../../x` reads as owner "..": asked for, it would reach some other path of the API.
  const path = `${info.user}/${info.project}`;
  return isRepositoryPath(path) ? { platform, path } : undefined;
}

function repositoryRoot(url: string): string | undefined {
  if (url.length > MAX_URL_LENGTH) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^www\./, "");
  const segments = parsed.pathname.split("/").filter(Boolean);
  if (host === "github.com" && segments.length >= 2) return `https://github.com/${segments[0]}/${segments[1]}`;
  if (host === "gitlab.com") {
    const end = segments.indexOf("-");
    const project = end === -1 ? segments : segments.slice(0, end);
    if (project.length >= 2) return `https://gitlab.com/${project.join("/")}`;
  }
  return undefined;
}

/** The same repository named twice (different casing, `.git` or not) counts once. */
export function mirrorKey(mirror: MirrorRef): string {
  return `${mirror.platform}:${mirror.path.toLowerCase().replace(/\.git$/, "")}`;
}
