import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorld,
  type FakeGitHub,
  type GitHubRepo,
  githubSecondaryRateLimit,
  startFakeGitHub,
  startFakeRegistry,
  type World,
} from "./index.js";

interface GraphqlBody {
  data?: Record<string, { nameWithOwner: string; stargazerCount: number; owner: { login: string } } | null>;
  errors?: { type?: string; path?: string[]; message: string; locations?: unknown }[];
}

async function graphql(base: string, query: string, token: string | null = "ghp_test"): Promise<{ res: Response; body: GraphqlBody }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `bearer ${token}`;
  const res = await fetch(`${base}/graphql`, { method: "POST", headers, body: JSON.stringify({ query }) });
  return { res, body: (await res.json()) as GraphqlBody };
}

function repoQuery(paths: readonly string[]): string {
  const fields = paths.map((p, i) => {
    const [owner, name] = p.split("/");
    return `r${i}: repository(owner: ${JSON.stringify(owner)}, name: ${JSON.stringify(name)}) { nameWithOwner stargazerCount forkCount isArchived url owner { login } }`;
  });
  return `query { ${fields.join("\n")} rateLimit { cost remaining resetAt limit } }`;
}

const full = (r: GitHubRepo): string => `${r.owner}/${r.name}`;

describe("fake GitHub GraphQL", () => {
  let world: World;
  let github: FakeGitHub;

  beforeAll(async () => {
    world = createWorld({ packages: 400, seed: 31 });
    github = await startFakeGitHub({ world });
  });
  afterAll(() => github.close());

  it("answers a batch of 100 aliases, following a rename and nulling a missing repo", async () => {
    const repos = [...world.github.index.values()].slice(0, 100);
    const [renamed, recased] = repos;
    if (!renamed || !recased) throw new Error("world too small");
    const oldPath = full(renamed);
    const newPath = `${renamed.owner}/moved-${renamed.name}`;
    world.renameRepo("github", oldPath, newPath);
    const paths = repos.map(full);
    paths[0] = oldPath;
    paths[1] = full(recased).toUpperCase();
    paths[99] = "nobody-here/nothing-there";
    const { res, body } = await graphql(github.url, repoQuery(paths));
    expect(res.status).toBe(200);
    expect(Object.keys(body.data ?? {})).toHaveLength(101);
    expect(body.data?.r0?.nameWithOwner).toBe(newPath);
    expect(body.data?.r1?.owner.login).toBe(recased.owner); // canonical casing
    expect(body.data?.r50?.stargazerCount).toBe(repos[50]?.stars);
    expect(body.data?.r99).toBeNull();
    expect(body.errors).toEqual([
      {
        type: "NOT_FOUND",
        path: ["r99"],
        locations: [expect.objectContaining({ line: expect.any(Number), column: expect.any(Number) })],
        message: "Could not resolve to a Repository with the name 'nobody-here/nothing-there'.",
      },
    ]);
  });

  it("rejects requests without a token as GitHub does (401) and records tokens without leaking them", async () => {
    const { res, body } = await graphql(github.url, "{ rateLimit { remaining } }", null);
    expect(res.status).toBe(401);
    expect(body).toEqual({
      message: "This endpoint requires you to be authenticated.",
      documentation_url: "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql",
    });
    await graphql(github.url, "{ rateLimit { remaining } }", "ghp_secret_one");
    expect(github.credentials.has("ghp_secret_one")).toBe(true);
    expect(JSON.stringify(github.credentials)).not.toContain("ghp_secret_one");

    const registry = await startFakeRegistry({ world });
    await fetch(`${registry.url}/${world.names()[0] ?? ""}`);
    expect(registry.credentials.has("ghp_secret_one")).toBe(false);
    await registry.close();
  });

  it("sends rate-limit headers and answers an exhausted budget with 200 + RATE_LIMITED", async () => {
    const limited = await startFakeGitHub({ world, graphqlLimit: 2, validTokens: ["good"] });
    try {
      expect((await graphql(limited.url, "{ rateLimit { remaining } }", "bad")).res.status).toBe(401);
      const first = await graphql(limited.url, "{ rateLimit { remaining limit } }", "good");
      expect(first.res.headers.get("x-ratelimit-remaining")).toBe("1");
      expect(first.res.headers.get("x-ratelimit-resource")).toBe("graphql");
      expect(first.body.data?.rateLimit).toEqual({ remaining: 1, limit: 2 });
      await graphql(limited.url, "{ rateLimit { remaining } }", "good");
      const out = await graphql(limited.url, "{ rateLimit { remaining } }", "good");
      expect(out.res.status).toBe(200);
      expect(out.res.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(Number(out.res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
      expect(out.body.errors?.[0]?.type).toBe("RATE_LIMITED");
    } finally {
      await limited.close();
    }
  });

  it("injects a secondary rate limit for batches that ask for one owner", async () => {
    const repos = [...world.github.index.values()];
    const target = repos[10];
    if (!target) throw new Error("world too small");
    const handle = github.faults.add({ match: { graphql: { owner: target.owner } }, times: 1, action: githubSecondaryRateLimit(7) });
    const hit = await graphql(github.url, repoQuery([full(target)]));
    expect([hit.res.status, hit.res.headers.get("retry-after")]).toEqual([403, "7"]);
    expect((await graphql(github.url, repoQuery([full(target)]))).res.status).toBe(200);
    expect(handle.fired).toBe(1);
    handle.remove();
  });
});

describe("fake GitHub REST", () => {
  let world: World;
  let github: FakeGitHub;

  beforeAll(async () => {
    world = createWorld({ packages: 200, seed: 32 });
    github = await startFakeGitHub({ world, restLimits: { authenticated: 100, unauthenticated: 5 } });
  });
  afterAll(() => github.close());

  it("serves a repository, 301s a renamed one to /repositories/{id}, 404s a missing one", async () => {
    const [repo, moved] = [...world.github.index.values()];
    if (!repo || !moved) throw new Error("world too small");
    const auth = { authorization: "token ghp_rest" };
    const ok = await fetch(`${github.url}/repos/${full(repo).toLowerCase()}`, { headers: auth });
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      full_name: full(repo),
      name: repo.name,
      owner: { login: repo.owner },
      stargazers_count: repo.stars,
      forks_count: repo.forks,
    });
    expect(ok.headers.get("x-ratelimit-limit")).toBe("100");

    const oldPath = full(moved);
    const newPath = `${moved.owner}/${moved.name}-v2`;
    world.renameRepo("github", oldPath, newPath);
    const manual = await fetch(`${github.url}/repos/${oldPath}`, { headers: auth, redirect: "manual" });
    expect(manual.status).toBe(301);
    expect(manual.headers.get("location")).toBe(`${github.url}/repositories/${moved.id}`);
    expect(await manual.json()).toMatchObject({ message: "Moved Permanently", url: `${github.url}/repositories/${moved.id}` });
    const followed = await fetch(`${github.url}/repos/${oldPath}`, { headers: auth });
    expect(((await followed.json()) as { full_name: string }).full_name).toBe(newPath);

    const missing = await fetch(`${github.url}/repos/nobody/nothing`, { headers: auth });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: "Not Found", documentation_url: expect.any(String) });

    const etag = ok.headers.get("etag") ?? "";
    const cached = await fetch(`${github.url}/repos/${full(repo)}`, { headers: { ...auth, "if-none-match": etag } });
    expect(cached.status).toBe(304);
  });

  it("limits unauthenticated REST calls and answers 403 with the rate-limit headers", async () => {
    const repo = [...world.github.index.values()][5];
    if (!repo) throw new Error("world too small");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${github.url}/repos/${full(repo)}`);
      statuses.push(res.status);
      if (res.status === 403) expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 403]);
  });
});
