/**
 * Issues 27, 28 and 29 point "untrusted input", end to end — the facts of contract
 * section 11 from upstream values of every wrong type and size, one package per case,
 * mixed into ordinary ones, through the real `build --config` against the fakes: every
 * record stays within the bounds (test/upstream/hostile.ts checks the facts' too), each
 * malformed value falls back on its own, and the report counts what fell back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnapshotPlugin as RecordWithFacts } from "../../src/snapshot/schema.js";
import { createWorld, type PackageRecord, type World } from "../fakes/index.js";
import { codePoints, type RawSite, readRawSite, siteProblems } from "./hostile.js";
import { describeRun, runBuild, Scratch, writeConfig } from "./support.js";

const KEYWORD = "acme-plugin";
const TOKENS = { GITHUB_TOKEN: "ghp_hostile_facts", GITLAB_TOKEN: "glpat-hostile-facts" };
const GH = "hostile-gh";

type Doc = Record<string, unknown>;

/** The latest version's manifest of a generated packument. */
function latest(doc: Doc): Doc {
  const version = (doc["dist-tags"] as { latest: string }).latest;
  return (doc["versions"] as Record<string, Doc>)[version] as Doc;
}

interface Fixture {
  readonly id: string;
  apply(world: World, pkg: PackageRecord): void;
}

const FIXTURES: Fixture[] = [
  {
    id: "100,000 dated versions",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        const versions = doc["versions"] as Doc;
        const time = doc["time"] as Doc;
        const now = Date.now();
        for (let i = 0; i < 100_000; i++) {
          versions[`0.0.${i}`] = {};
          time[`0.0.${i}`] = new Date(now - i * 60_000).toISOString();
        }
        return doc;
      }),
  },
  {
    id: "versions and times of every wrong type",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        const versions = doc["versions"] as Doc;
        const time = doc["time"] as Doc;
        const odd: [string, unknown][] = [
          [`1.0.0-${"x".repeat(100_000)}`, "2024-01-01T00:00:00.000Z"],
          ["\u0007\u0000", "2024-01-02T00:00:00.000Z"],
          ["\ud800lone", "2024-01-03T00:00:00.000Z"],
          ["number-time", 1_700_000_000_000],
          ["object-time", { at: "2024-01-01" }],
          ["null-time", null],
          ["far-future", "+275760-09-13T00:00:00.000Z"],
          ["long-time", `2024-01-01T00:00:00.000Z${" ".repeat(100_000)}`],
        ];
        for (const [version, at] of odd) {
          versions[version] = {};
          time[version] = at;
        }
        return doc;
      }),
  },
  {
    id: "engines, scripts, provenance and host ranges of every wrong type",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        const manifest = latest(doc);
        manifest["engines"] = { node: `>=1 ${"\u0000≥".repeat(100_000)}`, "node-red": { toString: ">=1" } };
        manifest["node-red"] = { version: `>=1 ${"|| >=2 ".repeat(100)}` };
        manifest["scripts"] = { postinstall: {}, install: ["node x.js"], preinstall: 1 };
        manifest["hasInstallScript"] = "true";
        manifest["dist"] = { ...(manifest["dist"] as Doc), attestations: [] };
        return doc;
      }),
  },
  {
    id: "search counts of every wrong type",
    apply: (world, pkg) =>
      world.editSearchResult(pkg.name, (result) => ({
        ...result,
        downloads: { weekly: 1e300, monthly: "9".repeat(1_000) },
        dependents: JSON.parse('{"__proto__": 5}') as unknown,
      })),
  },
  {
    id: "GitHub answers every fact malformed",
    apply: (world, pkg) => {
      const path = `${GH}/facts`;
      world.github.create(path, { stars: 7, forks: 3, archived: false, description: "", createdAt: "2020-01-01T00:00:00Z" });
      world.editRepoAnswer("github", path, (node, api) =>
        api === "graphql"
          ? {
              ...node,
              url: "javascript:alert(1)",
              isArchived: "yes",
              issues: { totalCount: 1e300 },
              pushedAt: "x".repeat(100_000),
              defaultBranchRef: { name: "main\u0000" },
            }
          : node,
      );
      world.setPackument(pkg.name, (doc) => {
        Object.assign(latest(doc), { repository: `github:${path}`, homepage: "https://example.org/", bugs: undefined });
        return doc;
      });
    },
  },
];

const scratch = new Scratch();
let site: RawSite;
const hostile = new Map<string, string>();

beforeAll(async () => {
  const world = createWorld({ packages: 30, seed: 2729, keywords: [KEYWORD] });
  const chosen = [...world.packages()].filter((pkg) => !pkg.unpublished && !pkg.deprecated).slice(-FIXTURES.length);
  chosen.forEach((pkg, i) => {
    const fixture = FIXTURES[i];
    if (fixture === undefined) return;
    fixture.apply(world, pkg);
    hostile.set(fixture.id, pkg.name);
  });
  const up = await scratch.upstreamsFor(world);
  const dir = await scratch.dir();
  const config = await writeConfig(dir, {
    keywords: [KEYWORD],
    compatibility: { host: "node-red", ranges: ["node-red.version", "engines.node-red"] },
  });
  const result = await runBuild(up, config, `${dir}/site`, [], { env: TOKENS, timeoutMs: 60_000 });
  if (result.code !== 0) throw new Error(`the build failed: ${describeRun(result)}`);
  site = await readRawSite(`${dir}/site`);
}, 90_000);

afterAll(() => scratch.cleanup());

const fullRecordOf = (id: string) =>
  site.snapshot.plugins.find((p) => p.npmName === hostile.get(id)) as unknown as RecordWithFacts | undefined;

describe("a catalog with one package per hostile case of the facts", () => {
  it("keeps every record within every bound, and every hostile package a member", () => {
    expect(siteProblems(site)).toEqual({});
    for (const [id, name] of hostile)
      expect(
        site.snapshot.plugins.some((p) => p.npmName === name),
        id,
      ).toBe(true);
  });
});

describe("each hostile case", () => {
  it("100,000 dated versions: all counted, the 10 latest listed, the last year's times capped at 10,000", () => {
    const releases = fullRecordOf("100,000 dated versions")?.releases;
    expect(releases?.count).toBeGreaterThan(100_000);
    expect(releases?.recent).toHaveLength(10);
    expect(releases?.recent[0]?.version).toBe("0.0.0");
    expect(releases?.times).toHaveLength(10_000);
  });

  it("versions and times of every wrong type: only well-dated versions count, cleaned and cut", () => {
    const releases = fullRecordOf("versions and times of every wrong type")?.releases;
    const versions = releases?.recent.map((r) => r.version) ?? [];
    expect(versions).toContain("\ufffdlone");
    expect(versions).not.toContain("number-time");
    expect(versions).not.toContain("far-future");
    expect(versions.find((v) => v.startsWith("1.0.0-x"))).toHaveLength(256);
    expect(versions.some((v) => v === "" || v.includes("\u0007"))).toBe(false);
  });

  it("engines, scripts and provenance of every wrong type: the node range cleaned and cut, no host range, no trust", () => {
    const record = fullRecordOf("engines, scripts, provenance and host ranges of every wrong type");
    expect(codePoints(record?.engines?.node ?? "")).toBe(256);
    expect(record?.engines?.node).toMatch(/^>=1 ≥+…$/);
    expect(record?.engines?.host).toBeNull();
    expect(record?.trust).toEqual({ provenance: false, installScripts: false });
  });

  it("search counts of every wrong type: 0 (no earlier value), and the report counts the result", () => {
    const record = fullRecordOf("search counts of every wrong type");
    expect(record?.downloads).toMatchObject({ lastWeek: 0, lastMonth: 0 });
    expect(record?.dependents).toBe(0);
    expect(site.report.countsFellBack).toBe(1);
  });

  it("GitHub answers every fact malformed: the counts stand, no fact is kept, the report says one mirror kept old facts", () => {
    const [mirror] = fullRecordOf("GitHub answers every fact malformed")?.mirrors ?? [];
    expect(mirror?.stars).toBe(7);
    expect(Object.keys(mirror ?? {}).sort()).toEqual(["checkedAt", "forks", "names", "owner", "path", "platform", "stars"]);
    expect(site.report.mirrors.github.partial).toBe(1);
  });

  it("the host's packument is not found: compat is left without versions, and the report says so", () => {
    expect(site.report.host).toMatchObject({ package: "node-red", outcome: "unread", versions: 0 });
  });
});
