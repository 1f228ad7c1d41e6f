/**
 * Fake GitLab instance root: REST under `/api/v4` (gitlab-rest.ts), GraphQL at
 * `/api/graphql` (gitlab-graphql.ts). Public projects need no token; a token is taken from
 * `PRIVATE-TOKEN` or `Authorization: Bearer`, and one outside `validTokens` gets 401
 * `{"message":"401 Unauthorized"}`.
 *
 * Rate limiting (`rateLimit`, off by default) answers as GitLab's Rack::Attack throttles do
 * (docs.gitlab.com "User and IP rate limits", "Response headers"): 429, body
 * `Retry later`, and `RateLimit-Name/-Limit/-Observed/-Remaining/-Reset` (epoch seconds),
 * `RateLimit-ResetTime` (HTTP date), `Retry-After` (seconds). GitLab sends these only on
 * throttled responses, so successful ones carry none.
 */
import { respond } from "./fault-actions.js";
import type { FaultAction } from "./faults.js";
import { executeGitLabGraphql } from "./gitlab-graphql.js";
import { gitlabJson, gitlabProject, isProjectRoute } from "./gitlab-rest.js";
import { type GraphqlTargets, parseGraphqlBody, topLevelFields } from "./graphql-targets.js";
import { type BudgetState, WindowBudget } from "./rate-limit.js";
import { type FakeRequest, type FakeResponse, type RunningFake, type ServerOptions, startFakeServer } from "./server.js";
import type { World } from "./world.js";

export interface FakeGitLabOptions extends ServerOptions {
  world: World;
  validTokens?: readonly string[];
  /** Requests per window across REST and GraphQL; no limit when omitted. */
  rateLimit?: { limit: number; windowMs: number };
}

export interface FakeGitLab extends RunningFake {
  budget: WindowBudget | undefined;
}

const GRAPHQL = "/api/graphql";

function throttledHeaders(state: BudgetState, name: string, now = Date.now()): Record<string, string> {
  return {
    "content-type": "text/plain",
    "ratelimit-name": name,
    "ratelimit-limit": String(state.limit),
    "ratelimit-observed": String(state.used + 1),
    "ratelimit-remaining": "0",
    "ratelimit-reset": String(Math.ceil(state.resetAt / 1000)),
    "ratelimit-resettime": new Date(state.resetAt).toUTCString(),
    "retry-after": String(Math.max(0, Math.ceil((state.resetAt - now) / 1000))),
  };
}

/** A GitLab throttle answer to inject as a fault, `Retry-After` in seconds. */
export function gitlabThrottled(retryAfterSeconds: number, limit = 2000): FaultAction {
  const resetAt = Date.now() + retryAfterSeconds * 1000;
  const headers = throttledHeaders({ allowed: false, limit, used: limit, remaining: 0, resetAt }, "throttle_authenticated_api");
  return respond(429, "Retry later\n", headers);
}

function gitlabTargets(req: FakeRequest): GraphqlTargets {
  const call = req.path === GRAPHQL ? parseGraphqlBody(req.body) : undefined;
  const fields = call ? topLevelFields(call).filter((f) => f.name === "projects" || f.name === "project") : [];
  const paths = fields.flatMap((f) => {
    const value = f.name === "projects" ? f.args.fullPaths : f.args.fullPath;
    return (Array.isArray(value) ? value : [value]).filter((p): p is string => typeof p === "string");
  });
  return { aliases: fields.map((f) => f.alias), owners: paths.map((p) => p.slice(0, p.lastIndexOf("/"))), paths };
}

export async function startFakeGitLab(options: FakeGitLabOptions): Promise<FakeGitLab> {
  const { world } = options;
  const budget = options.rateLimit ? new WindowBudget(options.rateLimit.limit, options.rateLimit.windowMs) : undefined;

  function token(req: FakeRequest): string | undefined {
    const privateToken = req.headers["private-token"];
    if (typeof privateToken === "string") return privateToken;
    return /^bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? "")?.[1];
  }

  async function handle(req: FakeRequest): Promise<FakeResponse> {
    const t = token(req);
    if (t !== undefined && options.validTokens && !options.validTokens.includes(t)) return gitlabJson(401, { message: "401 Unauthorized" });
    const state = budget?.take(1);
    if (state && !state.allowed) {
      const name = t === undefined ? "throttle_unauthenticated_api" : "throttle_authenticated_api";
      return { status: 429, headers: throttledHeaders(state, name), body: "Retry later\n" };
    }
    if (req.path === GRAPHQL && req.method === "POST") {
      const call = parseGraphqlBody(req.body);
      if (!call) return gitlabJson(400, { errors: [{ message: "Invalid JSON in request body" }] });
      return gitlabJson(200, await executeGitLabGraphql(world, call));
    }
    if (isProjectRoute(req.path) && (req.method === "GET" || req.method === "HEAD")) return gitlabProject(world, req);
    return gitlabJson(404, { error: "404 Not Found" });
  }

  const running = await startFakeServer(
    {
      route: (req) => `${req.method} ${req.path === GRAPHQL ? GRAPHQL : isProjectRoute(req.path) ? "/api/v4/projects/:id" : "/*"}`,
      targets: gitlabTargets,
      handle,
    },
    options,
  );
  return { ...running, budget };
}
