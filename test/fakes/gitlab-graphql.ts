/**
 * GitLab GraphQL (`POST /api/graphql`): `projects(fullPaths: [...], first:, after:)` and
 * `project(fullPath:)`, field names as in GitLab's schema (Project.fullPath, starCount,
 * forksCount, webUrl, archived, openIssuesCount, lastActivityAt, repository.rootRef,
 * namespace.fullPath; ProjectConnection nodes/edges/pageInfo/count). `openIssuesCount` is
 * null when the project's issues are off (Types::ProjectType resolves it only when the
 * feature is available); `rootRef` is null for an empty repository.
 *
 * As GitLab's ProjectsResolver: more than 50 full paths is an error, "You cannot provide
 * more than 50 full_paths" (app/graphql/resolvers/projects_resolver.rb). Unlike REST, full
 * paths are matched against current routes only (ProjectsFinder `where_full_path_in`), so a
 * renamed project's old path is simply absent from `nodes`. Nodes come in GitLab's default
 * order, id descending, not in request order; pages hold at most 100 (max_page_size) and
 * cursors are keyset cursors, base64 `{"id":"…"}`.
 *
 * A project node a test rewrote (`world.editRepoAnswer`) is replaced after execution, so
 * it can hold what GitLab's schema would never let through.
 */
import { buildSchema, type GraphQLError } from "graphql";
import { runGraphql } from "./graphql-run.js";
import type { GraphqlCall } from "./graphql-targets.js";
import type { World } from "./world.js";
import type { GitLabProject } from "./world-types.js";

const schema = buildSchema(`
  scalar Time
  type Namespace { id: ID! fullPath: ID! name: String! path: String! }
  type Project {
    id: ID!
    fullPath: ID!
    name: String!
    path: String!
    nameWithNamespace: String!
    description: String
    starCount: Int!
    forksCount: Int!
    archived: Boolean
    webUrl: String
    createdAt: Time
    lastActivityAt: Time
    openIssuesCount: Int
    repository: Repository
    namespace: Namespace
  }
  type Repository { rootRef: String empty: Boolean! exists: Boolean! }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type ProjectEdge { cursor: String! node: Project }
  type ProjectConnection { count: Int! nodes: [Project] edges: [ProjectEdge] pageInfo: PageInfo! }
  type Query {
    project(fullPath: ID!): Project
    projects(fullPaths: [String!], ids: [ID!], first: Int, after: String): ProjectConnection
  }
`);

const MAX_PAGE = 100;

function cursorOf(p: GitLabProject): string {
  return Buffer.from(JSON.stringify({ id: String(p.id) })).toString("base64");
}

function afterId(cursor: string | undefined): number {
  if (!cursor) return Infinity;
  const id = Number((JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as { id?: unknown }).id);
  if (!Number.isFinite(id)) throw new Error("Please provide a valid cursor");
  return id;
}

function node(p: GitLabProject): Record<string, unknown> {
  const fullPath = `${p.namespace.fullPath}/${p.path}`;
  return {
    id: `gid://gitlab/Project/${p.id}`,
    fullPath,
    name: p.name,
    path: p.path,
    nameWithNamespace: `${p.namespace.name} / ${p.name}`,
    description: p.description,
    starCount: p.stars,
    forksCount: p.forks,
    archived: p.archived,
    webUrl: `https://gitlab.com/${fullPath}`,
    createdAt: p.createdAt,
    lastActivityAt: p.lastActivityAt,
    openIssuesCount: p.issuesEnabled ? p.openIssues : null,
    repository: { rootRef: p.defaultBranch, empty: p.defaultBranch === null, exists: true },
    namespace: {
      id: `gid://gitlab/Group/${p.namespace.id}`,
      fullPath: p.namespace.fullPath,
      name: p.namespace.name,
      path: p.namespace.path,
    },
  };
}

interface ProjectsArgs {
  fullPaths?: string[] | null;
  ids?: string[] | null;
  first?: number | null;
  after?: string | null;
}

function selectProjects(world: World, args: ProjectsArgs): GitLabProject[] {
  if (args.fullPaths && args.fullPaths.length > 50) throw new Error("You cannot provide more than 50 full_paths");
  const current = (path: string): GitLabProject | undefined => {
    const hit = world.gitlab.find(path);
    return hit && !hit.redirected ? hit.repo : undefined;
  };
  let chosen: (GitLabProject | undefined)[];
  if (args.fullPaths) chosen = args.fullPaths.map(current);
  else if (args.ids) chosen = args.ids.map((gid) => world.gitlab.index.byId(Number(gid.split("/").pop())));
  else chosen = [...world.gitlab.index.values()];
  const unique = new Set(chosen.filter((p): p is GitLabProject => p !== undefined));
  return [...unique].sort((a, b) => b.id - a.id);
}

function formatError(error: GraphQLError): Record<string, unknown> {
  return { message: error.message, locations: error.locations, path: error.path };
}

export async function executeGitLabGraphql(world: World, call: GraphqlCall): Promise<unknown> {
  const root = {
    project: ({ fullPath }: { fullPath: string }) => {
      const hit = world.gitlab.find(fullPath);
      return hit && !hit.redirected ? node(hit.repo) : null;
    },
    projects: (args: ProjectsArgs) => {
      const all = selectProjects(world, args);
      const after = afterId(args.after ?? undefined);
      const size = Math.min(MAX_PAGE, Math.max(0, args.first ?? MAX_PAGE));
      const rest = all.filter((p) => p.id < after);
      const page = rest.slice(0, size);
      const last = page.at(-1);
      const first = page[0];
      return {
        count: all.length,
        nodes: page.map(node),
        edges: page.map((p) => ({ cursor: cursorOf(p), node: node(p) })),
        pageInfo: {
          hasNextPage: rest.length > page.length,
          hasPreviousPage: after !== Infinity,
          startCursor: first ? cursorOf(first) : null,
          endCursor: last ? cursorOf(last) : null,
        },
      };
    },
  };
  return editAnswers(world, await runGraphql(schema, root, call, { formatError, errorsFirst: true }));
}

/** The nodes of rewritten projects (found by the `fullPath` they were answered with), as the test's edit has them. */
function editAnswers(world: World, result: unknown): unknown {
  const data = (result as { data?: Record<string, unknown> | null }).data;
  const edit = (node: unknown): unknown => {
    const fullPath = (node as { fullPath?: unknown } | null)?.fullPath;
    const project = typeof fullPath === "string" ? world.gitlab.find(fullPath)?.repo : undefined;
    return project === undefined ? node : world.gitlab.answer(project.id, node as Record<string, unknown>, "graphql");
  };
  for (const value of Object.values(data ?? {})) {
    const connection = value as { nodes?: unknown[]; edges?: { node?: unknown }[] } | null;
    if (Array.isArray(connection?.nodes)) connection.nodes = connection.nodes.map(edit).filter((node) => node !== undefined);
    if (Array.isArray(connection?.edges)) for (const e of connection.edges) e.node = edit(e.node);
  }
  for (const [alias, value] of Object.entries(data ?? {})) {
    if (data && typeof value === "object" && value !== null && "fullPath" in value) data[alias] = edit(value);
  }
  return result;
}
