/** The world's facts of contract sections 11 and 12: every shape the fetch must handle appears, in the real places. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorld,
  type PackageRecord,
  type RunningFake,
  startFakeGitHub,
  startFakeGitLab,
  startFakeRegistry,
  type World,
} from "./index.js";
import { packumentOf } from "./packument.js";

function count(world: World, test: (pkg: PackageRecord) => boolean): number {
  return [...world.packages()].filter(test).length;
}

describe("package facts", () => {
  const world = createWorld({ packages: 1000, seed: 5 });

  it("every shape appears: node ranges, both host-range fields, invalid ones, install scripts, provenance, release candidates", () => {
    const shapes = {
      nodeRange: count(world, (p) => typeof p.facts.engines?.["node"] === "string"),
      nodeRangeNotString: count(world, (p) => typeof p.facts.engines?.["node"] === "number"),
      hostField: count(world, (p) => typeof p.facts.nodeRed?.version === "string"),
      hostFieldInvalid: count(world, (p) => p.facts.nodeRed?.version === "latest" || typeof p.facts.nodeRed?.version === "number"),
      hostEngine: count(world, (p) => p.facts.engines?.["node-red"] !== undefined && p.facts.nodeRed === undefined),
      postinstall: count(world, (p) => p.facts.scripts?.["postinstall"] !== undefined),
      emptyPreinstall: count(world, (p) => p.facts.scripts?.["preinstall"] === ""),
      hasInstallScript: count(world, (p) => p.facts.hasInstallScript === true),
      provenance: count(world, (p) => p.facts.provenance),
      releaseCandidate: count(world, (p) => p.versions.some((v) => v.version.endsWith("-rc.1"))),
    };
    for (const [shape, n] of Object.entries(shapes)) expect(n, shape).toBeGreaterThan(0);
  });

  it("are written into every manifest the real way: engines, node-red, scripts, hasInstallScript, dist.attestations", () => {
    const pkg = [...world.packages()].find((p) => p.facts.provenance && p.facts.nodeRed && !p.unpublished && p.facts.scripts);
    if (pkg === undefined) throw new Error("the world lacks such a package");
    const doc = packumentOf(pkg, () => "") as { versions: Record<string, Record<string, unknown>>; "dist-tags": { latest: string } };
    const manifest = doc.versions[doc["dist-tags"].latest] ?? {};
    expect(manifest["node-red"]).toEqual(pkg.facts.nodeRed);
    expect(manifest["scripts"]).toEqual(pkg.facts.scripts);
    expect((manifest["dist"] as { attestations?: { url: string } }).attestations?.url).toMatch(/\/-\/npm\/v1\/attestations\//);
  });

  it("a release candidate is published before its release, which stays latest", () => {
    const pkg = [...world.packages()].find((p) => p.versions.some((v) => v.version.endsWith("-rc.1")));
    const rc = pkg?.versions.at(-2);
    const latest = pkg?.versions.at(-1);
    expect(rc?.version).toBe(`${latest?.version}-rc.1`);
    expect(Date.parse(rc?.time ?? "")).toBeLessThan(Date.parse(latest?.time ?? ""));
  });
});

describe("the host package", () => {
  const world = createWorld({ packages: 20, seed: 5, host: { name: "node-red", versions: 400 } });
  const host = world.get("node-red");

  it("has its versions, prereleases, and dist-tags latest (a release) and next (a later beta)", () => {
    expect(host?.versions).toHaveLength(400);
    expect(host?.versions.some((v) => v.version.includes("-beta."))).toBe(true);
    const doc = packumentOf(host as PackageRecord, () => "") as { "dist-tags": Record<string, string>; versions: Record<string, unknown> };
    expect(doc["dist-tags"]["next"]).toBe(host?.versions.at(-1)?.version);
    expect(doc["dist-tags"]["latest"]).not.toContain("-");
    expect(Object.keys(doc.versions)).toHaveLength(400);
  });

  it("is not listed by the catalog's keyword; publishVersion moves the tags it names", () => {
    expect(host?.keywords).not.toContain("acme-plugin");
    world.publishVersion("node-red", "9.0.0", ["latest", "next"]);
    const doc = packumentOf(world.get("node-red") as PackageRecord, () => "") as { "dist-tags": Record<string, string> };
    expect(doc["dist-tags"]).toEqual({ latest: "9.0.0", next: "9.0.0" });
  });
});

describe("the fakes answer the facts in the real shapes", () => {
  let world: World;
  let github: RunningFake;
  let gitlab: RunningFake;
  let registry: RunningFake;

  beforeAll(async () => {
    world = createWorld({ packages: 600, seed: 41 });
    [github, gitlab, registry] = await Promise.all([startFakeGitHub({ world }), startFakeGitLab({ world }), startFakeRegistry({ world })]);
  });
  afterAll(() => Promise.all([github.close(), gitlab.close(), registry.close()]));

  const post = async (url: string, body: unknown) =>
    (await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "bearer t" },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { data: Record<string, unknown> };

  it("GitHub GraphQL: url, isArchived, pushedAt, defaultBranchRef (null when empty), issues without pull requests", async () => {
    const repos = [...world.github.index.values()];
    const empty = repos.find((r) => r.defaultBranch === null);
    const full = repos.find((r) => r.defaultBranch !== null && r.openIssues > 0 && r.openPullRequests > 0);
    if (empty === undefined || full === undefined) throw new Error("the world lacks an empty repository or one with issues");
    const fields = "url isArchived pushedAt defaultBranchRef { name } issues(states: OPEN) { totalCount }";
    const query = `query { a: repository(owner: "${empty.owner}", name: "${empty.name}") { ${fields} } b: repository(owner: "${full.owner}", name: "${full.name}") { ${fields} } }`;
    const { data } = await post(`${github.url}/graphql`, { query });
    expect(data["a"]).toEqual({
      url: `https://github.com/${empty.owner}/${empty.name}`,
      isArchived: empty.archived,
      pushedAt: null,
      defaultBranchRef: null,
      issues: { totalCount: empty.openIssues },
    });
    expect(data["b"]).toEqual({
      url: `https://github.com/${full.owner}/${full.name}`,
      isArchived: full.archived,
      pushedAt: full.pushedAt,
      defaultBranchRef: { name: full.defaultBranch },
      issues: { totalCount: full.openIssues },
    });
    const rest = (await fetch(`${github.url}/repos/${full.owner}/${full.name}`).then((r) => r.json())) as Record<string, unknown>;
    expect(rest).toMatchObject({
      html_url: `https://github.com/${full.owner}/${full.name}`,
      pushed_at: full.pushedAt,
      default_branch: full.defaultBranch,
    });
    expect(rest["open_issues_count"]).toBe(full.openIssues + full.openPullRequests);
  });

  it("GitLab: openIssuesCount null and no open_issues_count when issues are off; repository.rootRef; lastActivityAt", async () => {
    const projects = [...world.gitlab.index.values()];
    const off = projects.find((p) => !p.issuesEnabled);
    if (off === undefined) throw new Error("the world lacks a project with issues off");
    const fullPath = `${off.namespace.fullPath}/${off.path}`;
    const query =
      "query($paths: [String!]) { projects(fullPaths: $paths) { nodes { webUrl archived openIssuesCount lastActivityAt repository { rootRef } } } }";
    const { data } = await post(`${gitlab.url}/api/graphql`, { query, variables: { paths: [fullPath] } });
    expect((data["projects"] as { nodes: unknown[] }).nodes).toEqual([
      {
        webUrl: `https://gitlab.com/${fullPath}`,
        archived: off.archived,
        openIssuesCount: null,
        lastActivityAt: off.lastActivityAt,
        repository: { rootRef: off.defaultBranch },
      },
    ]);
    const rest = (await fetch(`${gitlab.url}/api/v4/projects/${encodeURIComponent(fullPath)}`).then((r) => r.json())) as Record<
      string,
      unknown
    >;
    expect(rest).not.toHaveProperty("open_issues_count");
    expect(rest).toMatchObject({
      web_url: `https://gitlab.com/${fullPath}`,
      last_activity_at: off.lastActivityAt,
      default_branch: off.defaultBranch,
      issues_enabled: false,
    });
  });

  it("the registry's search answers setDownloads and a test's rewrite of one result", async () => {
    type Page = { objects: { package: { name: string }; downloads: unknown; dependents: unknown }[] };
    const search = async () =>
      new Map(
        ((await fetch(`${registry.url}/-/v1/search?text=keywords:acme-plugin&size=250`).then((r) => r.json())) as Page).objects.map((o) => [
          o.package.name,
          o,
        ]),
      );
    const [first, second] = [...(await search()).keys()].filter((name) => !world.get(name)?.unpublished);
    if (first === undefined || second === undefined) throw new Error("empty world");
    world.setDownloads(first, { weekly: 12, monthly: 50, dependents: 3 });
    world.editSearchResult(second, (result) => ({ ...result, dependents: -1, downloads: "many" }));
    const byName = await search();
    expect(byName.get(first)).toMatchObject({ downloads: { weekly: 12, monthly: 50 }, dependents: "3" });
    expect(byName.get(second)).toMatchObject({ downloads: "many", dependents: -1 });
  });
});
