/**
 * One pause per upstream host (docs/API.md#data-sources): once a host says
 * "rate limited" — GitHub's GraphQL `RATE_LIMITED`, a storm of 429s with
 * `Retry-After` from the registry — no request goes to it before the announced
 * reset, including requests that were queued, waiting or retrying when the limit
 * was seen. A reset further away than the build may wait ends that platform's
 * reads for the day: its mirrors keep their last known counts and the report
 * says why. Real CLI against the fakes, at a scale where several GraphQL batches
 * and packument requests are in flight at once; asserted on what the fakes saw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, exhaustGraphqlQuota, StayAwayLog, tooManyRequestsStorm, type World } from "../fakes/index.js";
import { expectedCatalog, repoKey } from "./expected.js";
import type { CliResult, Site, Upstreams } from "./support.js";
import { describeRun, packumentName, readSite, runBuild, Scratch, writeConfig } from "./support.js";

const TOKENS = { GITHUB_TOKEN: "ghp_rate_limits_test", GITLAB_TOKEN: "glpat-rate-limits-test" };
const CONFIG = { keywords: ["acme-plugin"] };
/** Fakes answer after this long, so that concurrent requests overlap at the fake as they do on the wire. */
const LATENCY_MS = 20;
/**
 * A request arriving this soon after a limit was announced was on its way before
 * the client could know: the answer still had to reach it and be read, and the
 * fakes (in this process) to take the next request in. The CLI and the test
 * runner share two cores, so either may lag by a few hundred ms; a client that
 * ignored the limit would keep asking through the whole 2 s.
 */
const GRACE_MS = LATENCY_MS + 500;
const FAKES = { registry: { latencyMs: LATENCY_MS }, github: { latencyMs: LATENCY_MS }, gitlab: { latencyMs: LATENCY_MS } };

const scratch = new Scratch();

interface LimitedRun {
  up: Upstreams;
  log: StayAwayLog;
  result: CliResult;
  site: Site | undefined;
  out: string;
  /** Most requests the fake was answering at once during this build. */
  maxInFlight: number;
}

/** A first build during which GitHub's GraphQL quota runs out at the second request and resets about 2 s later. */
async function graphqlLimitedRun(world: World): Promise<LimitedRun> {
  const up = await scratch.upstreamsFor(world, FAKES);
  const log = new StayAwayLog();
  up.github.faults.add(log.recorder());
  exhaustGraphqlQuota(up.github, log, { after: 1, resetInMs: 2_000 });
  const dir = await scratch.dir();
  const out = `${dir}/site`;
  const result = await runBuild(up, await writeConfig(dir, CONFIG), out, [], { env: TOKENS });
  return { up, log, result, out, site: result.code === 0 ? await readSite(out) : undefined, maxInFlight: up.github.stats.maxInFlight };
}

/** A first build whose registry answers ten packument requests in a row with 429 and `Retry-After: 2`. */
async function registryStormRun(world: World): Promise<LimitedRun> {
  const up = await scratch.upstreamsFor(world, FAKES);
  const log = new StayAwayLog();
  up.registry.faults.add(log.recorder());
  tooManyRequestsStorm(up.registry, log, { where: (req) => packumentName(req.path) !== undefined, after: 40, count: 10, retryAfterS: 2 });
  const dir = await scratch.dir();
  const out = `${dir}/site`;
  const result = await runBuild(up, await writeConfig(dir, CONFIG), out, [], { env: TOKENS });
  return { up, log, result, out, site: result.code === 0 ? await readSite(out) : undefined, maxInFlight: up.registry.stats.maxInFlight };
}

let world: World;
let stormWorld: World;
let graphql: LimitedRun;
let storm: LimitedRun;
/** Day 2 after `graphql`'s build, with GitHub's quota spent until an hour from now. */
let spent: { result: CliResult; site: Site | undefined; githubRequests: number; arrivals: number[]; limitedAt: number };

beforeAll(async () => {
  // 800 packages: about 600 GitHub repositories, six GraphQL batches of 100, two in flight at once,
  // so that four are still queued when the limit is announced.
  world = createWorld({ packages: 800, seed: 71 });
  stormWorld = createWorld({ packages: 200, seed: 72 });
  // One after the other: the fakes' clock readings are only as good as this process's event loop is idle.
  graphql = await graphqlLimitedRun(world);
  storm = await registryStormRun(stormWorld);
  if (graphql.result.code !== 0) return;

  const { up } = graphql;
  const limitedAt = Date.now();
  up.github.graphqlBudget.exhaustUntil(limitedAt + 3_600_000);
  up.github.stats.reset();
  const before = up.log.github.length;
  const dir = await scratch.dir();
  const result = await runBuild(up, await writeConfig(dir, CONFIG), `${dir}/site`, ["--previous", graphql.out], { env: TOKENS });
  spent = {
    result,
    site: result.code === 0 ? await readSite(`${dir}/site`) : undefined,
    githubRequests: up.github.stats.requests,
    arrivals: up.log.github.slice(before).map((r) => r.at),
    limitedAt,
  };
}, 90_000);

afterAll(() => scratch.cleanup());

describe("GitHub's GraphQL quota runs out mid-run, reset 2 s later", () => {
  it("the build succeeds with every GitHub count read today (the limit is waited out)", () => {
    expect(graphql.result.code, describeRun(graphql.result)).toBe(0);
    expect(graphql.site?.report.mirrors.github).toMatchObject({ keptPrevious: 0, unreadNoPrevious: 0 });
    expect(graphql.site?.report.mirrors.github.found).toBeGreaterThan(500);
  });

  it("several GraphQL batches were in flight at once (the shared pause is what is under test)", () => {
    expect(graphql.maxInFlight).toBeGreaterThanOrEqual(2);
    expect(graphql.up.log.github.filter((r) => r.path === "/graphql").length).toBeGreaterThanOrEqual(6);
  });

  it("no request reached GitHub between the limit and its reset, beyond those already on their way", () => {
    const [window] = graphql.log.windows;
    expect(graphql.log.windows).toHaveLength(1);
    expect(graphql.log.violations(GRACE_MS)).toEqual([]);
    // Only what was in flight when the limit was announced (the client's concurrency, 2) can arrive
    // before the reset, however fast; a client that let the queued batches go would send all of them.
    const inWindow = graphql.log.arrivals.filter((at) => window !== undefined && at >= window.from && at < window.until);
    expect(inWindow.length).toBeLessThanOrEqual(2);
    // The batches held back (the limited one again, and those queued) were sent after the reset.
    expect(graphql.log.arrivals.filter((at) => window !== undefined && at >= window.until).length).toBeGreaterThanOrEqual(4);
  });

  it("the report counts the pause and its length", () => {
    const { pauses, pausedMs } = graphql.site?.report.rateLimits.github ?? { pauses: 0, pausedMs: 0 };
    expect(pauses).toBeGreaterThanOrEqual(1);
    expect(pausedMs).toBeGreaterThanOrEqual(1_000);
    expect(pausedMs).toBeLessThanOrEqual(3_500);
    expect(graphql.result.stdout).toMatch(/rate limits: GitHub paused/);
  });
});

describe("the registry answers ten packument requests in a row with 429, Retry-After: 2", () => {
  it("the build succeeds with every member", () => {
    expect(storm.result.code, describeRun(storm.result)).toBe(0);
    expect(storm.site?.plugins.length).toBe(expectedCatalog(stormWorld, CONFIG).members.size);
  });

  it("every 429 fired, and each limited packument was asked again: ten retries", () => {
    expect(storm.log.windows).toHaveLength(10);
    expect(storm.site?.report.retries.registry).toBe(10);
    expect(storm.maxInFlight).toBeGreaterThanOrEqual(4);
  });

  it("no request reached the registry before the announced Retry-After had passed, beyond those already on their way", () => {
    expect(storm.log.violations(GRACE_MS)).toEqual([]);
  });

  it("the whole host paused, and the report says so", () => {
    expect(storm.site?.report.rateLimits.registry.pauses).toBeGreaterThanOrEqual(1);
    expect(storm.site?.report.rateLimits.registry.pausedMs).toBeGreaterThanOrEqual(1_500);
  });
});

describe("day 2 with GitHub's GraphQL quota spent until an hour from now (beyond the build's 5-minute budget)", () => {
  it("the build succeeds promptly: it does not wait out the hour", () => {
    expect(spent.result.code, describeRun(spent.result)).toBe(0);
    expect(spent.result.ms).toBeLessThan(40_000);
  });

  it("GitHub is asked nothing after the limit was announced, beyond what was already on its way", () => {
    expect(spent.githubRequests).toBeLessThanOrEqual(2);
    const first = spent.arrivals[0] ?? spent.limitedAt;
    expect(spent.arrivals.filter((at) => at > first + GRACE_MS)).toEqual([]);
  });

  it("every GitHub mirror keeps yesterday's counts, and the report says why", () => {
    const report = spent.site?.report;
    const pairs = [...expectedCatalog(world, CONFIG).members.values()].reduce(
      (sum, plugin) => sum + new Set(plugin.repos.filter((r) => r.host === "github").map(repoKey)).size,
      0,
    );
    expect(report?.mirrors.github.found).toBe(0);
    expect(report?.mirrors.github.keptPrevious).toBeGreaterThanOrEqual(pairs);
    expect(report?.platformsDown.github).toMatch(/beyond the 300 s this build may wait/);
    expect(report?.platformsDown.gitlab).toBeUndefined();
    expect(spent.result.stdout).toMatch(/GitHub given up: .*beyond the 300 s/);
    for (const plugin of spent.site?.plugins ?? []) {
      expect(plugin.totalStars, plugin.npmName).toBe(graphql.site?.byName.get(plugin.npmName)?.totalStars);
    }
  });
});
