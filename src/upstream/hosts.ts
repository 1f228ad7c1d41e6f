/**
 * The three upstream hosts and the policy for each (concurrency, retries,
 * headers), from the command line's settings and the environment. Tokens are
 * read here, from GITHUB_TOKEN and GITLAB_TOKEN only, and go nowhere but into
 * request headers.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Upstreams } from "./fetch-catalog.js";
import { UpstreamClient } from "./http/client.js";

export interface UpstreamSettings {
  readonly registry: string | undefined;
  readonly githubUrl: string;
  readonly gitlabUrl: string;
  readonly timeoutMs: number;
}

const FALLBACK_REGISTRY = "https://registry.npmjs.org/";

export async function createUpstreams(settings: UpstreamSettings, env: NodeJS.ProcessEnv, userAgent: string): Promise<Upstreams> {
  const githubToken = env["GITHUB_TOKEN"]?.trim() || undefined;
  const gitlabToken = env["GITLAB_TOKEN"]?.trim() || undefined;
  const common = { timeoutMs: settings.timeoutMs, retries: 4, pauseBudgetMs: RATE_LIMIT_WAIT_BUDGET_MS };
  return {
    registry: new UpstreamClient({
      ...common,
      ...concurrent(16),
      maxBodyBytes: MAX_BODY_BYTES.registry,
      baseUrl: settings.registry ?? (await npmRegistry()),
      headers: { "user-agent": userAgent },
    }),
    github: new UpstreamClient({
      ...common,
      baseUrl: settings.githubUrl,
      // GitHub asks integrators not to run requests concurrently; two keeps latency down without tripping secondary limits.
      ...concurrent(2),
      maxBodyBytes: MAX_BODY_BYTES.github,
      headers: {
        "user-agent": userAgent,
        accept: "application/vnd.github+json",
        ...(githubToken ? { authorization: `bearer ${githubToken}` } : {}),
      },
    }),
    gitlab: new UpstreamClient({
      ...common,
      ...concurrent(4),
      maxBodyBytes: MAX_BODY_BYTES.gitlab,
      baseUrl: settings.gitlabUrl,
      headers: { "user-agent": userAgent, ...(gitlabToken ? { "private-token": gitlabToken } : {}) },
    }),
    hasGithubToken: githubToken !== undefined,
  };
}

/**
 * The most one answer of each host may hold (docs/API.md#bounds). The registry's is set by its largest documents:
 * full packuments of packages with thousands of versions run to tens of megabytes. GitHub's and GitLab's answers
 * (100 and 50 repositories' counts a request) are a few kilobytes.
 */
export const MAX_BODY_BYTES = { registry: 100 << 20, github: 16 << 20, gitlab: 16 << 20 } as const;

/**
 * How long one build may wait on one host's rate limits in all: a reset
 * further away ends that host's reads for the day (its mirrors keep their
 * last known counts) rather than holding the nightly build.
 */
const RATE_LIMIT_WAIT_BUDGET_MS = 5 * 60_000;

/**
 * The concurrency, and the failures in a row that mark the host down: more
 * than one round of concurrent requests, so that one blip failing everything
 * in flight at once is not taken for an outage, and at least five.
 */
function concurrent(concurrency: number): { concurrency: number; failuresToDown: number } {
  return { concurrency, failuresToDown: Math.max(5, concurrency + 1) };
}

/** The registry npm itself is configured with (.npmrc, environment): a mirror or proxy set up for npm serves the build too. */
async function npmRegistry(): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)("npm", ["config", "get", "registry"], { timeout: 15_000 });
    return stdout.trim() || FALLBACK_REGISTRY;
  } catch {
    return FALLBACK_REGISTRY;
  }
}
