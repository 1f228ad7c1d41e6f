/**
 * Issue bullet 6 — the command line (tokens from GITHUB_TOKEN and GITLAB_TOKEN
 * only, never printed or written) and docs/API.md#data-sources (GitHub through
 * GraphQL, batched, REST only as a fallback; within its rate limits).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, respond } from "../fakes/index.js";
import { type ExpectedCatalog, expectedCatalog } from "./expected.js";
import {
  type CatalogConfigFile,
  type CliResult,
  describeRun,
  readSite,
  readTree,
  runBuild,
  Scratch,
  SEARCH_PATH,
  type Site,
  type Upstreams,
  writeConfig,
} from "./support.js";

const GITHUB_TOKEN = "fake-github-token.RECOGNIZABLE.0123";
const GITLAB_TOKEN = "fake-gitlab-token.RECOGNIZABLE.9876";
const CONFIG: CatalogConfigFile = { keywords: ["acme-plugin"] };
const REST_ROUTES = ["GET /repos/:owner/:repo", "GET /repositories/:id"];

const started = new Scratch();

/** A fresh directory with the config in it. */
async function scratch(): Promise<{ dir: string; config: string }> {
  const dir = await started.dir();
  return { dir, config: await writeConfig(dir, CONFIG) };
}

function leaks(text: string | Buffer): string[] {
  const s = typeof text === "string" ? text : text.toString("latin1");
  return [GITHUB_TOKEN, GITLAB_TOKEN, "fake-github-token", "fake-gitlab-token"].filter((t) => s.includes(t));
}

afterAll(() => started.cleanup());

describe("with GITHUB_TOKEN and GITLAB_TOKEN set", () => {
  let up: Upstreams;
  let result: CliResult;
  let files: Map<string, Buffer>;
  let failed: CliResult;
  let rejected: CliResult;

  beforeAll(async () => {
    up = await started.upstreamsFor(createWorld({ packages: 80, seed: 61 }));
    const { dir, config } = await scratch();
    const env = { GITHUB_TOKEN, GITLAB_TOKEN };
    result = await runBuild(up, config, `${dir}/site`, [], { env });
    files = result.code === 0 ? await readTree(`${dir}/site`) : new Map();

    // A GitHub that refuses the token, and a build that fails outright with --verbose: still no token in any output.
    const refusing = await started.upstreamsFor(createWorld({ packages: 20, seed: 62 }), {
      github: { validTokens: ["some-other-token"] },
      gitlab: { validTokens: ["some-other-token"] },
    });
    const second = await scratch();
    rejected = await runBuild(refusing, second.config, `${second.dir}/site`, ["--verbose"], { env });
    const third = await scratch();
    const broken = await started.upstreamsFor(createWorld({ packages: 5, seed: 63 }));
    broken.registry.faults.add({ match: { path: SEARCH_PATH }, action: respond(400, { error: `bad token ${"x".repeat(4)}` }) });
    failed = await runBuild(broken, third.config, `${third.dir}/site`, ["--verbose"], { env });
  }, 60_000);

  it("the build succeeds", () => {
    expect(result.code, describeRun(result)).toBe(0);
  });

  it("GitHub received the GitHub token and GitLab the GitLab token", () => {
    expect(up.github.credentials.has(GITHUB_TOKEN)).toBe(true);
    expect(up.gitlab.credentials.has(GITLAB_TOKEN)).toBe(true);
  });

  it("no upstream received a token that is not its own", () => {
    expect(up.registry.credentials.has(GITHUB_TOKEN)).toBe(false);
    expect(up.registry.credentials.has(GITLAB_TOKEN)).toBe(false);
    expect(up.registry.credentials.count).toBe(0);
    expect(up.github.credentials.has(GITLAB_TOKEN)).toBe(false);
    expect(up.gitlab.credentials.has(GITHUB_TOKEN)).toBe(false);
  });

  it("with a token, GitHub is read through GraphQL", () => {
    expect(up.github.stats.byRoute["POST /graphql"] ?? 0).toBeGreaterThan(0);
    for (const route of REST_ROUTES) expect(up.github.stats.byRoute[route] ?? 0, route).toBe(0);
  });

  it("neither token appears on stdout or stderr", () => {
    expect(leaks(result.stdout)).toEqual([]);
    expect(leaks(result.stderr)).toEqual([]);
  });

  it("neither token appears in any file of the built site", () => {
    expect(files.size).toBeGreaterThan(0);
    const leaking = [...files].filter(([, bytes]) => leaks(bytes).length > 0).map(([path]) => path);
    expect(leaking).toEqual([]);
  });

  it("nor in the output of a build whose tokens the upstreams refuse (--verbose)", () => {
    expect(rejected.code, describeRun(rejected)).toBe(0);
    expect(leaks(rejected.stdout + rejected.stderr)).toEqual([]);
  });

  it("nor in the output of a failing build with --verbose", () => {
    expect(failed.code, describeRun(failed)).toBe(1);
    expect(leaks(failed.stdout + failed.stderr)).toEqual([]);
  });
});

describe("without GITHUB_TOKEN", () => {
  let up: Upstreams;
  let result: CliResult;
  let site: Site | undefined;
  let expected: ExpectedCatalog;

  beforeAll(async () => {
    const world = createWorld({ packages: 80, seed: 64 });
    // A generous unauthenticated REST quota, so every repository can be read one by one.
    up = await started.upstreamsFor(world, { github: { restLimits: { authenticated: 5000, unauthenticated: 5000 } } });
    const { dir, config } = await scratch();
    result = await runBuild(up, config, `${dir}/site`, [], { env: { GITLAB_TOKEN } });
    site = result.code === 0 ? await readSite(`${dir}/site`) : undefined;
    expected = expectedCatalog(world, CONFIG);
  }, 60_000);

  it("the build succeeds", () => {
    expect(result.code, describeRun(result)).toBe(0);
  });

  it("GitHub is read through REST, never GraphQL, and sent no credentials", () => {
    expect(up.github.stats.byRoute["GET /repos/:owner/:repo"] ?? 0).toBeGreaterThan(0);
    expect(up.github.stats.byRoute["POST /graphql"] ?? 0).toBe(0);
    expect(up.github.credentials.count).toBe(0);
  });

  it("the counts read through REST are right (renamed repositories followed through the 301)", () => {
    const wrong: string[] = [];
    for (const [name, want] of expected.members) {
      const got = site?.byName.get(name);
      if (!got || got.totalStars !== want.totalStars || got.totalForks !== want.totalForks) {
        wrong.push(`${name}: got ${String(got?.totalStars)}/${String(got?.totalForks)}, expected ${want.totalStars}/${want.totalForks}`);
      }
    }
    expect(wrong.slice(0, 10), `${wrong.length} wrong`).toEqual([]);
    expect(up.github.stats.byRoute["GET /repositories/:id"] ?? 0).toBeGreaterThan(0);
  });
});

describe("without GITHUB_TOKEN, past GitHub's unauthenticated REST quota (60 requests)", () => {
  let up: Upstreams;
  let result: CliResult;
  let site: Site | undefined;
  let githubRefs = 0;

  beforeAll(async () => {
    const world = createWorld({ packages: 100, seed: 65 });
    up = await started.upstreamsFor(world);
    const { dir, config } = await scratch();
    result = await runBuild(up, config, `${dir}/site`, [], { timeoutMs: 40_000 });
    site = result.code === 0 ? await readSite(`${dir}/site`) : undefined;
    const names = new Set<string>();
    for (const name of expectedCatalog(world, CONFIG).members.keys()) {
      for (const { ref } of world.mirrorsOf(name)) if (ref.host === "github") names.add(ref.path.toLowerCase());
    }
    githubRefs = names.size;
  }, 60_000);

  it("the world has more GitHub repositories than the quota allows", () => {
    expect(githubRefs).toBeGreaterThan(70);
  });

  it("the build still succeeds, and promptly (it does not wait out the hour)", () => {
    expect(result.code, describeRun(result)).toBe(0);
    expect(result.ms).toBeLessThan(30_000);
  });

  it("the report accounts for every GitHub mirror: found, missing, or unread", () => {
    const g = site?.report.mirrors.github;
    expect((g?.found ?? 0) + (g?.missing ?? 0) + (g?.keptPrevious ?? 0) + (g?.unreadNoPrevious ?? 0)).toBeGreaterThanOrEqual(
      githubRefs - 5,
    );
    expect(g?.unreadNoPrevious ?? 0).toBeGreaterThan(0);
  });

  it("keeps within the rate limit: after GitHub answers 'rate limit exceeded' (remaining 0, reset in an hour) it stops asking", () => {
    const rest = REST_ROUTES.reduce((sum, route) => sum + (up.github.stats.byRoute[route] ?? 0), 0);
    const refused = up.github.stats.byStatus["403"] ?? 0;
    // 60 allowed; allow for the requests already in flight (the client's concurrency) when the first 403 arrived.
    expect(refused, `${rest} REST requests, ${refused} refused with 403`).toBeLessThanOrEqual(4);
  });
});
