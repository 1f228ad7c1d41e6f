/**
 * Fake GitHub API root: GraphQL at `POST /graphql`, REST fallback under `/repos` and
 * `/repositories` (github-graphql.ts, github-rest.ts), with GitHub's authentication and
 * primary rate-limit behaviour:
 *
 * - GraphQL needs `Authorization: bearer|token <t>`; without it, 401 "This endpoint requires
 *   you to be authenticated." (the body quoted in Urigo/graphql-cli#646 and
 *   carbon-design-system/carbon-tutorial-angular#1142). A token outside `validTokens`: 401
 *   "Bad credentials".
 * - Primary limits (docs.github.com "Rate limits and query limits for the GraphQL API" and
 *   "Rate limits for the REST API"): every answer carries `x-ratelimit-limit/-remaining/
 *   -used/-reset/-resource`. Exhausted GraphQL points still answer **200**, with an error
 *   of type RATE_LIMITED and `x-ratelimit-remaining: 0`; exhausted REST answers 403.
 *   REST allows 60 requests unauthenticated, 5,000 with a token.
 * - Secondary limits (200 or 403 with `retry-after`) are a fault to inject:
 *   `githubSecondaryRateLimit()`.
 */
import { respond } from "./fault-actions.js";
import type { FaultAction } from "./faults.js";
import { executeGitHubGraphql } from "./github-graphql.js";
import { githubJson, githubRest } from "./github-rest.js";
import { type GraphqlTargets, parseGraphqlBody, topLevelFields } from "./graphql-targets.js";
import { type BudgetState, WindowBudget } from "./rate-limit.js";
import { type FakeRequest, type FakeResponse, type RunningFake, type ServerOptions, startFakeServer } from "./server.js";
import type { World } from "./world.js";

export interface FakeGitHubOptions extends ServerOptions {
  world: World;
  /** Tokens GitHub accepts; any well-formed token when omitted. */
  validTokens?: readonly string[];
  /** GraphQL points per window; default 5,000. */
  graphqlLimit?: number;
  restLimits?: { authenticated: number; unauthenticated: number };
  /** Length of a rate-limit window; default one hour. */
  rateLimitWindowMs?: number;
  /** GitHub has sent "RATE_LIMITED" and, lately, "RATE_LIMIT" (yanyongyu/githubkit#271). */
  rateLimitedType?: "RATE_LIMITED" | "RATE_LIMIT";
}

export interface FakeGitHub extends RunningFake {
  graphqlBudget: WindowBudget;
  restBudgets: { authenticated: WindowBudget; unauthenticated: WindowBudget };
}

const GRAPHQL_DOCS = "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql";

/** A secondary rate limit as GitHub answers it (status 403 by default, or 200/429). */
export function githubSecondaryRateLimit(retryAfterSeconds = 60, status = 403): FaultAction {
  const body = {
    message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
    documentation_url: "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits",
  };
  return respond(status, body, { "retry-after": String(retryAfterSeconds) });
}

function rateHeaders(state: BudgetState, resource: string): Record<string, string> {
  return {
    "x-ratelimit-limit": String(state.limit),
    "x-ratelimit-remaining": String(state.remaining),
    "x-ratelimit-used": String(state.used),
    "x-ratelimit-reset": String(Math.ceil(state.resetAt / 1000)),
    "x-ratelimit-resource": resource,
  };
}

function routeOf(path: string): string {
  if (path === "/graphql") return path;
  if (path.startsWith("/repositories/")) return "/repositories/:id";
  return path.startsWith("/repos/") ? "/repos/:owner/:repo" : "/*";
}

function githubTargets(req: FakeRequest): GraphqlTargets {
  const call = req.path === "/graphql" ? parseGraphqlBody(req.body) : undefined;
  const fields = call ? topLevelFields(call).filter((f) => f.name === "repository") : [];
  const owners = fields.map((f) => String(f.args.owner));
  return { aliases: fields.map((f) => f.alias), owners, paths: fields.map((f, i) => `${owners[i]}/${String(f.args.name)}`) };
}

export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const { world } = options;
  const windowMs = options.rateLimitWindowMs ?? 3_600_000;
  const graphqlBudget = new WindowBudget(options.graphqlLimit ?? 5000, windowMs);
  const restBudgets = {
    authenticated: new WindowBudget(options.restLimits?.authenticated ?? 5000, windowMs),
    unauthenticated: new WindowBudget(options.restLimits?.unauthenticated ?? 60, windowMs),
  };

  /** undefined: no credentials; null: credentials GitHub would refuse. */
  function token(req: FakeRequest): string | null | undefined {
    const header = req.headers.authorization;
    if (header === undefined) return undefined;
    const t = /^(?:bearer|token)\s+(\S+)$/i.exec(header.trim())?.[1];
    return t && (!options.validTokens || options.validTokens.includes(t)) ? t : null;
  }

  const badCredentials = (): FakeResponse =>
    githubJson(401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" });

  async function graphqlEndpoint(req: FakeRequest): Promise<FakeResponse> {
    const t = token(req);
    if (t === undefined)
      return githubJson(401, { message: "This endpoint requires you to be authenticated.", documentation_url: GRAPHQL_DOCS });
    if (t === null) return badCredentials();
    const call = parseGraphqlBody(req.body);
    if (!call) return githubJson(400, { message: "Problems parsing JSON", documentation_url: "https://docs.github.com/graphql" });
    const state = graphqlBudget.take(1);
    const headers = rateHeaders(state, "graphql");
    if (!state.allowed) {
      const type = options.rateLimitedType ?? "RATE_LIMITED";
      return githubJson(
        200,
        { errors: [{ type, code: "graphql_rate_limit", message: "API rate limit exceeded for user ID 1." }] },
        headers,
      );
    }
    return githubJson(200, await executeGitHubGraphql(world, call, state), headers);
  }

  function restEndpoint(req: FakeRequest): FakeResponse {
    const t = token(req);
    if (t === null) return badCredentials();
    const state = (t ? restBudgets.authenticated : restBudgets.unauthenticated).take(1);
    const headers = rateHeaders(state, "core");
    if (!state.allowed) {
      const message = t ? "API rate limit exceeded for user ID 1." : "API rate limit exceeded for 127.0.0.1.";
      return githubJson(
        403,
        { message, documentation_url: "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api" },
        headers,
      );
    }
    const response = githubRest(world, req, `http://${req.headers.host ?? "127.0.0.1"}`);
    return { ...response, headers: { ...response.headers, ...headers } };
  }

  const running = await startFakeServer(
    {
      route: (req) => `${req.method} ${routeOf(req.path)}`,
      targets: githubTargets,
      handle: (req) => {
        if (req.path === "/graphql" && req.method === "POST") return graphqlEndpoint(req);
        if (req.method === "GET" || req.method === "HEAD") return restEndpoint(req);
        return githubJson(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });
      },
    },
    options,
  );
  return { ...running, graphqlBudget, restBudgets };
}
