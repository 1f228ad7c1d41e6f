/**
 * Outages detected once (docs/API.md#data-sources): after a few transient
 * failures in a row against one host, that host counts as down for the rest of
 * the build. A whole-GitHub or whole-GitLab outage costs a handful of requests
 * and seconds, the build succeeds, the mirrors there keep yesterday's counts and
 * the report and summary say the platform was down. A registry that goes down
 * mid-run fails the build fast, with one line, leaving the previous site as it was.
 *
 * Day 1 is a clean build; overnight every repository gains stars; day 2 runs
 * against fresh fakes over the same world with one host answering 503 to
 * everything (GitHub and GitLab at the same time, in separate builds).
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, outage, outageAfter, type World } from "../fakes/index.js";
import { type ExpectedPlugin, expectedCatalog, repoKey } from "./expected.js";
import {
  type BuildReport,
  buildDayOne,
  type CliResult,
  describeRun,
  expectOneLineFailure,
  hashTree,
  packumentName,
  readSite,
  runBuild,
  Scratch,
  type Site,
  writeConfig,
} from "./support.js";

const TOKENS = { GITHUB_TOKEN: "ghp_outages_test", GITLAB_TOKEN: "glpat-outages-test" };
const CONFIG = { keywords: ["acme-plugin"] };
const STAR_GAIN = 100;

const scratch = new Scratch();

interface PlatformDownRun {
  result: CliResult;
  site: Site | undefined;
  /** Requests the down host received. */
  requests: number;
}

interface RegistryDownRun {
  result: CliResult;
  before: Map<string, string>;
  after: Map<string, string>;
  /** Requests the registry answered 503. */
  refused: number;
  report: BuildReport | undefined;
}

let world: World;
let day1: Site;
let day1Ms: number;
let members: ExpectedPlugin[];
let githubDown: PlatformDownRun;
let gitlabDown: PlatformDownRun;
let registryDown: RegistryDownRun;

/** Day 2 with `--previous day1` into a fresh --out, against fresh fakes over `world` whose `host` answers 503 to everything. */
async function platformDownRun(host: "github" | "gitlab", previous: string): Promise<PlatformDownRun> {
  const up = await scratch.upstreamsFor(world);
  up[host].faults.add(outage());
  const dir = await scratch.dir();
  const config = await writeConfig(dir, CONFIG);
  const result = await runBuild(up, config, `${dir}/site`, ["--previous", previous], { env: TOKENS });
  return { result, site: result.code === 0 ? await readSite(`${dir}/site`) : undefined, requests: up[host].stats.requests };
}

/** Day 1 of its own world; overnight 150 packages publish; on day 2 the registry goes down after 20 packument requests. */
async function registryDownRun(): Promise<RegistryDownRun> {
  const registryWorld = createWorld({ packages: 300, seed: 83 });
  const { up, dir, config, out } = await buildDayOne(scratch, registryWorld, CONFIG, TOKENS);
  for (const name of registryWorld
    .names()
    .filter((n) => !registryWorld.get(n)?.unpublished)
    .slice(0, 150))
    registryWorld.bumpVersion(name);
  const before = await hashTree(out);
  up.registry.faults.add(outageAfter(20, (req) => packumentName(req.path) !== undefined));
  const reportFile = `${dir}/report.json`;
  const result = await runBuild(up, config, out, ["--report", reportFile], { env: TOKENS, timeoutMs: 90_000 });
  const report = await readFile(reportFile, "utf8").then(
    (text) => JSON.parse(text) as BuildReport,
    () => undefined,
  );
  return { result, before, after: await hashTree(out), refused: up.registry.stats.byStatus["503"] ?? 0, report };
}

beforeAll(async () => {
  // 500 packages: about 380 GitHub repositories (four GraphQL batches, two in flight) and 80 GitLab projects (two batches).
  world = createWorld({ packages: 500, seed: 81 });
  const [first, registry] = await Promise.all([buildDayOne(scratch, world, CONFIG, TOKENS, "day1"), registryDownRun()]);
  registryDown = registry;
  day1 = await readSite(first.out);
  day1Ms = first.first.ms;
  members = [...expectedCatalog(world, CONFIG).members.values()];
  // Overnight every repository gains stars: a mirror that was read today shows it, one that kept yesterday's counts does not.
  const seen = new Set<string>();
  for (const repo of members.flatMap((plugin) => plugin.repos)) {
    if (seen.has(repoKey(repo))) continue;
    seen.add(repoKey(repo));
    const path = repo.host === "github" ? `${repo.repo.owner}/${repo.repo.name}` : `${repo.repo.namespace.fullPath}/${repo.repo.path}`;
    world.setStars(repo.host, path, repo.repo.stars + STAR_GAIN, repo.repo.forks);
  }
  [githubDown, gitlabDown] = await Promise.all([platformDownRun("github", first.out), platformDownRun("gitlab", first.out)]);
}, 120_000);

afterAll(() => scratch.cleanup());

/** Members whose every mirror is on `host` (at least one). */
function onlyOn(host: "github" | "gitlab"): ExpectedPlugin[] {
  return members.filter((plugin) => plugin.repos.length > 0 && plugin.repos.every((repo) => repo.host === host));
}

/** (member, existing repository) pairs on `host`: the mirrors that must keep yesterday's counts. */
function pairsOn(host: "github" | "gitlab"): number {
  return members.reduce((sum, plugin) => sum + new Set(plugin.repos.filter((repo) => repo.host === host).map(repoKey)).size, 0);
}

describe.each([
  ["GitHub", "github", () => githubDown],
  ["GitLab", "gitlab", () => gitlabDown],
] as const)("%s down for the whole of day 2", (name, host, run) => {
  const other = host === "github" ? "gitlab" : "github";

  it("the build succeeds", () => {
    expect(run().result.code, describeRun(run().result)).toBe(0);
  });

  it(`costs at most 20 requests to ${name} (it takes a few failures in a row to decide)`, () => {
    expect(run().requests).toBeGreaterThanOrEqual(5);
    expect(run().requests).toBeLessThanOrEqual(20);
  });

  it("costs at most 30 s: the mirrors phase ends soon after the outage is seen", () => {
    const report = run().site?.report;
    expect(report?.phasesMs["mirrors"]).toBeLessThan(30_000);
    expect(run().result.ms).toBeLessThan(day1Ms + 30_000);
  });

  it(`every ${name} mirror keeps yesterday's counts; ${other === "github" ? "GitHub" : "GitLab"} is read today`, () => {
    const report = run().site?.report;
    expect(report?.mirrors[host].found).toBe(0);
    expect(report?.mirrors[host].keptPrevious).toBe(pairsOn(host));
    expect(report?.mirrors[other].found).toBeGreaterThan(0);
    expect(report?.mirrors[other].keptPrevious).toBe(0);
    const wrong: string[] = [];
    for (const plugin of onlyOn(host)) {
      const got = run().site?.byName.get(plugin.npmName)?.totalStars;
      if (got !== day1.byName.get(plugin.npmName)?.totalStars) wrong.push(`${plugin.npmName}: ${String(got)}`);
    }
    for (const plugin of onlyOn(other)) {
      const got = run().site?.byName.get(plugin.npmName)?.totalStars;
      const today = plugin.totalStars + STAR_GAIN * new Set(plugin.repos.map(repoKey)).size;
      if (got !== today) wrong.push(`${plugin.npmName}: ${String(got)}, expected today's ${today}`);
    }
    expect(onlyOn(host).length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it("the report and the summary say the platform was down, and why", () => {
    const report = run().site?.report;
    expect(report?.platformsDown[host]).toMatch(/^down: \d+ requests in a row failed, the last with HTTP 503/);
    expect(report?.platformsDown[other]).toBeUndefined();
    expect(report?.platformsDown.registry).toBeUndefined();
    expect(run().result.stdout).toMatch(new RegExp(`^${name} given up: down: .*HTTP 503.*last known counts`, "m"));
  });
});

describe("the registry goes down mid-run (after 20 of 150 changed packuments)", () => {
  it("fails the build within 60 s with one line naming the registry and why", () => {
    const line = expectOneLineFailure(registryDown.result);
    expect(line).toMatch(/npm registry cannot be read: down: \d+ requests in a row failed, the last with HTTP 503/);
    expect(registryDown.result.ms).toBeLessThan(60_000);
  });

  it("stops asking once the outage is seen: a round of concurrent requests and their retries, not one per package", () => {
    expect(registryDown.refused).toBeGreaterThanOrEqual(17);
    expect(registryDown.refused).toBeLessThanOrEqual(40);
  });

  it("leaves the previous site byte for byte as it was", () => {
    expect(registryDown.after).toEqual(registryDown.before);
  });

  it("still writes the report (--report), saying the registry was down", () => {
    expect(registryDown.report?.platformsDown.registry).toMatch(/in a row failed/);
    expect(registryDown.result.stdout).toMatch(/^registry given up: /m);
  });
});
