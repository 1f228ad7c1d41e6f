import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type FakeGitLab, type GitLabProject, startFakeGitLab, type World } from "./index.js";

const full = (p: GitLabProject): string => `${p.namespace.fullPath}/${p.path}`;

interface ProjectsBody {
  data?: {
    projects: {
      count: number;
      nodes: { fullPath: string; starCount: number; forksCount: number; namespace: { fullPath: string } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    } | null;
  };
  errors?: { message: string; path?: string[] }[];
}

async function projects(base: string, fullPaths: readonly string[], extra = ""): Promise<ProjectsBody> {
  const query = `query($paths: [String!]) { projects(fullPaths: $paths, first: 50${extra}) { count nodes { fullPath starCount forksCount namespace { fullPath } } pageInfo { hasNextPage endCursor } } }`;
  const res = await fetch(`${base}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables: { paths: fullPaths } }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ProjectsBody;
}

describe("fake GitLab", () => {
  let world: World;
  let gitlab: FakeGitLab;

  beforeAll(async () => {
    world = createWorld({ packages: 600, seed: 41 });
    gitlab = await startFakeGitLab({ world });
  });
  afterAll(() => gitlab.close());

  it("serves a project by URL-encoded full path (subgroups too) and by id", async () => {
    const nested = [...world.gitlab.index.values()].find((p) => p.namespace.parentId !== null);
    if (!nested) throw new Error("no subgroup project in the world");
    const res = await fetch(`${gitlab.url}/api/v4/projects/${encodeURIComponent(full(nested).toUpperCase())}`, {
      headers: { "private-token": "glpat-x" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: nested.id,
      path_with_namespace: full(nested),
      star_count: nested.stars,
      forks_count: nested.forks,
      namespace: { full_path: nested.namespace.fullPath, kind: "group" },
    });
    expect(gitlab.credentials.has("glpat-x")).toBe(true);
    const byId = await fetch(`${gitlab.url}/api/v4/projects/${nested.id}`);
    expect(((await byId.json()) as { id: number }).id).toBe(nested.id);
  });

  it("follows redirect routes silently on REST; 404s missing projects and unencoded paths", async () => {
    const project = [...world.gitlab.index.values()][3];
    if (!project) throw new Error("world too small");
    const oldPath = full(project);
    const newPath = `${project.namespace.fullPath}/renamed-${project.path}`;
    world.renameRepo("gitlab", oldPath, newPath);
    const res = await fetch(`${gitlab.url}/api/v4/projects/${encodeURIComponent(oldPath)}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { path_with_namespace: string }).path_with_namespace).toBe(newPath);

    const missing = await fetch(`${gitlab.url}/api/v4/projects/${encodeURIComponent("nobody/nothing")}`);
    expect([missing.status, await missing.json()]).toEqual([404, { message: "404 Project Not Found" }]);
    const unencoded = await fetch(`${gitlab.url}/api/v4/projects/${newPath}`);
    expect(unencoded.status).toBe(404);
  });

  it("answers GraphQL projects(fullPaths:) with current paths only, id-descending, at most 50 paths", async () => {
    const all = [...world.gitlab.index.values()];
    const [moved, ...rest] = all.slice(10, 14);
    if (!moved) throw new Error("world too small");
    const oldPath = full(moved);
    world.renameRepo("gitlab", oldPath, `${moved.namespace.fullPath}/gql-renamed-${moved.path}`);
    const wanted = [oldPath, ...rest.map(full), "nobody/nothing"];
    const body = await projects(gitlab.url, wanted);
    const nodes = body.data?.projects?.nodes ?? [];
    expect(nodes.map((n) => n.fullPath)).toEqual(rest.sort((a, b) => b.id - a.id).map(full));
    expect(nodes[0]?.namespace.fullPath).toBeTypeOf("string");

    const tooMany = await projects(gitlab.url, all.slice(0, 51).map(full));
    expect(tooMany.data?.projects).toBeNull();
    expect(tooMany.errors?.[0]).toMatchObject({ message: "You cannot provide more than 50 full_paths", path: ["projects"] });
  });

  it("pages with first/after keyset cursors", async () => {
    const paths = [...world.gitlab.index.values()].slice(0, 30).map(full);
    const page1 = await projects(gitlab.url, paths, "");
    expect(page1.data?.projects?.count).toBe(30);
    const query = `query($paths: [String!], $after: String) { projects(fullPaths: $paths, first: 20, after: $after) { nodes { fullPath } pageInfo { hasNextPage endCursor } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await fetch(`${gitlab.url}/api/graphql`, {
        method: "POST",
        body: JSON.stringify({ query, variables: { paths, after } }),
      });
      const body = (await res.json()) as {
        data: { projects: { nodes: { fullPath: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
      };
      seen.push(...body.data.projects.nodes.map((n) => n.fullPath));
      after = body.data.projects.pageInfo.hasNextPage ? body.data.projects.pageInfo.endCursor : null;
    } while (after);
    expect(seen.sort()).toEqual([...paths].sort());
  });
});

describe("fake GitLab rate limit", () => {
  it("throttles with 429 Retry later and the RateLimit-* / Retry-After headers", async () => {
    const world = createWorld({ packages: 50, seed: 42 });
    const gitlab = await startFakeGitLab({ world, rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      const url = `${gitlab.url}/api/v4/projects/${encodeURIComponent("nobody/nothing")}`;
      await (await fetch(url)).arrayBuffer();
      await (await fetch(url)).arrayBuffer();
      const res = await fetch(url);
      expect(res.status).toBe(429);
      expect(await res.text()).toBe("Retry later\n");
      expect(res.headers.get("ratelimit-limit")).toBe("2");
      expect(res.headers.get("ratelimit-remaining")).toBe("0");
      expect(res.headers.get("ratelimit-name")).toBe("throttle_unauthenticated_api");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
      expect(res.headers.get("ratelimit-resettime")).toMatch(/GMT$/);
    } finally {
      await gitlab.close();
    }
  });
});
