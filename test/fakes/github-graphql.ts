/**
 * GitHub's GraphQL API, the part the catalog reads: `repository(owner:, name:)` in any
 * number of aliases, and `rateLimit`. Types and field names follow GitHub's public schema
 * (docs.github.com/graphql/reference: Repository, RepositoryOwner, Ref, IssueConnection,
 * RateLimit): `pushedAt` and `defaultBranchRef` are null for an empty repository, and
 * `issues` counts issues only (pull requests are `pullRequests`), `totalCount` needing no
 * `first` when no nodes are asked for.
 *
 * A renamed or transferred repository resolves to the new one (`followRenames` defaults to
 * true, as on GitHub). A missing one yields `data.<alias>: null` plus an error carrying
 * GitHub's top-level `"type": "NOT_FOUND"` and `path: [alias]` (the shape quoted in
 * berenddeboer/ready-for-agent#1038 and cli/cli#436).
 *
 * A repository node a test rewrote (`world.editRepoAnswer`) is replaced after execution,
 * so it can hold what GitHub's schema would never let through (1.5 stars, a string).
 */
import { buildSchema, type GraphQLError } from "graphql";
import { runGraphql } from "./graphql-run.js";
import { type GraphqlCall, topLevelFields } from "./graphql-targets.js";
import type { BudgetState } from "./rate-limit.js";
import type { World } from "./world.js";
import type { GitHubRepo } from "./world-types.js";

const schema = buildSchema(`
  scalar DateTime
  scalar URI
  interface RepositoryOwner { id: ID! login: String! url: URI! }
  type User implements RepositoryOwner { id: ID! login: String! url: URI! }
  type Organization implements RepositoryOwner { id: ID! login: String! url: URI! }
  enum IssueState { OPEN CLOSED }
  type Ref { id: ID! name: String! prefix: String! }
  type IssueConnection { totalCount: Int! }
  type Repository {
    id: ID!
    databaseId: Int
    name: String!
    nameWithOwner: String!
    owner: RepositoryOwner!
    stargazerCount: Int!
    forkCount: Int!
    isArchived: Boolean!
    url: URI!
    description: String
    createdAt: DateTime!
    pushedAt: DateTime
    defaultBranchRef: Ref
    issues(states: [IssueState!], first: Int, after: String, last: Int, before: String, labels: [String!]): IssueConnection!
    pullRequests(states: [IssueState!], first: Int): IssueConnection!
  }
  type RateLimit { cost: Int! limit: Int! nodeCount: Int! remaining: Int! resetAt: DateTime! used: Int! }
  type Query {
    repository(owner: String!, name: String!, followRenames: Boolean = true): Repository
    rateLimit(dryRun: Boolean = false): RateLimit
  }
`);

/** Thrown by a resolver; becomes an error with GitHub's top-level `type`. */
class GitHubTypedError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function nodeId(prefix: string, id: number): string {
  return `${prefix}_${Buffer.from(`0:${id}`).toString("base64url")}`;
}

function repositoryNode(repo: GitHubRepo): Record<string, unknown> {
  const nameWithOwner = `${repo.owner}/${repo.name}`;
  return {
    id: nodeId("R", repo.id),
    databaseId: repo.id,
    name: repo.name,
    nameWithOwner,
    owner: {
      __typename: repo.ownerType,
      id: nodeId(repo.ownerType === "User" ? "U" : "O", repo.id),
      login: repo.owner,
      url: `https://github.com/${repo.owner}`,
    },
    stargazerCount: repo.stars,
    forkCount: repo.forks,
    isArchived: repo.archived,
    url: `https://github.com/${nameWithOwner}`,
    description: repo.description,
    createdAt: repo.createdAt,
    pushedAt: repo.pushedAt,
    defaultBranchRef: repo.defaultBranch === null ? null : { id: nodeId("REF", repo.id), name: repo.defaultBranch, prefix: "refs/heads/" },
    issues: ({ states }: { states?: string[] | null }) => ({
      totalCount:
        (states?.includes("OPEN") !== false ? repo.openIssues : 0) + (states?.includes("CLOSED") !== false ? repo.closedIssues : 0),
    }),
    pullRequests: () => ({ totalCount: repo.openPullRequests }),
  };
}

/** GitHub's error JSON: `type` first when there is one, then path, locations, message. */
function formatError(error: GraphQLError): Record<string, unknown> {
  const typed = error.originalError instanceof GitHubTypedError ? { type: error.originalError.type } : {};
  return { ...typed, path: error.path, locations: error.locations, message: error.message };
}

/** Runs one GraphQL call against the world; `budget` is this call's rate-limit state. */
export async function executeGitHubGraphql(world: World, call: GraphqlCall, budget: BudgetState): Promise<unknown> {
  const root = {
    repository({ owner, name, followRenames }: { owner: string; name: string; followRenames: boolean }) {
      const found = world.github.find(`${owner}/${name}`);
      if (found && (followRenames || !found.redirected)) return repositoryNode(found.repo);
      throw new GitHubTypedError("NOT_FOUND", `Could not resolve to a Repository with the name '${owner}/${name}'.`);
    },
    rateLimit: () => ({
      cost: 1,
      limit: budget.limit,
      nodeCount: 0,
      remaining: budget.remaining,
      resetAt: new Date(budget.resetAt).toISOString(),
      used: budget.used,
    }),
  };
  return editAnswers(world, call, await runGraphql(schema, root, call, { formatError, errorsFirst: false }));
}

/** Each `repository` field of a rewritten repository, as the test's edit has it. */
function editAnswers(world: World, call: GraphqlCall, result: unknown): unknown {
  const data = (result as { data?: Record<string, unknown> | null }).data;
  if (!data) return result;
  for (const field of topLevelFields(call)) {
    const node = data[field.alias];
    const repo =
      field.name === "repository" ? world.github.find(`${String(field.args.owner)}/${String(field.args.name)}`)?.repo : undefined;
    if (repo === undefined || typeof node !== "object" || node === null) continue;
    const edited = world.github.answer(repo.id, node as Record<string, unknown>, "graphql");
    if (edited === undefined) delete data[field.alias];
    else data[field.alias] = edited;
  }
  return result;
}
