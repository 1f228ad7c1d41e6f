import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mirror, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { createWorld, type PackageRecord, respond, type World } from "../fakes/index.js";
import { type ExpectedCatalog, expectedCatalog, type Repo, reposOf } from "./expected.js";
import { expectedEngines, expectedHost, expectedReleases, expectedRepoFacts, expectedTrust, timesWithinYear } from "./expected-facts.js";
import { type BuiltSnapshot, buildDayOne, type DayOne, describeRun, packumentOf, readBuiltSnapshot, runBuild, Scratch } from "./support.js";

const HOST = "node-red";
const RANGES = ["node-red.version", "engines.node-red"];
const CONFIG = { keywords: ["acme-plugin"], compatibility: { host: HOST, ranges: RANGES }, siteUrl: "https://plugins.example.org/" };
const TOKENS = { GITHUB_TOKEN: "ghp_facts_test", GITLAB_TOKEN: "glpat-facts-test" };
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** The mirror of `plugin` that is `repo` today. */
function mirrorOf(plugin: SnapshotPlugin | undefined, repo: Repo): Mirror | undefined {
  const path = repo.host === "github" ? `${repo.repo.owner}/${repo.repo.name}` : `${repo.repo.namespace.fullPath}/${repo.repo.path}`;
  return plugin?.mirrors.find((m) => m.platform === repo.host && m.path === path);
}

const scratch = new Scratch();
let world: World;
let expected: ExpectedCatalog;
let one: DayOne;
let day1: BuiltSnapshot;
let day2: BuiltSnapshot;
let day3: BuiltSnapshot;
/** Members the test changes, chosen before day one. */
const chosen = { longReadme: "", downloads: "", malformedCounts: "", malformedRepo: "", changedRepo: "", day3Downloads: "" };
let malformedRepo: Repo;
let changedRepo: Repo;
let hostOnDayOne: ReturnType<typeof expectedHost>;
/** What the world said on day one (the later days change it). */
const onDayOne = new Map<
  string,
  { weekly: number; dependents: number; repos: { repo: Repo; facts: ReturnType<typeof expectedRepoFacts> }[] }
>();

function members(): PackageRecord[] {
  return [...expected.members.keys()].map((name) => world.get(name) as PackageRecord);
}

beforeAll(async () => {
  // The world's "now" is today's, so that some releases fall in the last year.
  world = createWorld({ packages: 160, seed: 23, epoch: new Date().toISOString(), host: { name: HOST, versions: 320 } });
  expected = expectedCatalog(world, CONFIG);
  const names = members().map((p) => p.name);
  const githubOnly = members().filter((p) => reposOf(world, p.name).length === 1 && reposOf(world, p.name)[0]?.host === "github");
  const [a, b] = githubOnly;
  if (a === undefined || b === undefined) throw new Error("the world lacks members with one GitHub repository; change the seed");
  [chosen.longReadme, chosen.downloads, chosen.malformedCounts, chosen.day3Downloads] = names.slice(3, 7) as [
    string,
    string,
    string,
    string,
  ];
  chosen.malformedRepo = a.name;
  chosen.changedRepo = b.name;
  malformedRepo = reposOf(world, a.name)[0] as Repo;
  changedRepo = reposOf(world, b.name)[0] as Repo;
  world.setPackument(chosen.longReadme, (doc) => ({ ...doc, readme: `# Long\n${"word ".repeat(20_000)}` }));
  // More than 10 versions, so that `recent` is cut.
  for (let i = 0; i < 11; i++) world.bumpVersion(names[8] ?? "");

  one = await buildDayOne(scratch, world, CONFIG, TOKENS);
  day1 = await readBuiltSnapshot(one.out);
  hostOnDayOne = expectedHost(world);
  for (const pkg of members()) {
    const repos = reposOf(world, pkg.name).map((repo) => ({ repo, facts: expectedRepoFacts(repo) }));
    onDayOne.set(pkg.name, { weekly: pkg.weeklyDownloads, dependents: pkg.dependents, repos });
  }

  world.setDownloads(chosen.downloads, { weekly: 77_777, monthly: 300_001, dependents: 42 });
  world.editSearchResult(chosen.malformedCounts, (result) => ({ ...result, downloads: { weekly: -5, monthly: 1.5 }, dependents: "12a" }));
  const malformedPath = `${(malformedRepo.repo as { owner: string }).owner}/${(malformedRepo.repo as { name: string }).name}`;
  world.editRepoAnswer("github", malformedPath, (node, api) =>
    api === "graphql"
      ? { ...node, isArchived: "yes", issues: { totalCount: -3 }, defaultBranchRef: { name: 42 }, stargazerCount: 4321 }
      : node,
  );
  const changedPath = `${(changedRepo.repo as { owner: string }).owner}/${(changedRepo.repo as { name: string }).name}`;
  world.setRepoFacts("github", changedPath, { archived: true, openIssues: 999, defaultBranch: "trunk" });
  const second = await runBuild(one.up, one.config, one.out, [], { env: TOKENS });
  if (second.code !== 0) throw new Error(`day two's build failed: ${describeRun(second)}`);
  day2 = await readBuiltSnapshot(one.out);

  // Day three: GitHub and GitLab answer nonsense, the host's packument too; the world moves on regardless.
  world.setRepoFacts("github", changedPath, { archived: false, openIssues: 1 });
  world.setDownloads(chosen.day3Downloads, { weekly: 5_555 });
  world.publishVersion(HOST, "99.0.0");
  const faults = [
    one.up.github.faults.add({ match: { path: "/graphql" }, action: respond(200, "<html>Unicorn</html>") }),
    one.up.gitlab.faults.add({ match: { path: "/api/graphql" }, action: respond(200, { data: null }) }),
    one.up.gitlab.faults.add({ match: { path: "/api/v4" }, action: respond(200, "<html>Unicorn</html>") }),
    one.up.registry.faults.add({ match: packumentOf(HOST), action: respond(200, "{ not json") }),
  ];
  const third = await runBuild(one.up, one.config, one.out, [], { env: TOKENS });
  for (const fault of faults) fault.remove();
  if (third.code !== 0) throw new Error(`day three's build failed: ${describeRun(third)}`);
  day3 = await readBuiltSnapshot(one.out);
}, 120_000);

afterAll(() => scratch.cleanup());

describe("the world has every shape the rules name (guards against a vacuous pass)", () => {
  it("host ranges in both fields and invalid ones, node ranges, provenance, install scripts, archived and empty repositories, GitLab issues off", () => {
    const all = members();
    const repos = all.flatMap((p) => reposOf(world, p.name));
    const shapes = {
      hostRangeInItsField: all.some((p) => expectedEngines(p, RANGES).host !== null && p.facts.nodeRed !== undefined),
      hostRangeInEngines: all.some((p) => expectedEngines(p, RANGES).host !== null && p.facts.nodeRed === undefined),
      firstPathInvalid: all.some((p) => p.facts.nodeRed !== undefined && expectedEngines(p, RANGES).host === p.facts.engines?.["node-red"]),
      nodeRange: all.some((p) => expectedEngines(p, RANGES).node !== null),
      provenance: all.some((p) => expectedTrust(p).provenance),
      installScripts: all.some((p) => expectedTrust(p).installScripts),
      manyVersions: all.some((p) => p.versions.length > 10),
      archived: repos.some((r) => r.repo.archived),
      emptyRepository: repos.some((r) => r.repo.defaultBranch === null),
      gitlabIssuesOff: repos.some((r) => r.host === "gitlab" && !r.repo.issuesEnabled),
    };
    expect(Object.entries(shapes).filter(([, found]) => !found)).toEqual([]);
  });
});

describe("day one: every fact as the world has it", () => {
  it("downloads and dependents from the search result; a history of one week, dated by the build's day", () => {
    const wrong: string[] = [];
    for (const pkg of members()) {
      const got = day1.byName.get(pkg.name);
      const lastWeek = onDayOne.get(pkg.name)?.weekly;
      const want = {
        downloads: {
          lastWeek,
          lastMonth: Math.round((lastWeek ?? Number.NaN) * 4.3),
          weekly: [{ date: day1.snapshot.generatedAt.slice(0, 10), count: lastWeek }],
        },
        dependents: onDayOne.get(pkg.name)?.dependents,
      };
      if (JSON.stringify({ downloads: got?.downloads, dependents: got?.dependents }) !== JSON.stringify(want)) wrong.push(pkg.name);
    }
    expect(wrong).toEqual([]);
    expect(day1.report.countsFellBack).toBe(0);
  });

  it("releases: the dated versions counted, the 10 latest newest first, the times of the year before the read", () => {
    const builtAt = Date.parse(day1.snapshot.generatedAt);
    let withTimes = 0;
    for (const pkg of members()) {
      const got = day1.byName.get(pkg.name)?.releases;
      const want = expectedReleases(pkg);
      expect(got?.count, pkg.name).toBe(want.count);
      expect(got?.recent, pkg.name).toEqual(want.recent);
      // The packument was read a little before the build's time: a minute either side of the year's edge is left alone.
      const sure = timesWithinYear(want.all, builtAt - 60_000).filter((t) => Date.parse(t) > builtAt - YEAR_MS + 60_000);
      for (const time of sure) expect(got?.times, pkg.name).toContain(time);
      for (const time of got?.times ?? []) expect(Date.parse(time)).toBeGreaterThanOrEqual(builtAt - YEAR_MS - 60_000);
      if ((got?.times.length ?? 0) > 0) withTimes++;
    }
    expect(withTimes).toBeGreaterThan(5);
  });

  it("engines and trust from the latest manifest", () => {
    for (const pkg of members()) {
      const got = day1.byName.get(pkg.name);
      expect(got?.engines, pkg.name).toEqual(expectedEngines(pkg, RANGES));
      expect(got?.trust, pkg.name).toEqual(expectedTrust(pkg));
    }
  });

  it("readmeCut: only the README over 65,536 code points, whose head the snapshot keeps", () => {
    expect(day1.snapshot.plugins.filter((p) => p.readmeCut === true).map((p) => p.npmName)).toEqual([chosen.longReadme]);
    expect(day1.byName.get(chosen.longReadme)?.readme).toHaveLength(65_536);
  });

  it("each repository's URL, archived flag, open issues, last push and default branch, as GraphQL reads them", () => {
    let checked = 0;
    for (const pkg of members()) {
      for (const { repo, facts: want } of onDayOne.get(pkg.name)?.repos ?? []) {
        const mirror = mirrorOf(day1.byName.get(pkg.name), repo);
        const facts = mirror && {
          url: mirror.url,
          archived: mirror.archived,
          openIssues: mirror.openIssues,
          pushedAt: mirror.pushedAt,
          defaultBranch: mirror.defaultBranch,
        };
        expect(facts, `${pkg.name} ${repo.host}`).toEqual(want);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(day1.report.mirrors.github.partial + day1.report.mirrors.gitlab.partial).toBe(0);
  });

  it("the host's versions (newest first) and dist-tags, when they were read, and the site URL, at the snapshot's top", () => {
    expect(day1.snapshot.compatibility).toMatchObject({ host: HOST, ranges: RANGES, ...hostOnDayOne });
    expect(hostOnDayOne.distTags["next"]).toContain("-beta.");
    const readAt = Date.parse(day1.snapshot.compatibility?.readAt ?? "");
    expect(readAt).toBeGreaterThanOrEqual(Date.parse(day1.report.startedAt));
    expect(readAt).toBeLessThanOrEqual(Date.parse(day1.snapshot.generatedAt));
    expect(day1.snapshot.siteUrl).toBe(CONFIG.siteUrl);
    expect(day1.report.host).toMatchObject({ package: HOST, outcome: "read", versions: 320 });
  });
});

describe("day two: changes picked up, each malformed value falls back on its own", () => {
  it("new counts are taken; the history's entry of the same week is replaced, a new week's appended", () => {
    const got = day2.byName.get(chosen.downloads);
    const sameWeek = mondayOf(day1.snapshot.generatedAt) === mondayOf(day2.snapshot.generatedAt);
    expect(got?.downloads?.lastWeek).toBe(77_777);
    expect(got?.downloads?.lastMonth).toBe(300_001);
    expect(got?.dependents).toBe(42);
    const today = { date: day2.snapshot.generatedAt.slice(0, 10), count: 77_777 };
    expect(got?.downloads?.weekly).toEqual(sameWeek ? [today] : [...(day1.byName.get(chosen.downloads)?.downloads?.weekly ?? []), today]);
  });

  it("counts the registry sent malformed keep yesterday's values, and the report counts the result", () => {
    const before = day1.byName.get(chosen.malformedCounts);
    const got = day2.byName.get(chosen.malformedCounts);
    expect(got?.downloads?.lastWeek).toBe(before?.downloads?.lastWeek);
    expect(got?.downloads?.lastMonth).toBe(before?.downloads?.lastMonth);
    expect(got?.dependents).toBe(before?.dependents);
    expect(day2.report.countsFellBack).toBe(1);
  });

  it("repository facts answered malformed keep yesterday's, the well-formed ones and the counts are today's", () => {
    const before = mirrorOf(day1.byName.get(chosen.malformedRepo), malformedRepo);
    const got = mirrorOf(day2.byName.get(chosen.malformedRepo), malformedRepo);
    expect(got).toMatchObject({
      stars: 4321,
      archived: before?.archived,
      openIssues: before?.openIssues,
      defaultBranch: before?.defaultBranch,
    });
    expect(got?.url).toBe(before?.url);
    expect(day2.report.mirrors.github.partial).toBeGreaterThanOrEqual(1);
    expect(day2.report.mirrors.github.keptPrevious).toBe(0);
  });

  it("changed repository facts are today's", () => {
    expect(mirrorOf(day2.byName.get(chosen.changedRepo), changedRepo)).toMatchObject({
      archived: true,
      openIssues: 999,
      defaultBranch: "trunk",
    });
  });

  it("the host's packument is asked conditionally: unchanged (304), its versions kept, read again now", () => {
    expect(day2.report.host).toMatchObject({ package: HOST, outcome: "unchanged", versions: 320 });
    expect(day2.snapshot.compatibility?.versions).toEqual(day1.snapshot.compatibility?.versions);
    expect(day2.snapshot.compatibility?.readAt).toBe(day2.report.host?.readAt);
    expect(Date.parse(day2.snapshot.compatibility?.readAt ?? "")).toBeGreaterThan(Date.parse(day1.snapshot.compatibility?.readAt ?? ""));
  });
});

describe("day three: GitHub, GitLab and the host's packument unreadable", () => {
  it("the build succeeds with today's counts from the registry", () => {
    expect(day3.byName.get(chosen.day3Downloads)?.downloads?.lastWeek).toBe(5_555);
  });

  it("every mirror keeps all of day two's values, and the report counts them", () => {
    for (const [name, plugin] of day3.byName) {
      const strip = (m: Mirror) => ({ ...m, checkedAt: undefined });
      expect(plugin.mirrors.map(strip), name).toEqual(day2.byName.get(name)?.mirrors.map(strip));
    }
    expect(mirrorOf(day3.byName.get(chosen.changedRepo), changedRepo)).toMatchObject({ archived: true, openIssues: 999 });
    const kept = day3.report.mirrors.github.keptPrevious + day3.report.mirrors.gitlab.keptPrevious;
    expect(kept).toBeGreaterThan(50);
    expect(day3.report.mirrors.github.found + day3.report.mirrors.gitlab.found).toBe(0);
  });

  it("the host's versions, tags and read time stay day two's; the report says they were kept, and why", () => {
    const { readAt: _a, ...compatibility } = day3.snapshot.compatibility ?? { host: "", ranges: [] };
    const { readAt: _b, ...before } = day2.snapshot.compatibility ?? { host: "", ranges: [] };
    expect(compatibility).toEqual(before);
    expect(day3.snapshot.compatibility?.versions).not.toContain("99.0.0");
    expect(day3.snapshot.compatibility?.readAt).toBe(day2.snapshot.compatibility?.readAt);
    expect(day3.report.host).toMatchObject({ package: HOST, outcome: "kept", versions: 320, readAt: day2.snapshot.compatibility?.readAt });
    expect(day3.report.host?.reason).toMatch(/JSON/);
  });
});

/** The Monday (UTC) of the ISO week of a timestamp, as a day number. */
function mondayOf(timestamp: string): number {
  const days = Math.floor(Date.parse(timestamp) / DAY_MS);
  return days - ((((days + 3) % 7) + 7) % 7);
}
