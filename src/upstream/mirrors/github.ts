/**
 * Stars and forks of GitHub repositories: GraphQL, up to 100 aliased
 * `repository(owner:, name:)` fields per request (GraphQL follows renames and
 * transfers, so the canonical name comes back); REST `GET /repos/{o}/{r}`
 * one by one only when there is no token (GraphQL requires one).
 */

import type { UpstreamClient, UpstreamResponse } from "../http/client.js";
import { HttpStatusError, UpstreamError } from "../http/errors.js";
import { UNTIMED_LIMIT_WAIT_MS } from "../http/rate-limit.js";
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

const FIELDS = "nameWithOwner owner { login } stargazerCount forkCount";

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
    if (repository !== null && repository !== undefined) outcomes.set(path, foundRepository(repository));
    else if (error?.type === "NOT_FOUND") outcomes.set(path, { kind: "missing" });
    else outcomes.set(path, unavailable(error?.message ?? "no data in the GraphQL answer"));
  });
  return outcomes;
}

function foundRepository(value: unknown): MirrorOutcome {
  const repository = value as { nameWithOwner?: unknown; owner?: { login?: unknown }; stargazerCount?: unknown; forkCount?: unknown };
  const { nameWithOwner, stargazerCount, forkCount } = repository;
  const owner = repository.owner?.login;
  if (!isRepositoryPath(nameWithOwner) || !isOwnerLogin(owner) || !isCount(stargazerCount) || !isCount(forkCount)) {
    return unavailable("malformed repository in the GraphQL answer");
  }
  return { kind: "found", canonicalPath: nameWithOwner, owner, stars: stargazerCount, forks: forkCount };
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
    const repo = parseAnswer(response.text) as
      | { full_name?: unknown; owner?: { login?: unknown }; stargazers_count?: unknown; forks_count?: unknown }
      | undefined;
    return foundRepository({
      nameWithOwner: repo?.full_name,
      owner: { login: repo?.owner?.login },
      stargazerCount: repo?.stargazers_count,
      forkCount: repo?.forks_count,
    });
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
