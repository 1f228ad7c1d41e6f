/**
 * Issue bullet 4 (and the 304 part of bullet 7) — an incremental rebuild: after
 * 2% of the members published a new version, the next build (same --out, which
 * holds yesterday's site) reads only those packuments and picks the changes up;
 * slugs stay the same day to day (docs/API.md#slugs). A third build whose
 * search answers carry no `updated` must ask conditionally and count the 304s it gets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, mapJson, type World } from "../fakes/index.js";
import { builtFields, type ExpectedCatalog, expectedCatalog, publicFields } from "./expected.js";
import {
  type CatalogConfigFile,
  type CliResult,
  describeRun,
  makeTempDir,
  packumentName,
  readSite,
  removeDir,
  runBuild,
  SEARCH_PATH,
  type Site,
  startUpstreams,
  type Upstreams,
  writeConfig,
} from "./support.js";

const TOKENS = { GITHUB_TOKEN: "ghp_incremental_test_token" };
const CONFIG: CatalogConfigFile = { keywords: ["acme-plugin"] };

let world: World;
let up: Upstreams;
let dir: string | undefined;
let day1: Site;
let day2Run: CliResult;
let day2: Site | undefined;
let day2Expected: ExpectedCatalog;
let bumped: string[];
let starred: { name: string; stars: number };
let day2Packuments: string[];
let day2Stats: { requests: number; notModified: number };
let day3Run: CliResult;
let day3: Site | undefined;
let day3NotModified = 0;
let day3Packuments: string[];

beforeAll(async () => {
  world = createWorld({ packages: 150, seed: 51 });
  up = await startUpstreams(world);
  dir = await makeTempDir();
  const config = await writeConfig(dir, CONFIG);
  const out = `${dir}/site`;
  const first = await runBuild(up, config, out, [], { env: TOKENS });
  if (first.code !== 0) throw new Error(`day 1 failed: ${describeRun(first)}`);
  day1 = await readSite(out);

  // Overnight: 2% of the members publish a new version; one repository gains stars.
  const members = [...expectedCatalog(world, CONFIG).members.values()];
  const count = Math.max(1, Math.round(members.length * 0.02));
  bumped = members
    .filter((_, i) => i % Math.floor(members.length / count) === 3)
    .slice(0, count)
    .map((p) => p.npmName);
  for (const name of bumped) world.bumpVersion(name);
  const withGithub = members.find((p) => !bumped.includes(p.npmName) && p.repos.length === 1 && p.repos[0]?.host === "github");
  const repo = withGithub?.repos[0];
  if (!withGithub || repo?.host !== "github") throw new Error("seed lacks a GitHub-only plugin");
  world.setStars("github", `${repo.repo.owner}/${repo.repo.name}`, repo.repo.stars + 1234);
  starred = { name: withGithub.npmName, stars: repo.repo.stars };

  up.log.registry.length = 0;
  up.registry.stats.reset();
  day2Run = await runBuild(up, config, out, [], { env: TOKENS });
  day2 = day2Run.code === 0 ? await readSite(out) : undefined;
  day2Expected = expectedCatalog(world, CONFIG);
  day2Packuments = up.log.registry.map((r) => packumentName(r.path)).filter((n): n is string => n !== undefined);
  day2Stats = { requests: up.registry.stats.requests, notModified: up.registry.stats.notModified };

  // Day 3: nothing changed, but the search answers lack `updated`: only a conditional GET can tell.
  up.log.registry.length = 0;
  up.registry.stats.reset();
  up.registry.faults.add({
    match: { path: SEARCH_PATH },
    action: mapJson((json) => {
      const objects = (json as { objects?: Record<string, unknown>[] }).objects ?? [];
      for (const object of objects) delete object["updated"];
      return json;
    }),
  });
  day3Run = await runBuild(up, config, out, [], { env: TOKENS });
  day3 = day3Run.code === 0 ? await readSite(out) : undefined;
  day3NotModified = up.registry.stats.notModified;
  day3Packuments = up.log.registry.map((r) => packumentName(r.path)).filter((n): n is string => n !== undefined);
}, 90_000);

afterAll(async () => {
  await up?.close();
  await removeDir(dir);
});

describe("day 2 after 2% of the members changed", () => {
  it("succeeds", () => {
    expect(bumped.length).toBeGreaterThanOrEqual(2);
    expect(day2Run.code, describeRun(day2Run)).toBe(0);
  });

  it("reads the packument of every changed member, and of no unchanged member", () => {
    const unchangedMembers = [...day1.byName.keys()].filter((n) => !bumped.includes(n));
    for (const name of bumped) expect(day2Packuments, name).toContain(name);
    expect(day2Packuments.filter((n) => unchangedMembers.includes(n))).toEqual([]);
  });

  it("reads only the changed packuments (listed packages excluded yesterday and unchanged since are not read again either)", () => {
    const extra = [...new Set(day2Packuments)].filter((n) => !bumped.includes(n));
    const why = extra.map(
      (n) =>
        `${n} (${day2Expected.deprecated.includes(n) ? "deprecated" : day2Expected.unpublished.includes(n) ? "unpublished" : "member"})`,
    );
    expect(why, "packuments read although unchanged since yesterday").toEqual([]);
    expect([...new Set(day2Packuments)].sort()).toEqual([...bumped].sort());
  });

  it("the report says so: the unchanged members reused, none failed", () => {
    const report = day2?.report;
    expect(report?.packuments.reused).toBe(day1.plugins.length - bumped.length);
    expect(report?.packuments.failed).toBe(0);
    expect(report?.packuments.fetched).toBe(new Set(day2Packuments).size);
    expect(report?.packuments.notModified).toBe(day2Stats.notModified);
    expect(report?.requests.registry).toBe(day2Stats.requests);
  });

  it("picks the changes up: new version and updatedAt for the bumped ones, new stars", () => {
    for (const name of bumped) {
      const pkg = world.get(name);
      expect(day2?.byName.get(name)?.version).toBe(pkg?.versions.at(-1)?.version);
      expect(day2?.byName.get(name)?.updatedAt).toBe(pkg?.versions.at(-1)?.time);
      expect(day2?.byName.get(name)?.version).not.toBe(day1.byName.get(name)?.version);
    }
    expect(day2?.byName.get(starred.name)?.totalStars).toBe((day1.byName.get(starred.name)?.totalStars ?? 0) + 1234);
  });

  it("bumped members' records equal what the world says today", () => {
    for (const name of bumped) {
      const want = day2Expected.members.get(name);
      const got = day2?.byName.get(name);
      expect(got && builtFields(got), name).toEqual(want && publicFields(want));
    }
  });

  it("unchanged members' records are yesterday's, but for the repository that gained stars", () => {
    for (const plugin of day1.plugins) {
      if (bumped.includes(plugin.npmName) || plugin.npmName === starred.name) continue;
      const got = day2?.byName.get(plugin.npmName);
      expect(got && builtFields(got), plugin.npmName).toEqual(builtFields(plugin));
    }
    expect(day2?.plugins.length).toBe(day2Expected.members.size);
  });

  it("slugs are the same day to day", () => {
    for (const plugin of day1.plugins) expect(day2?.byName.get(plugin.npmName)?.slug, plugin.npmName).toBe(plugin.slug);
  });
});

describe("day 3: search answers without `updated` (conditional GETs)", () => {
  it("succeeds and asks every member's packument conditionally, getting 304s", () => {
    expect(day3Run.code, describeRun(day3Run)).toBe(0);
    for (const name of day2?.byName.keys() ?? []) expect(day3Packuments, name).toContain(name);
    expect(day3NotModified).toBe(day2?.plugins.length);
  });

  it("the report's 304 count equals the 304s the registry fake sent", () => {
    expect(day3?.report.packuments.notModified).toBe(day3NotModified);
  });

  it("nothing changed in the catalog", () => {
    expect(day3?.plugins.map((p) => JSON.stringify(builtFields(p)))).toEqual(day2?.plugins.map((p) => JSON.stringify(builtFields(p))));
  });
});
