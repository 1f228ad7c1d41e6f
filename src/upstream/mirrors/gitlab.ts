/**
 * Stars, forks and the facts of docs/API.md#repositories of GitLab projects:
 * GraphQL `projects(fullPaths:)`, 50 per request (GitLab's page size limit);
 * GraphQL does not follow renamed or moved projects, so the paths it does not
 * return are asked once more through REST `GET /api/v4/projects/:path`, which
 * does, and answers 404 for a project that does not exist. GitLab gives no
 * open issues count (GraphQL null, REST no `open_issues_count`) when the
 * project's issues are off: it has none open, 0.
 */

import { fieldsOf } from "../fields.js";
import type { UpstreamClient } from "../http/client.js";
import { HttpStatusError } from "../http/errors.js";
import { type RawFacts, repositoryFacts } from "./facts.js";
import { describeError } from "./github.js";
import { batches, isCount, isRepositoryPath, type MirrorOutcome, unavailable } from "./outcome.js";

export interface GitlabOptions {
  readonly client: UpstreamClient;
  readonly batchSize?: number;
}

const REFUSING_STATUSES = new Set([400, 401, 403, 404, 405, 410]);
const NODE_FIELDS = "fullPath starCount forksCount webUrl archived openIssuesCount lastActivityAt repository { rootRef }";
const QUERY = `query($paths: [String!], $first: Int) { projects(fullPaths: $paths, first: $first) { nodes { ${NODE_FIELDS} } } }`;

export async function readGitlabMirrors(paths: readonly string[], options: GitlabOptions): Promise<Map<string, MirrorOutcome>> {
  const outcomes = new Map<string, MirrorOutcome>();
  const results = await Promise.all(batches(paths, options.batchSize ?? 50).map((batch) => readBatch(batch, options.client)));
  for (const result of results) for (const [path, outcome] of result) outcomes.set(path, outcome);
  const unresolved = paths.filter((path) => !outcomes.has(path));
  const rest = await Promise.all(unresolved.map(async (path) => [path, await readOne(path, options.client)] as const));
  for (const [path, outcome] of rest) outcomes.set(path, outcome);
  return outcomes;
}

/** Found projects by asked path; paths GraphQL did not return are left out for REST to settle. */
async function readBatch(paths: readonly string[], client: UpstreamClient): Promise<Map<string, MirrorOutcome>> {
  const outcomes = new Map<string, MirrorOutcome>();
  let nodes: unknown[];
  try {
    const response = await client.request("/api/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: QUERY, variables: { paths, first: paths.length } }),
    });
    nodes = projectNodes(response.text);
  } catch (error) {
    // No GraphQL there (or not for us): leave the paths to REST. An outage: they keep yesterday's counts.
    if (error instanceof HttpStatusError && REFUSING_STATUSES.has(error.status)) return outcomes;
    for (const path of paths) outcomes.set(path, unavailable(describeError(error)));
    return outcomes;
  }
  const byPath = new Map(nodes.map((node) => [String(fieldsOf(node)["fullPath"]).toLowerCase(), fieldsOf(node)]));
  for (const path of paths) {
    const node = byPath.get(path.toLowerCase());
    if (node !== undefined) outcomes.set(path, fromGraphql(node));
  }
  return outcomes;
}

function fromGraphql(node: Record<string, unknown>): MirrorOutcome {
  const repository = node["repository"];
  return found(node["fullPath"], node["starCount"], node["forksCount"], {
    url: node["webUrl"],
    archived: node["archived"],
    openIssues: node["openIssuesCount"] === null ? 0 : node["openIssuesCount"],
    pushedAt: node["lastActivityAt"],
    // No repository (the feature is off) or no root ref (an empty one): no default branch.
    defaultBranch: repository === null ? null : fieldsOf(repository)["rootRef"],
  });
}

function projectNodes(text: string): unknown[] {
  const nodes = (JSON.parse(text) as { data?: { projects?: { nodes?: unknown } } } | null)?.data?.projects?.nodes;
  if (!Array.isArray(nodes)) throw new Error("malformed GraphQL answer");
  return nodes;
}

async function readOne(path: string, client: UpstreamClient): Promise<MirrorOutcome> {
  try {
    const response = await client.request(`/api/v4/projects/${encodeURIComponent(path)}`, { accept: [404] });
    if (response.status === 404) return { kind: "missing" };
    const project = fieldsOf(JSON.parse(response.text));
    return found(project["path_with_namespace"], project["star_count"], project["forks_count"], {
      url: project["web_url"],
      archived: project["archived"],
      openIssues: Object.hasOwn(project, "open_issues_count") ? project["open_issues_count"] : 0,
      pushedAt: project["last_activity_at"],
      defaultBranch: project["default_branch"],
    });
  } catch (error) {
    return unavailable(describeError(error));
  }
}

function found(fullPath: unknown, stars: unknown, forks: unknown, facts: RawFacts): MirrorOutcome {
  if (!isRepositoryPath(fullPath) || !isCount(stars) || !isCount(forks)) return unavailable("malformed project in GitLab's answer");
  return {
    kind: "found",
    canonicalPath: fullPath,
    owner: fullPath.slice(0, fullPath.indexOf("/")),
    stars,
    forks,
    facts: repositoryFacts(facts),
  };
}
