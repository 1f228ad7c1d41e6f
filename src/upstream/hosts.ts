/**
 * The three upstream hosts and the policy for each (concurrency, retries,
 * headers), from the command line's settings and the environment. Tokens are
 * read here, from GITHUB_TOKEN and GITLAB_TOKEN only, and go nowhere but into
 * request headers.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { UpstreamClient } from "./http/client.js";
import type { Upstreams } from "./fetch-catalog.js";

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
  const common = { timeoutMs: settings.timeoutMs, retries: 4 };
  return {
    registry: new UpstreamClient({ ...common, baseUrl: settings.registry ?? (await npmRegistry()), concurrency: 16, headers: { "user-agent": userAgent } }),
    github: new UpstreamClient({
      ...common,
      baseUrl: settings.githubUrl,
      // GitHub asks integrators not to run requests concurrently; two keeps latency down without tripping secondary limits.
      concurrency: 2,
      headers: { "user-agent": userAgent, accept: "application/vnd.github+json", ...(githubToken ? { authorization: `bearer ${githubToken}` } : {}) },
    }),
    gitlab: new UpstreamClient({ ...common, baseUrl: settings.gitlabUrl, concurrency: 4, headers: { "user-agent": userAgent, ...(gitlabToken ? { "private-token": gitlabToken } : {}) } }),
    hasGithubToken: githubToken !== undefined,
  };
}

/** The registry npm itself is configured with (.npmrc, environment), as the contract asks. */
async function npmRegistry(): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)("npm", ["config", "get", "registry"], { timeout: 15_000 });
    return stdout.trim() || FALLBACK_REGISTRY;
  } catch {
    return FALLBACK_REGISTRY;
  }
}
