/**
 * The fakes' hostile answers: any full packument (`world.setPackument`), any repository
 * node (`world.editRepoAnswer`), and nothing changed when a test sets neither.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorld,
  type FakeGitHub,
  type FakeGitLab,
  RawJson,
  type RunningFake,
  startFakeGitHub,
  startFakeGitLab,
  startFakeRegistry,
  type World,
} from "./index.js";

let world: World;
let registry: RunningFake;
let github: FakeGitHub;
let gitlab: FakeGitLab;

beforeAll(async () => {
  world = createWorld({ packages: 60, seed: 5 });
  [registry, github, gitlab] = await Promise.all([startFakeRegistry({ world }), startFakeGitHub({ world }), startFakeGitLab({ world })]);
});
afterAll(() => Promise.all([registry.close(), github.close(), gitlab.close()]));

const published = () => world.names().filter((name) => !world.get(name)?.unpublished);
const packument = (name: string) => fetch(`${registry.url}/${name.replace("/", "%2f")}`, { headers: { accept: "application/json" } });
const listed = async (): Promise<string[]> => {
  const body = (await (await fetch(`${registry.url}/-/v1/search?text=keywords:acme-plugin&size=250`)).json()) as {
    objects: { package: { name: string } }[];
  };
  return body.objects.map((o) => o.package.name);
};

describe("world.setPackument", () => {
  it("serves a document, raw text or an edit of the generated one in place of the full packument; the package stays listed", async () => {
    const [a = "", b = "", c = ""] = published();
    const before = await (await packument(a)).text();
    world.setPackument(a, { name: a, description: 42 });
    const deep = `{"name":"${b}","x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    world.setPackument(b, new RawJson(deep));
    world.setPackument(c, (doc) => ({ ...doc, readme: "edited" }));
    expect(await (await packument(a)).json()).toEqual({ name: a, description: 42 });
    expect(await (await packument(b)).text()).toBe(deep);
    const edited = (await (await packument(c)).json()) as { readme: string; versions: object };
    expect(edited.readme).toBe("edited");
    expect(Object.keys(edited.versions).length).toBeGreaterThan(0);
    expect(await listed()).toEqual(expect.arrayContaining([a, b, c]));
    const etag = (await packument(a)).headers.get("etag");
    world.setPackument(a, undefined);
    expect(await (await packument(a)).text()).not.toBe(before); // a newer _rev: the document changed twice
    expect((await packument(a)).headers.get("etag")).not.toBe(etag);
    expect(((await (await packument(a)).json()) as { name: string }).name).toBe(a);
  });

  it("removePackage takes one package out of the registry and its search", async () => {
    const name = published().at(-1) ?? "";
    world.removePackage(name);
    expect((await packument(name)).status).toBe(404);
    expect(await listed()).not.toContain(name);
  });
});

describe("world.editRepoAnswer", () => {
  const query = (owner: string, name: string) =>
    JSON.stringify({
      query: `query { r0: repository(owner: ${JSON.stringify(owner)}, name: ${JSON.stringify(name)}) { nameWithOwner stargazerCount owner { login } } }`,
    });

  it("rewrites GitHub's GraphQL node past the schema, and its REST object", async () => {
    const [repo, other] = [...world.github.index.values()];
    if (!repo || !other) throw new Error("world too small");
    world.editRepoAnswer("github", `${repo.owner}/${repo.name}`, (node, api) =>
      api === "graphql" ? { ...node, stargazerCount: 1.5, owner: { login: "a b" } } : { ...node, stargazers_count: "12" },
    );
    const headers = { authorization: "bearer t", "content-type": "application/json" };
    const answer = async (r: typeof repo) =>
      (await (await fetch(`${github.url}/graphql`, { method: "POST", headers, body: query(r.owner, r.name) })).json()) as {
        data: { r0: Record<string, unknown> };
      };
    expect((await answer(repo)).data.r0).toEqual({
      nameWithOwner: `${repo.owner}/${repo.name}`,
      stargazerCount: 1.5,
      owner: { login: "a b" },
    });
    expect((await answer(other)).data.r0["stargazerCount"]).toBe(other.stars);
    const rest = (await (await fetch(`${github.url}/repos/${repo.owner}/${repo.name}`)).json()) as Record<string, unknown>;
    expect(rest["stargazers_count"]).toBe("12");
    world.editRepoAnswer("github", `${repo.owner}/${repo.name}`, () => undefined);
    expect((await answer(repo)).data).toEqual({});
  });

  it("rewrites GitLab's GraphQL nodes and REST object", async () => {
    const project = [...world.gitlab.index.values()][0];
    if (!project) throw new Error("world too small");
    const fullPath = `${project.namespace.fullPath}/${project.path}`;
    world.editRepoAnswer("gitlab", fullPath, (node) => ({ ...node, starCount: -1, star_count: 1e300 }));
    const body = JSON.stringify({
      query: "query($p: [String!]) { projects(fullPaths: $p) { nodes { fullPath starCount } } }",
      variables: { p: [fullPath] },
    });
    const graphql = (await (
      await fetch(`${gitlab.url}/api/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body })
    ).json()) as {
      data: { projects: { nodes: Record<string, unknown>[] } };
    };
    expect(graphql.data.projects.nodes).toEqual([{ fullPath, starCount: -1, star_count: 1e300 }]);
    const rest = (await (await fetch(`${gitlab.url}/api/v4/projects/${encodeURIComponent(fullPath)}`)).json()) as Record<string, unknown>;
    expect(rest["star_count"]).toBe(1e300);
  });
});
