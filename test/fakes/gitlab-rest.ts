/**
 * GitLab REST: `GET /api/v4/projects/:id`, `:id` a number or the URL-encoded full path
 * (docs.gitlab.com/api/projects/#get-a-single-project: "If using namespaced projects call
 * make sure that the NAMESPACE/PROJECT_NAME is URL-encoded").
 *
 * - An old path of a renamed/moved project answers 200 with the project under its new path:
 *   GitLab's API looks projects up with `find_by_full_path(id, follow_redirects: true)`
 *   (lib/api/helpers.rb `find_project`), so redirect routes resolve silently, no 301.
 * - A project a test rewrote (`world.editRepoAnswer`) answers the rewritten object.
 * - Missing: 404 `{"message":"404 Project Not Found"}`; an unencoded `/` in the id does not
 *   match the route at all: 404 `{"error":"404 Not Found"}`.
 */
import { conditional } from "./conditional.js";
import { hash32 } from "./random.js";
import type { FakeRequest, FakeResponse } from "./server.js";
import type { World } from "./world.js";
import type { GitLabProject } from "./world-types.js";

const PREFIX = "/api/v4/projects/";

export function gitlabJson(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export function isProjectRoute(path: string): boolean {
  return path.startsWith(PREFIX);
}

function restProject(p: GitLabProject): Record<string, unknown> {
  const full = `${p.namespace.fullPath}/${p.path}`;
  const web = `https://gitlab.com/${full}`;
  return {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${p.namespace.name} / ${p.name}`,
    path: p.path,
    path_with_namespace: full,
    created_at: p.createdAt,
    default_branch: p.defaultBranch,
    tag_list: [],
    topics: [],
    ssh_url_to_repo: `git@gitlab.com:${full}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    readme_url: p.defaultBranch === null ? null : `${web}/-/blob/${p.defaultBranch}/README.md`,
    forks_count: p.forks,
    avatar_url: null,
    star_count: p.stars,
    last_activity_at: p.lastActivityAt,
    archived: p.archived,
    visibility: "public",
    issues_enabled: p.issuesEnabled,
    // GitLab's API entity exposes the count only when the issues feature is available.
    ...(p.issuesEnabled ? { open_issues_count: p.openIssues } : {}),
    namespace: {
      id: p.namespace.id,
      name: p.namespace.name,
      path: p.namespace.path,
      kind: p.namespace.kind,
      full_path: p.namespace.fullPath,
      parent_id: p.namespace.parentId,
      avatar_url: null,
      web_url: `https://gitlab.com/${p.namespace.kind === "group" ? "groups/" : ""}${p.namespace.fullPath}`,
    },
  };
}

export function gitlabProject(world: World, req: FakeRequest): FakeResponse {
  const raw = req.path.slice(PREFIX.length);
  if (raw.includes("/")) return gitlabJson(404, { error: "404 Not Found" });
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return gitlabJson(404, { error: "404 Not Found" });
  }
  const project = /^\d+$/.test(id) ? world.gitlab.index.byId(Number(id)) : world.gitlab.find(id)?.repo;
  if (!project) return gitlabJson(404, { message: "404 Project Not Found" });
  const etag = `W/"${hash32(JSON.stringify(restProject(project))).toString(16)}"`;
  return conditional(req, etag, undefined, () => gitlabJson(200, world.gitlab.answer(project.id, restProject(project), "rest")));
}
