/**
 * GitHub's REST fallback: `GET /repos/{owner}/{repo}` and `GET /repositories/{id}`.
 *
 * - 200: the "full repository" object of docs.github.com/rest/repos/repos#get-a-repository
 *   (the fields the catalog could read, and the common rest), with a weak ETag; a matching
 *   `If-None-Match` gets 304, as GitHub's conditional requests do.
 * - A renamed/transferred repository: 301 to `/repositories/{id}` with GitHub's
 *   `{"message":"Moved Permanently","url":…}` body (github/gh-gei#470, 18F/charlie#85;
 *   "HTTP redirects" in GitHub's REST docs: 301 = permanent, follow `Location`).
 * - A repository a test rewrote (`world.editRepoAnswer`) answers the rewritten object.
 * - Missing: 404 `{"message":"Not Found","documentation_url":…,"status":"404"}`.
 */
import { conditional } from "./conditional.js";
import { hash32 } from "./random.js";
import type { FakeRequest, FakeResponse } from "./server.js";
import type { World } from "./world.js";
import type { GitHubRepo } from "./world-types.js";

export const GITHUB_JSON = { "content-type": "application/json; charset=utf-8" };

export function githubJson(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, headers: { ...GITHUB_JSON, ...headers }, body: JSON.stringify(body) };
}

const NOT_FOUND = {
  message: "Not Found",
  documentation_url: "https://docs.github.com/rest/repos/repos#get-a-repository",
  status: "404",
};

function restRepo(repo: GitHubRepo, api: string): Record<string, unknown> {
  const fullName = `${repo.owner}/${repo.name}`;
  const html = `https://github.com/${fullName}`;
  return {
    id: repo.id,
    node_id: `R_${repo.id}`,
    name: repo.name,
    full_name: fullName,
    private: false,
    owner: {
      login: repo.owner,
      id: hash32(repo.owner.toLowerCase()),
      type: repo.ownerType,
      html_url: `https://github.com/${repo.owner}`,
      site_admin: false,
    },
    html_url: html,
    description: repo.description,
    fork: false,
    url: `${api}/repos/${fullName}`,
    created_at: repo.createdAt,
    homepage: null,
    stargazers_count: repo.stars,
    watchers_count: repo.stars,
    forks_count: repo.forks,
    archived: repo.archived,
    disabled: false,
    visibility: "public",
    // REST names a default branch even for an empty repository; its open issues count pull requests too.
    default_branch: repo.defaultBranch ?? "main",
    pushed_at: repo.pushedAt,
    open_issues_count: repo.openIssues + repo.openPullRequests,
    open_issues: repo.openIssues + repo.openPullRequests,
    forks: repo.forks,
    watchers: repo.stars,
  };
}

function found(world: World, req: FakeRequest, repo: GitHubRepo, api: string): FakeResponse {
  const etag = `W/"${hash32(JSON.stringify(restRepo(repo, api))).toString(16)}"`;
  return conditional(req, etag, undefined, () => githubJson(200, world.github.answer(repo.id, restRepo(repo, api), "rest")));
}

/** Answers a REST repository request; `api` is the fake's own base URL (for links). */
export function githubRest(world: World, req: FakeRequest, api: string): FakeResponse {
  const byId = /^\/repositories\/(\d+)$/.exec(req.path);
  if (byId) {
    const repo = world.github.index.byId(Number(byId[1]));
    return repo ? found(world, req, repo, api) : githubJson(404, NOT_FOUND);
  }
  const [, owner, name] = /^\/repos\/([^/]+)\/([^/]+)$/.exec(req.path) ?? [];
  const hit = owner && name ? world.github.find(`${decodeURIComponent(owner)}/${decodeURIComponent(name)}`) : undefined;
  if (!hit) return githubJson(404, NOT_FOUND);
  if (!hit.redirected) return found(world, req, hit.repo, api);
  const location = `${api}/repositories/${hit.repo.id}`;
  return githubJson(
    301,
    {
      message: "Moved Permanently",
      url: location,
      documentation_url: "https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects",
    },
    { location },
  );
}
