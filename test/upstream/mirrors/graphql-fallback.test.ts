/** Where a platform serves no GraphQL (or refuses it), its REST API still gives the counts; in an outage it does not. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UpstreamClient } from "../../../src/upstream/http/client.js";
import { readGithubMirrors } from "../../../src/upstream/mirrors/github.js";
import { readGitlabMirrors } from "../../../src/upstream/mirrors/gitlab.js";
import { createWorld, type FakeGitHub, type FakeGitLab, respond, startFakeGitHub, startFakeGitLab } from "../../fakes/index.js";

const world = createWorld({ packages: 120, seed: 33 });
const refs = (host: "github" | "gitlab") =>
  world
    .names()
    .flatMap((name) => world.mirrorsOf(name))
    .filter((m) => m.ref.host === host && m.repo !== undefined);

const client = (baseUrl: string, token?: string) =>
  new UpstreamClient({
    baseUrl,
    concurrency: 4,
    timeoutMs: 5_000,
    retries: 1,
    backoff: { floorMs: 10, baseMs: 10, maxMs: 20 },
    ...(token ? { headers: { authorization: `bearer ${token}`, "private-token": token } } : {}),
  });

describe("GraphQL missing", () => {
  let github: FakeGitHub;
  let gitlab: FakeGitLab;
  beforeAll(async () => {
    github = await startFakeGitHub({ world, faults: [{ match: { path: "/graphql" }, action: respond(404, { message: "Not Found" }) }] });
    gitlab = await startFakeGitLab({
      world,
      faults: [{ match: { path: "/api/graphql" }, action: respond(404, { message: "404 Not Found" }) }],
    });
  });
  afterAll(() => Promise.all([github.close(), gitlab.close()]));

  it("GitHub falls back to REST and reads the right counts", async () => {
    const wanted = refs("github").slice(0, 12);
    const outcomes = await readGithubMirrors(
      wanted.map((m) => m.ref.path),
      { client: client(github.url, "tok3n"), hasToken: true },
    );
    for (const { ref, repo } of wanted)
      expect(outcomes.get(ref.path)).toMatchObject({ kind: "found", stars: repo!.stars, forks: repo!.forks });
  });

  it("GitLab falls back to REST and reads the right counts", async () => {
    const wanted = refs("gitlab").slice(0, 12);
    const outcomes = await readGitlabMirrors(
      wanted.map((m) => m.ref.path),
      { client: client(gitlab.url) },
    );
    for (const { ref, repo } of wanted)
      expect(outcomes.get(ref.path)).toMatchObject({ kind: "found", stars: repo!.stars, forks: repo!.forks });
  });
});

describe("GitLab outage", () => {
  let gitlab: FakeGitLab;
  beforeAll(async () => {
    gitlab = await startFakeGitLab({ world, faults: [{ action: respond(503, "down") }] });
  });
  afterAll(() => gitlab.close());

  it("is not retried project by project through REST: every mirror is unavailable today", async () => {
    const wanted = refs("gitlab").slice(0, 12);
    const outcomes = await readGitlabMirrors(
      wanted.map((m) => m.ref.path),
      { client: client(gitlab.url) },
    );
    for (const { ref } of wanted) expect(outcomes.get(ref.path)?.kind).toBe("unavailable");
    expect(gitlab.stats.requests).toBeLessThanOrEqual(2);
  });
});
