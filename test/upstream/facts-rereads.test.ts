/**
 * Issues 27, 28 and 29 — when the facts are read again, and what the report says:
 * over GitHub's REST (no token) open issues keep yesterday's, the rest is today's; a
 * new host release is read (the ETag changed); a change of `compatibility.ranges`
 * re-derives every record; an older snapshot without the facts has every packument read
 * once, its download history carried on; a host never read leaves `compat` without
 * versions, and `report --markdown` says so.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { createWorld, type World } from "../fakes/index.js";
import { expectedCatalog, type Repo, reposOf } from "./expected.js";
import { expectedEngines } from "./expected-facts.js";
import {
  type BuildReport,
  type BuiltSnapshot,
  buildDayOne,
  type CliResult,
  type DayOne,
  describeRun,
  readBuiltSnapshot,
  runBuild,
  runCli,
  Scratch,
  writeConfig,
} from "./support.js";

const HOST = "node-red";
const CONFIG = { keywords: ["acme-plugin"], compatibility: { host: HOST, ranges: ["node-red.version", "engines.node-red"] } };
const TOKENS = { GITHUB_TOKEN: "ghp_rereads_test", GITLAB_TOKEN: "glpat-rereads-test" };
const DAY_MS = 86_400_000;

function succeeded(result: CliResult, day: string): void {
  if (result.code !== 0) throw new Error(`${day}'s build failed: ${describeRun(result)}`);
}

const scratch = new Scratch();
let world: World;
let one: DayOne;
let day1: BuiltSnapshot;
/** Without GITHUB_TOKEN, after a repository's issues and archived flag changed and the host published a release. */
let rest: BuiltSnapshot;
/** With `compatibility.ranges` changed. */
let ranges: BuiltSnapshot;
/** From an older snapshot that has none of the facts. */
let older: BuiltSnapshot;
let historyName = "";
let repo: Repo;
let repoPlugin = "";
let members = 0;

beforeAll(async () => {
  // Few GitHub repositories: REST without a token allows 60 requests an hour.
  world = createWorld({ packages: 36, seed: 7, epoch: new Date().toISOString(), host: { name: HOST, versions: 50 } });
  members = expectedCatalog(world, CONFIG).members.size;
  one = await buildDayOne(scratch, world, CONFIG, TOKENS);
  day1 = await readBuiltSnapshot(one.out);

  const withGithub = [...day1.byName.keys()].find((name) => reposOf(world, name).some((r) => r.host === "github" && r.repo.openIssues > 0));
  if (withGithub === undefined) throw new Error("the world lacks a GitHub repository with open issues; change the seed");
  repoPlugin = withGithub;
  repo = reposOf(world, withGithub).find((r) => r.host === "github") as Repo;
  const path = repo.host === "github" ? `${repo.repo.owner}/${repo.repo.name}` : "";
  world.setRepoFacts("github", path, { openIssues: 4_242, archived: !repo.repo.archived });
  world.publishVersion(HOST, "77.0.0");
  const overRest = await runBuild(one.up, one.config, `${one.dir}/rest`, ["--previous", one.out], {
    env: { GITLAB_TOKEN: TOKENS.GITLAB_TOKEN },
  });
  succeeded(overRest, "the REST day");
  rest = await readBuiltSnapshot(`${one.dir}/rest`);

  const otherRanges = await writeConfig(one.dir, { ...CONFIG, compatibility: { host: HOST, ranges: ["engines.node-red"] } }, "ranges.json");
  succeeded(await runBuild(one.up, otherRanges, `${one.dir}/ranges`, ["--previous", one.out], { env: TOKENS }), "the ranges day");
  ranges = await readBuiltSnapshot(`${one.dir}/ranges`);

  // An older build's snapshot: none of the facts, but a download history of two earlier weeks on one plugin.
  const stripped = structuredClone(day1.snapshot);
  historyName = stripped.plugins[0]?.npmName ?? "";
  const weeksAgo = (weeks: number) => new Date(Date.parse(day1.snapshot.generatedAt) - weeks * 7 * DAY_MS).toISOString().slice(0, 10);
  for (const plugin of stripped.plugins) {
    for (const key of ["releases", "engines", "trust", "downloads", "dependents", "readmeCut"] as const) delete plugin[key];
    if (plugin.npmName === historyName)
      plugin.downloads = { lastWeek: 2, lastMonth: 8, weekly: [1, 2].map((count) => ({ date: weeksAgo(4 - count), count })) };
  }
  delete stripped.compatibility;
  const file = join(one.dir, "older.snapshot.json");
  await writeFile(file, JSON.stringify(stripped));
  succeeded(await runCli(["build", "--snapshot", file, "--out", `${one.dir}/older-site`]), "the older site's");
  succeeded(
    await runBuild(one.up, one.config, `${one.dir}/after-older`, ["--previous", `${one.dir}/older-site`], { env: TOKENS }),
    "the day after the older build",
  );
  older = await readBuiltSnapshot(`${one.dir}/after-older`);
}, 120_000);

afterAll(() => scratch.cleanup());

describe("over GitHub's REST (no token)", () => {
  it("a repository's archived flag is today's, its open issues yesterday's (REST counts pull requests too)", () => {
    const before = day1.byName.get(repoPlugin)?.mirrors.find((m) => m.platform === "github");
    const got = rest.byName.get(repoPlugin)?.mirrors.find((m) => m.platform === "github");
    expect(got?.archived).toBe(repo.repo.archived);
    expect(got?.archived).not.toBe(before?.archived);
    expect(got?.openIssues).toBe(before?.openIssues);
    expect(got?.openIssues).not.toBe(4_242);
  });

  it("the report counts every GitHub mirror read over REST as one that kept some facts", () => {
    expect(rest.report.mirrors.github.found).toBeGreaterThan(0);
    expect(rest.report.mirrors.github.partial).toBe(rest.report.mirrors.github.found);
    expect(rest.report.mirrors.gitlab.partial).toBe(0);
  });

  it("the host's new release is read: its packument changed, so no 304", () => {
    expect(rest.report.host).toMatchObject({ package: HOST, outcome: "read", versions: 51 });
    expect(rest.snapshot.compatibility?.versions?.[0]).toBe("77.0.0");
    expect(rest.snapshot.compatibility?.distTags?.["latest"]).toBe("77.0.0");
  });
});

describe("a change of compatibility.ranges", () => {
  it("re-derives every record: every packument is read again, none reused", () => {
    expect(day1.report.packuments.fetched).toBe(members);
    expect(ranges.report.packuments).toMatchObject({ fetched: members, reused: 0, notModified: 0 });
  });

  it("gives each plugin the host range of the new paths", () => {
    const paths = ["engines.node-red"];
    let differs = 0;
    for (const [name, plugin] of ranges.byName) {
      const pkg = world.get(name);
      if (pkg === undefined) continue;
      expect(plugin.engines?.host, name).toBe(expectedEngines(pkg, paths).host);
      if (plugin.engines?.host !== day1.byName.get(name)?.engines?.host) differs++;
    }
    expect(differs).toBeGreaterThan(0);
    expect(ranges.snapshot.compatibility?.ranges).toEqual(paths);
  });
});

describe("after an older snapshot without the facts", () => {
  it("every packument is read once, and every record has its facts", () => {
    expect(older.report.packuments).toMatchObject({ fetched: members, reused: 0, notModified: 0 });
    for (const plugin of older.snapshot.plugins) {
      expect(plugin.releases, plugin.npmName).toBeDefined();
      expect(plugin.engines, plugin.npmName).toBeDefined();
      expect(plugin.trust, plugin.npmName).toBeDefined();
    }
  });

  it("the download history of earlier weeks goes on, today's appended", () => {
    const weekly = older.byName.get(historyName)?.downloads?.weekly ?? [];
    expect(weekly).toHaveLength(3);
    expect(weekly.slice(0, 2).map((w) => w.count)).toEqual([1, 2]);
    expect(weekly[2]).toEqual({ date: older.snapshot.generatedAt.slice(0, 10), count: older.byName.get(historyName)?.downloads?.lastWeek });
  });

  it("the host's packument, never read before, is read without a validator", () => {
    expect(older.report.host).toMatchObject({ outcome: "read" });
  });
});

describe("a host whose packument was never read", () => {
  let report: BuildReport;
  let snapshot: CatalogSnapshot;
  let markdown: string;

  beforeAll(async () => {
    const config = await writeConfig(
      one.dir,
      { ...CONFIG, compatibility: { host: "no-such-host", ranges: ["engines.no-such-host"] } },
      "nohost.json",
    );
    const out = `${one.dir}/nohost`;
    const reportFile = join(one.dir, "nohost-report.json");
    succeeded(await runBuild(one.up, config, out, ["--report", reportFile], { env: TOKENS }), "the unread host's");
    ({ snapshot, report } = await readBuiltSnapshot(out));
    const markdownFile = join(one.dir, "summary.md");
    const summary = await runCli(["report", reportFile, "--markdown", markdownFile]);
    expect(summary.code, describeRun(summary)).toBe(0);
    markdown = await readFile(markdownFile, "utf8");
  }, 60_000);

  it("leaves the versions, tags and read time absent; the configuration is there", () => {
    expect(snapshot.compatibility).toEqual({ host: "no-such-host", ranges: ["engines.no-such-host"] });
  });

  it("the report says so, and why, in JSON and in the Markdown summary", () => {
    expect(report.host).toMatchObject({ package: "no-such-host", outcome: "unread", versions: 0 });
    expect(report.host?.reason).toMatch(/no package no-such-host/);
    expect(markdown).toMatch(/\| host versions \| no-such-host: unreadable .* never read before/);
    expect(markdown).toMatch(/Warning:.*no-such-host.*never read/);
  });
});
