/**
 * How manifests point at repositories: every form npm accepts for `repository`, plus the
 * URLs people put in `homepage` and `bugs`. Weighted by repetition, so the common forms
 * (`git+https` objects) dominate and the odd ones still appear in any sizeable world.
 */
import type { Rng } from "./random.js";
import type { Host, RepositoryField } from "./world-types.js";

const ORIGIN: Record<Host, string> = { github: "https://github.com", gitlab: "https://gitlab.com" };

type Form = (path: string, sub: string) => RepositoryField;

const GITHUB_FORMS: readonly Form[] = [
  (p) => ({ type: "git", url: `git+https://github.com/${p}.git` }),
  (p) => ({ type: "git", url: `git+https://github.com/${p}.git` }),
  (p) => ({ type: "git", url: `git+https://github.com/${p}.git` }),
  (p) => ({ type: "git", url: `https://github.com/${p}` }),
  (p) => `github:${p}`,
  (p) => p,
  (p) => ({ type: "git", url: `git+ssh://git@github.com/${p}.git` }),
  (p) => `git+ssh://git@github.com/${p}.git`,
  (p) => ({ type: "git", url: `git://github.com/${p}.git` }),
  (p, sub) => ({ type: "git", url: `https://github.com/${p}.git`, directory: `packages/${sub}` }),
  (p, sub) => `https://github.com/${p}/tree/main/packages/${sub}`,
  (p) => `https://github.com/${p}#readme`,
];

const GITLAB_FORMS: readonly Form[] = [
  (p) => ({ type: "git", url: `git+https://gitlab.com/${p}.git` }),
  (p) => ({ type: "git", url: `git+https://gitlab.com/${p}.git` }),
  (p) => ({ type: "git", url: `https://gitlab.com/${p}` }),
  (p) => `gitlab:${p}`,
  (p) => `git+ssh://git@gitlab.com/${p}.git`,
  (p, sub) => `https://gitlab.com/${p}/-/tree/main/packages/${sub}`,
  (p) => `https://gitlab.com/${p}#readme`,
];

/** A `repository` field naming `path` on `host` in one of the accepted forms. */
export function repositoryField(rng: Rng, host: Host, path: string, sub: string): RepositoryField {
  return rng.pick(host === "github" ? GITHUB_FORMS : GITLAB_FORMS)(path, sub);
}

/** The repository's web page, as people write it into `homepage`. */
export function repoHomepage(rng: Rng, host: Host, path: string): string {
  return rng.chance(0.7) ? `${ORIGIN[host]}/${path}#readme` : `${ORIGIN[host]}/${path}`;
}

/** The issue tracker, as `{ url }` mostly and as a bare string sometimes. */
export function repoBugs(rng: Rng, host: Host, path: string): { url: string } | string {
  const url = host === "github" ? `${ORIGIN.github}/${path}/issues` : `${ORIGIN.gitlab}/${path}/-/issues`;
  return rng.chance(0.8) ? { url } : url;
}

/** The https URL of a repository, as the search API reports it in `links`. */
export function repoUrl(host: Host, path: string): string {
  return `${ORIGIN[host]}/${path}`;
}

/** Same path, other casing: both hosts resolve it, so the catalog must count it once. */
export function recase(path: string): string {
  const lower = path.toLowerCase();
  return lower !== path ? lower : path.replace(/(^|\/)([a-z])/g, (_m, slash: string, c: string) => slash + c.toUpperCase());
}
