/**
 * Stars and forks of GitHub repositories: GraphQL, up to 100 aliased
 * `repository(owner:, name:)` fields per request (GraphQL follows renames and
 * transfers, so the canonical name comes back); REST `GET /repos/{o}/{r}`
 * one by one only when there is no token (GraphQL requires one).
 */
import { HttpStatusError, UpstreamError } from "../http/errors.js";
import type { UpstreamClient, UpstreamResponse } from "../http/client.js";
import { batches, isCount, unavailable, type MirrorOutcome } from "./outcome.js";

export interface GithubOptions {
  readonly client: UpstreamClient;
  readonly hasToken: boolean;
  readonly batchSize?: number;
  /** The longest wait for a rate-limit reset before giving up on a batch (its mirrors keep old counts). */
  readonly maxRateLimitWaitMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
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
}

const FIELDS = "nameWithOwner owner { login } stargazerCount forkCount";
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

async function readBatch(paths: string[], options: GithubOptions, quota: Quota): Promise<Map<string, MirrorOutcome>> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.maxRateLimitWaitMs ?? 5 * 60_000);
  const body = JSON.stringify(batchQuery(paths));
  for (;;) {
    let response: UpstreamResponse;
    try {
      response = await options.client.request("/graphql", { method: "POST", body, headers: { "content-type": "application/json" }, accept: [403] });
    } catch (error) {
      if (error instanceof HttpStatusError && REFUSING_STATUSES.has(error.status)) return new Map(paths.map((path) => [path, GRAPHQL_REFUSED]));
      return allUnavailable(paths, describeError(error));
    }
    const answer = parseAnswer(response.text);
    if (answer === undefined) return allUnavailable(paths, "malformed GraphQL answer");
    const resetAt = Date.parse(String((answer.data?.["rateLimit"] as { resetAt?: unknown } | undefined)?.resetAt));
    if (!Number.isNaN(resetAt)) quota.resetAt = resetAt;
    const waitMs = rateLimitWaitMs(response, answer, now(), quota);
    if (waitMs === undefined) return outcomesOf(paths, answer);
    if (now() + waitMs > deadline) return allUnavailable(paths, "GitHub rate limit: reset too far away");
    await (options.sleep ?? defaultSleep)(Math.max(1_000, waitMs));
  }
}

/** Undefined when the answer is not a rate-limit refusal. */
function rateLimitWaitMs(response: UpstreamResponse, answer: GraphQlAnswer, now: number, quota: Quota): number | undefined {
  const limited = answer.errors?.some((error) => error.type === "RATE_LIMITED") === true || (response.status === 403 && /rate limit/i.test(response.text));
  if (!limited) return undefined;
  const retryAfter = Number(response.headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const reset = Number(response.headers.get("x-ratelimit-reset"));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  if (quota.resetAt !== undefined && quota.resetAt > now) return quota.resetAt - now;
  // Secondary limits without a hint: GitHub asks for at least a minute.
  return 60_000;
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
  if (typeof nameWithOwner !== "string" || typeof owner !== "string" || !isCount(stargazerCount) || !isCount(forkCount)) {
    return unavailable("malformed repository in the GraphQL answer");
  }
  return { kind: "found", canonicalPath: nameWithOwner, owner, stars: stargazerCount, forks: forkCount };
}

/**
 * Without a token: REST, one repository a request. Unauthenticated REST allows
 * 60 requests an hour, so once GitHub says the quota is spent (403 with
 * `x-ratelimit-remaining: 0`, or a success that spent the last one), the
 * rest are not asked: they keep yesterday's counts.
 */
async function readOverRest(paths: readonly string[], options: GithubOptions): Promise<Map<string, MirrorOutcome>> {
  const budget: { spent?: string } = {};
  const outcomes = new Map<string, MirrorOutcome>();
  const queue = [...paths];
  // Two workers pulling from one queue: each looks at the budget right before its request.
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) outcomes.set(path, await readOverRestOnce(path, options, budget));
  };
  await Promise.all([worker(), worker()]);
  return outcomes;
}

async function readOverRestOnce(path: string, options: GithubOptions, budget: { spent?: string }): Promise<MirrorOutcome> {
  if (budget.spent !== undefined) return unavailable(budget.spent);
  const [owner, name] = splitPath(path);
  try {
    // fetch follows GitHub's 301 for a renamed or transferred repository.
    const response = await options.client.request(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`, { accept: [403, 404] });
    if (response.headers.get("x-ratelimit-remaining") === "0") budget.spent = `GitHub REST rate limit spent until ${resetTime(response.headers)}`;
    if (response.status === 404) return { kind: "missing" };
    if (response.status === 403) return unavailable(budget.spent ?? "HTTP 403");
    const repo = parseAnswer(response.text) as { full_name?: unknown; owner?: { login?: unknown }; stargazers_count?: unknown; forks_count?: unknown } | undefined;
    return foundRepository({ nameWithOwner: repo?.full_name, owner: { login: repo?.owner?.login }, stargazerCount: repo?.stargazers_count, forkCount: repo?.forks_count });
  } catch (error) {
    return unavailable(describeError(error));
  }
}

function resetTime(headers: Headers): string {
  const reset = Number(headers.get("x-ratelimit-reset"));
  return Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000).toISOString() : "its reset";
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
