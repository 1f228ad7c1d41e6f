/**
 * Stars, forks and the facts of docs/API.md#repositories of GitHub
 * repositories: GraphQL, up to 100 aliased `repository(owner:, name:)` fields
 * per request (GraphQL follows renames and transfers, so the canonical name
 * comes back); REST `GET /repos/{o}/{r}` one by one only when there is no
 * token (GraphQL requires one). REST's `open_issues_count` counts pull
 * requests too, so a mirror read over REST gives no open issues: it keeps
 * yesterday's, read over GraphQL, when there is one.
 */

import { fieldsOf } from "../fields.js";
import type { UpstreamClient, UpstreamResponse } from "../http/client.js";
import { HttpStatusError, UpstreamError } from "../http/errors.js";
import { UNTIMED_LIMIT_WAIT_MS } from "../http/rate-limit.js";
import { type RawFacts, repositoryFacts } from "./facts.js";
import { batches, isCount, isOwnerLogin, isRepositoryPath, type MirrorOutcome, unavailable } from "./outcome.js";

export interface GithubOptions {
  readonly client: UpstreamClient;
  readonly hasToken: boolean;
  readonly batchSize?: number;
  readonly now?: () => number;
}

interface GraphQlError {
  readonly type?: string;
  readonly path?: readonly (string | number)[];
  readonly message?: string;
}

interface GraphQlAnswer {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly GraphQlError[];
  /** REST-style refusals (a secondary rate limit answered with HTTP 200) carry only a message. */
  readonly message?: string;
}

const FIELDS =
  "nameWithOwner owner { login } stargazerCount forkCount url isArchived pushedAt defaultBranchRef { name } issues(states: OPEN) { totalCount }";

/** Outcomes keyed by the path as asked (`owner/name`). */
export async function readGithubMirrors(paths: readonly string[], options: GithubOptions): Promise<Map<string, MirrorOutcome>> {
  if (!options.hasToken) return readOverRest(paths, options);
  const outcomes = new Map<string, MirrorOutcome>();
  const quota: Quota = {};
  const results = await Promise.all(batches(paths, options.batchSize ?? 100).map((batch) => readBatch(batch, options, quota)));
  for (const result of results) for (const [path, outcome] of result) if (outcome !== GRAPHQL_REFUSED) outcomes.set(path, outcome);
  // GraphQL refused outright (no such endpoint, token not accepted): REST can still serve.
  const refused = paths.filter((path) => !outcomes.has(path));
  for (const [path, outcome] of refused.length > 0 ? await readOverRest(refused, options) : []) outcomes.set(path, outcome);
  return outcomes;
}

/** Marks the paths of a batch that GraphQL refused to serve at all, for REST to try. */
const GRAPHQL_REFUSED: MirrorOutcome = { kind: "unavailable", reason: "GraphQL refused" };
const REFUSING_STATUSES = new Set([400, 401, 404, 405, 410]);

/** Literal arguments (a JSON string is a valid GraphQL string): the plainest form any GraphQL server reads. */
function batchQuery(paths: readonly string[]): { query: string } {
  const fields = paths.map((path, i) => {
    const [owner, name] = splitPath(path);
    return `r${i}: repository(owner: ${JSON.stringify(owner)}, name: ${JSON.stringify(name)}) { ${FIELDS} }`;
  });
  return { query: `query { ${fields.join(" ")} rateLimit { remaining resetAt } }` };
}

/** What GitHub last said of the GraphQL quota (every batch asks for `rateLimit { resetAt }`). */
interface Quota {
  resetAt?: number;
}

/**
 * One batch, asked again after a rate limit: the client's gate holds the
 * request until the reset, and gives the host up (the request then throws)
 * when the reset is further away than the build may wait.
 */
async function readBatch(paths: string[], options: GithubOptions, quota: Quota): Promise<Map<string, MirrorOutcome>> {
  const now = options.now ?? Date.now;
  const body = JSON.stringify(batchQuery(paths));
  for (;;) {
    let response: UpstreamResponse;
    try {
      response = await options.client.request("/graphql", { method: "POST", body, headers: { "content-type": "application/json" } });
    } catch (error) {
      if (error instanceof HttpStatusError && REFUSING_STATUSES.has(error.status))
        return new Map(paths.map((path) => [path, GRAPHQL_REFUSED]));
      return allUnavailable(paths, describeError(error));
    }
    const answer = parseAnswer(response.text);
    if (answer === undefined) return allUnavailable(paths, "malformed GraphQL answer");
    const resetAt = Date.parse(String((answer.data?.["rateLimit"] as { resetAt?: unknown } | undefined)?.resetAt));
    if (!Number.isNaN(resetAt)) quota.resetAt = resetAt;
    if (!isRateLimited(answer)) return outcomesOf(paths, answer);
    // The headers may not say it (the client pauses on those itself); the body does, so the whole host waits.
    options.client.pauseUntil(rateLimitedUntil(response, now(), quota), "GitHub GraphQL answered RATE_LIMITED");
  }
}

/** GitHub has spelt the type "RATE_LIMITED" and, lately, "RATE_LIMIT"; a secondary limit may come as a bare message. */
function isRateLimited(answer: GraphQlAnswer): boolean {
  if (answer.errors?.some((error) => error.type === "RATE_LIMITED" || error.type === "RATE_LIMIT") === true) return true;
  return answer.data == null && /rate limit/i.test(String(answer.message ?? ""));
}

/** Epoch ms before which GitHub wants no request: what it said, else the last known reset, else its documented minute. */
function rateLimitedUntil(response: UpstreamResponse, now: number, quota: Quota): number {
  const retryAfter = Number(response.headers.get("retry-after"));
  const reset = Number(response.headers.get("x-ratelimit-reset"));
  let until = now + UNTIMED_LIMIT_WAIT_MS;
  if (Number.isFinite(retryAfter) && retryAfter > 0) until = now + retryAfter * 1000;
  else if (Number.isFinite(reset) && reset > 0) until = reset * 1000;
  else if (quota.resetAt !== undefined && quota.resetAt > now) until = quota.resetAt;
  // At least a second: a reset already past must not turn the retry into a tight loop.
  return Math.max(until, now + 1_000);
}

function outcomesOf(paths: readonly string[], answer: GraphQlAnswer): Map<string, MirrorOutcome> {
  const outcomes = new Map<string, MirrorOutcome>();
  paths.forEach((path, i) => {
    const alias = `r${i}`;
    const error = answer.errors?.find((e) => e.path?.[0] === alias);
    const repository = answer.data?.[alias];
    if (repository !== null && repository !== undefined) outcomes.set(path, fromGraphql(repository));
    else if (error?.type === "NOT_FOUND") outcomes.set(path, { kind: "missing" });
    else outcomes.set(path, unavailable(error?.message ?? "no data in the GraphQL answer"));
  });
  return outcomes;
}

/** A repository as either API answered it, in GraphQL's terms. */
interface Answered {
  readonly nameWithOwner: unknown;
  readonly owner: unknown;
  readonly stars: unknown;
  readonly forks: unknown;
  readonly facts: RawFacts;
}

function fromGraphql(value: unknown): MirrorOutcome {
  const repository = fieldsOf(value);
  const branch = repository["defaultBranchRef"];
  return foundRepository(
    {
      nameWithOwner: repository["nameWithOwner"],
      owner: fieldsOf(repository["owner"])["login"],
      stars: repository["stargazerCount"],
      forks: repository["forkCount"],
      facts: {
        url: repository["url"],
        archived: repository["isArchived"],
        openIssues: fieldsOf(repository["issues"])["totalCount"],
        pushedAt: repository["pushedAt"],
        // No default branch (an empty repository) is null; a ref without a name is malformed.
        defaultBranch: branch === null ? null : fieldsOf(branch)["name"],
      },
    },
    "GraphQL",
  );
}

function foundRepository(answered: Answered, api: string): MirrorOutcome {
  const { nameWithOwner, owner, stars, forks } = answered;
  if (!isRepositoryPath(nameWithOwner) || !isOwnerLogin(owner) || !isCount(stars) || !isCount(forks)) {
    return unavailable(`malformed repository in the ${api} answer`);
  }
  return { kind: "found", canonicalPath: nameWithOwner, owner, stars, forks, facts: repositoryFacts(answered.facts) };
}

/**
 * Without a token: REST, one repository a request. Unauthenticated REST allows
 * 60 requests an hour: once GitHub says the quota is spent (`remaining: 0`,
 * on a success or a 403), the client's gate gives the host up for this build
 * (its reset is an hour away) and the rest are not asked: they keep
 * yesterday's counts.
 */
async function readOverRest(paths: readonly string[], options: GithubOptions): Promise<Map<string, MirrorOutcome>> {
  const outcomes = new Map<string, MirrorOutcome>();
  const queue = [...paths];
  // Two workers pulling from one queue, as GitHub asks integrators not to flood it.
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) outcomes.set(path, await readOverRestOnce(path, options));
  };
  await Promise.all([worker(), worker()]);
  return outcomes;
}

async function readOverRestOnce(path: string, options: GithubOptions): Promise<MirrorOutcome> {
  const [owner, name] = splitPath(path);
  try {
    // fetch follows GitHub's 301 for a renamed or transferred repository.
    const response = await options.client.request(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`, { accept: [404] });
    if (response.status === 404) return { kind: "missing" };
    const repo = fieldsOf(parseAnswer(response.text));
    return foundRepository(
      {
        nameWithOwner: repo["full_name"],
        owner: fieldsOf(repo["owner"])["login"],
        stars: repo["stargazers_count"],
        forks: repo["forks_count"],
        facts: {
          url: repo["html_url"],
          archived: repo["archived"],
          // REST's open_issues_count includes pull requests: no answer to "open issues" (see the module's header).
          openIssues: undefined,
          pushedAt: repo["pushed_at"],
          defaultBranch: repo["default_branch"],
        },
      },
      "REST",
    );
  } catch (error) {
    return unavailable(describeError(error));
  }
}

function splitPath(path: string): [string, string] {
  const slash = path.indexOf("/");
  return [path.slice(0, slash), path.slice(slash + 1)];
}

function parseAnswer(text: string): GraphQlAnswer | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as GraphQlAnswer) : undefined;
  } catch {
    return undefined;
  }
}

function allUnavailable(paths: readonly string[], reason: string): Map<string, MirrorOutcome> {
  return new Map(paths.map((path) => [path, unavailable(reason)]));
}

export function describeError(error: unknown): string {
  if (error instanceof HttpStatusError) return `HTTP ${error.status}`;
  if (error instanceof UpstreamError) return error.message;
  return String(error);
}
