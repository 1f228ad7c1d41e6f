/**
 * Issue bullets 2 and 7 — docs/API.md#data-sources (rate limits, Retry-After, retries,
 * one bad package never fails the build) and #source-mirrors (a mirror that cannot be
 * read keeps its last known counts; a platform outage does not fail the build and
 * the report says how many kept old counts). Also the build report's counts
 * against what the fakes saw.
 *
 * Two independent scenarios run concurrently (most of their time is spent waiting
 * out backoff), each with its own world and fakes:
 * - "faults": one build through 429s, 502s, hangs, resets, malformed packuments,
 *   a 404, GraphQL RATE_LIMITED, NOT_FOUND, a transferred repository, a GitLab throttle.
 * - "outage": a clean day-1 build, then a day-2 build into a fresh --out with
 *   --previous day-1 while all of GitLab answers 503 (also issue bullet 3's --previous).
 * - "registry outage": issue bullet 3 — the registry answers 503 to the listing:
 *   the build fails and the previous --out is left byte for byte as it was.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorld,
  dropFields,
  type FaultHandle,
  gitlabThrottled,
  hang,
  outage,
  reset,
  respond,
  retypeFields,
  tooManyRequests,
  truncate,
  type World,
} from "../fakes/index.js";
import { type ExpectedCatalog, expectedCatalog, ownerOf, repoKey, reposOf } from "./expected.js";
import {
  allPlugins,
  buildDayOne,
  type CatalogConfigFile,
  type CliResult,
  describeRun,
  expectOneLineFailure,
  hashTree,
  packumentName,
  packumentOf,
  readSite,
  runBuild,
  Scratch,
  SEARCH_PATH,
  type Site,
  serve,
  type Upstreams,
  writeConfig,
} from "./support.js";

const TOKENS = { GITHUB_TOKEN: "ghp_faults_test_token", GITLAB_TOKEN: "glpat-faults-test" };
const CONFIG: CatalogConfigFile = { keywords: ["acme-plugin"], webUiKeywords: ["webapp"] };
const RETRY_AFTER_S = 2;

const scratch = new Scratch();

// ---------------------------------------------------------------------------
// Scenario "faults"
// ---------------------------------------------------------------------------

interface FaultRun {
  world: World;
  up: Upstreams;
  result: CliResult;
  site: Site | undefined;
  expected: ExpectedCatalog;
  targets: {
    pk429: string[];
    pk502: string[];
    pkHang: string[];
    pkReset: string[];
    malformed: string[];
    notFound: string[];
    transferred: { pkg: string; oldOwner: string; newOwner: string };
    deleted: string;
    gitlabRenamed: string;
  };
  handles: {
    transient: FaultHandle[];
    search429: FaultHandle;
    rateLimited: FaultHandle;
    github502: FaultHandle;
    gitlab429: FaultHandle;
    malformed: FaultHandle[];
  };
  authorHits: { newOwner: string[]; oldOwner: string[] };
}

async function faultScenario(): Promise<FaultRun> {
  const world = createWorld({ packages: 120, seed: 21 });
  const before = expectedCatalog(world, CONFIG);
  const members = [...before.members.values()];
  const single = (name: string) => reposOf(world, name).length === 1;
  // Mirror mutations: a transferred GitHub repository (manifest keeps the old name), a deleted one, a renamed GitLab project.
  const transferPkg = members.find(
    (p) =>
      single(p.npmName) &&
      p.repos[0]?.host === "github" &&
      !members.some((q) => q !== p && q.repos.some((r) => repoKey(r) === repoKey(p.repos[0] ?? r))),
  );
  const deletePkg = members.find(
    (p) =>
      p !== transferPkg &&
      single(p.npmName) &&
      p.repos[0]?.host === "github" &&
      p.repos[0].repo.stars > 0 &&
      !members.some((q) => q !== p && q.repos.some((r) => repoKey(r) === repoKey(p.repos[0] ?? r))),
  );
  const gitlabPkg = members.find((p) => single(p.npmName) && p.repos[0]?.host === "gitlab");
  if (!transferPkg || !deletePkg || !gitlabPkg) throw new Error("seed lacks the needed shapes");
  const transferRepo = transferPkg.repos[0];
  const deleteRepo = deletePkg.repos[0];
  const gitlabRepo = gitlabPkg.repos[0];
  if (transferRepo?.host !== "github" || deleteRepo?.host !== "github" || gitlabRepo?.host !== "gitlab") throw new Error("unreachable");
  const oldOwner = transferRepo.repo.owner;
  world.renameRepo("github", `${oldOwner}/${transferRepo.repo.name}`, `TransferCo/${transferRepo.repo.name}-moved`);
  world.deleteRepo("github", `${deleteRepo.repo.owner}/${deleteRepo.repo.name}`);
  world.renameRepo(
    "gitlab",
    `${gitlabRepo.repo.namespace.fullPath}/${gitlabRepo.repo.path}`,
    `${gitlabRepo.repo.namespace.fullPath}/${gitlabRepo.repo.path}-renamed`,
  );

  const mutated = new Set([transferPkg.npmName, deletePkg.npmName, gitlabPkg.npmName]);
  const pool = members.map((p) => p.npmName).filter((n) => !mutated.has(n));
  const take = (from: number, count: number) => pool.slice(from, from + count);
  const targets: FaultRun["targets"] = {
    pk429: take(0, 2),
    pk502: take(2, 3),
    pkHang: take(5, 2),
    pkReset: take(7, 1),
    malformed: take(8, 3),
    notFound: take(11, 1),
    transferred: { pkg: transferPkg.npmName, oldOwner, newOwner: "TransferCo" },
    deleted: deletePkg.npmName,
    gitlabRenamed: gitlabPkg.npmName,
  };

  const up = await scratch.upstreamsFor(world);
  const transient: FaultHandle[] = [];
  const search429 = up.registry.faults.add({ match: { path: SEARCH_PATH }, times: 1, action: tooManyRequests(RETRY_AFTER_S) });
  transient.push(search429);
  for (const name of targets.pk429)
    transient.push(up.registry.faults.add({ match: packumentOf(name), times: 1, action: tooManyRequests(RETRY_AFTER_S) }));
  for (const name of targets.pk502)
    transient.push(up.registry.faults.add({ match: packumentOf(name), times: 1, action: respond(502, "<html>Bad Gateway</html>") }));
  for (const name of targets.pkHang) transient.push(up.registry.faults.add({ match: packumentOf(name), times: 1, action: hang() }));
  for (const name of targets.pkReset) transient.push(up.registry.faults.add({ match: packumentOf(name), times: 1, action: reset() }));
  const [bad, noTags, wrongType] = targets.malformed;
  if (bad === undefined || noTags === undefined || wrongType === undefined) throw new Error("unreachable");
  const malformed = [
    up.registry.faults.add({ match: packumentOf(bad), action: truncate() }),
    up.registry.faults.add({ match: packumentOf(noTags), action: dropFields("dist-tags") }),
    up.registry.faults.add({ match: packumentOf(wrongType), action: retypeFields("time") }),
  ];
  for (const name of targets.notFound) up.registry.faults.add({ match: packumentOf(name), action: respond(404, { error: "Not found" }) });

  const github502 = up.github.faults.add({ match: { path: "/graphql" }, times: 1, action: respond(502, "<html>Bad Gateway</html>") });
  const rateLimited = up.github.faults.add({
    match: { path: "/graphql" },
    times: 1,
    action: respond(
      200,
      { errors: [{ type: "RATE_LIMITED", code: "graphql_rate_limit", message: "API rate limit exceeded for user ID 1." }] },
      {
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-used": "5000",
        "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + 1),
        "x-ratelimit-resource": "graphql",
      },
    ),
  });
  const gitlab429 = up.gitlab.faults.add({ match: { path: "/api/graphql" }, times: 1, action: gitlabThrottled(1) });

  const dir = await scratch.dir();
  const config = await writeConfig(dir, CONFIG);
  const result = await runBuild(up, config, `${dir}/site`, [], { env: TOKENS, timeoutMs: 50_000 });
  const site = result.code === 0 ? await readSite(`${dir}/site`) : undefined;
  const authorHits = { newOwner: [] as string[], oldOwner: [] as string[] };
  if (site) {
    const served = await serve(`${dir}/site`);
    try {
      authorHits.newOwner = (await allPlugins(served, "author=transferco")).plugins.map((p) => String(p["npmName"]));
      authorHits.oldOwner = (await allPlugins(served, `author=${encodeURIComponent(oldOwner)}`)).plugins.map((p) => String(p["npmName"]));
    } finally {
      await served.stop();
    }
  }
  const expected = expectedCatalog(world, CONFIG, { skip: new Set([...targets.malformed, ...targets.notFound]) });
  return {
    world,
    up,
    result,
    site,
    expected,
    targets,
    handles: { transient, search429, rateLimited, github502, gitlab429, malformed },
    authorHits,
  };
}

// ---------------------------------------------------------------------------
// Scenario "outage"
// ---------------------------------------------------------------------------

interface OutageRun {
  day1: CliResult;
  day2: CliResult;
  day1Site: Site | undefined;
  day2Site: Site | undefined;
  day1HashesBefore: Map<string, string>;
  day1HashesAfter: Map<string, string>;
  expected: ExpectedCatalog;
  /** (member, existing GitLab repository) pairs: the mirrors that must keep yesterday's counts. */
  gitlabPairs: number;
  gitlabPlugins: string[];
  bumpedGithubPlugin: string;
  outageFired: number;
}

async function outageScenario(): Promise<OutageRun> {
  const world = createWorld({ packages: 100, seed: 31 });
  const { up, dir, config, first: day1 } = await buildDayOne(scratch, world, CONFIG, TOKENS, "day1");
  const day1Site = await readSite(`${dir}/day1`);
  const day1HashesBefore = await hashTree(`${dir}/day1`);

  // Overnight: every GitLab project and one GitHub repository gain stars.
  const members = [...expectedCatalog(world, CONFIG).members.values()];
  const yesterday = new Map<string, { stars: number; forks: number }>();
  let gitlabPairs = 0;
  const gitlabPlugins: string[] = [];
  for (const p of members) {
    for (const repo of p.repos) {
      if (repo.host !== "gitlab") continue;
      gitlabPairs++;
      if (!gitlabPlugins.includes(p.npmName)) gitlabPlugins.push(p.npmName);
      if (!yesterday.has(repoKey(repo))) {
        yesterday.set(repoKey(repo), { stars: repo.repo.stars, forks: repo.repo.forks });
        world.setStars("gitlab", `${repo.repo.namespace.fullPath}/${repo.repo.path}`, repo.repo.stars + 100, repo.repo.forks + 10);
      }
    }
  }
  const githubOnly = members.find((p) => p.repos.length === 1 && p.repos[0]?.host === "github");
  const ghRepo = githubOnly?.repos[0];
  if (!githubOnly || ghRepo?.host !== "github") throw new Error("seed lacks a GitHub-only plugin");
  world.setStars("github", `${ghRepo.repo.owner}/${ghRepo.repo.name}`, ghRepo.repo.stars + 50);

  const down = up.gitlab.faults.add(outage());
  const day2 = await runBuild(up, config, `${dir}/day2`, ["--previous", `${dir}/day1`], { env: TOKENS, timeoutMs: 50_000 });
  const day2Site = day2.code === 0 ? await readSite(`${dir}/day2`) : undefined;
  return {
    day1,
    day2,
    day1Site,
    day2Site,
    day1HashesBefore,
    day1HashesAfter: await hashTree(`${dir}/day1`),
    expected: expectedCatalog(world, CONFIG, { starsOverride: yesterday }),
    gitlabPairs,
    gitlabPlugins,
    bumpedGithubPlugin: githubOnly.npmName,
    outageFired: down.fired,
  };
}

interface RegistryOutageRun {
  before: Map<string, string>;
  failed: CliResult;
  after: Map<string, string>;
  freshFailed: CliResult;
  freshExists: boolean;
}

async function registryOutageScenario(): Promise<RegistryOutageRun> {
  const world = createWorld({ packages: 60, seed: 43 });
  const { up, dir, config, out } = await buildDayOne(scratch, world, CONFIG, TOKENS);
  const before = await hashTree(out);
  up.registry.faults.add(outage());
  const [failed, freshFailed] = await Promise.all([
    runBuild(up, config, out, [], { env: TOKENS, timeoutMs: 55_000 }),
    runBuild(up, config, `${dir}/fresh`, [], { env: TOKENS, timeoutMs: 55_000 }),
  ]);
  return { before, failed, after: await hashTree(out), freshFailed, freshExists: existsSync(`${dir}/fresh`) };
}

let faults: FaultRun;
let outageRun: OutageRun;
let down: RegistryOutageRun;

beforeAll(async () => {
  [faults, outageRun, down] = await Promise.all([faultScenario(), outageScenario(), registryOutageScenario()]);
}, 110_000);

afterAll(() => scratch.cleanup());

function totalsMismatches(site: Site | undefined, expected: ExpectedCatalog): string[] {
  const wrong: string[] = [];
  for (const [name, want] of expected.members) {
    const got = site?.byName.get(name);
    if (!got) wrong.push(`${name}: missing`);
    else if (got.totalStars !== want.totalStars || got.totalForks !== want.totalForks)
      wrong.push(`${name}: got ${got.totalStars}/${got.totalForks}, expected ${want.totalStars}/${want.totalForks}`);
  }
  return wrong;
}

describe("a build through injected faults", () => {
  it("succeeds (exit 0)", () => {
    expect(faults.result.code, describeRun(faults.result)).toBe(0);
  });

  it("every transient fault fired, and each affected package is still a member with the right data", () => {
    for (const handle of faults.handles.transient) expect(handle.fired).toBe(1);
    for (const name of [...faults.targets.pk429, ...faults.targets.pk502, ...faults.targets.pkHang, ...faults.targets.pkReset]) {
      const got = faults.site?.byName.get(name);
      const want = faults.expected.members.get(name);
      expect(got?.version, name).toBe(want?.version);
      expect(got?.updatedAt, name).toBe(want?.updatedAt);
    }
  });

  it("members are exactly the expected ones: malformed and 404 packuments left out, nothing else lost", () => {
    expect(faults.site?.plugins.map((p) => p.npmName).sort()).toEqual([...faults.expected.members.keys()].sort());
  });

  it("totals are right for every member (NOT_FOUND counts 0, a transferred repo is followed, a renamed GitLab project is found)", () => {
    expect(totalsMismatches(faults.site, faults.expected)).toEqual([]);
    const deleted = faults.site?.byName.get(faults.targets.deleted);
    expect(deleted?.totalStars).toBe(0);
    const gitlab = faults.expected.members.get(faults.targets.gitlabRenamed);
    expect(gitlab?.totalStars).toBeGreaterThanOrEqual(0);
    expect(faults.site?.byName.get(faults.targets.gitlabRenamed)?.totalStars).toBe(gitlab?.totalStars);
  });

  it("the transferred repository's new owner is a creator; its old owner no longer is (unless a maintainer)", () => {
    const { pkg, oldOwner } = faults.targets.transferred;
    expect(faults.authorHits.newOwner).toContain(pkg);
    const npmLogins = [
      ...(faults.world.get(pkg)?.maintainers.map((m) => m.name.toLowerCase()) ?? []),
      faults.world.get(pkg)?.publisher.name.toLowerCase(),
    ];
    if (!npmLogins.includes(oldOwner.toLowerCase())) expect(faults.authorHits.oldOwner).not.toContain(pkg);
  });

  it("honours Retry-After on search: the next search page waits at least that long", () => {
    const searches = faults.up.log.registry.filter((r) => r.path === SEARCH_PATH);
    expect(searches.length).toBeGreaterThanOrEqual(2);
    const [first, second] = searches;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 50);
  });

  it("honours Retry-After on packuments: the same packument is not asked again before it", () => {
    for (const name of faults.targets.pk429) {
      const asks = faults.up.log.registry.filter((r) => packumentName(r.path) === name);
      expect(asks.length, name).toBe(2);
      expect((asks[1]?.at ?? 0) - (asks[0]?.at ?? 0), name).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 50);
    }
  });

  it("GraphQL RATE_LIMITED is waited out and retried, not turned into missing or stale counts", () => {
    expect(faults.handles.rateLimited.fired).toBe(1);
    expect(faults.handles.github502.fired).toBe(1);
    expect(faults.site?.report.mirrors.github.keptPrevious).toBe(0);
    expect(faults.site?.report.mirrors.github.unreadNoPrevious).toBe(0);
    expect(faults.handles.gitlab429.fired).toBe(1);
    expect(faults.site?.report.mirrors.gitlab.unreadNoPrevious).toBe(0);
  });
});

describe("the build report (catalog/report.json) after the faulty build", () => {
  it("members, listed, and exclusions by reason", () => {
    const report = faults.site?.report;
    const e = faults.expected;
    expect(report?.members).toBe(e.members.size);
    expect(report?.listed).toBe(e.listed.length);
    expect(report?.excluded).toEqual({
      config: 0,
      deprecated: e.deprecated.length,
      unpublished: e.unpublished.length,
      notFound: faults.targets.notFound.length,
    });
  });

  it("skippedMalformed counts the malformed packuments (bad JSON, missing dist-tags, wrong types) and names them", () => {
    const report = faults.site?.report;
    expect(report?.skippedMalformed).toBe(3);
    expect(report?.malformed.map((m) => m.name).sort()).toEqual([...faults.targets.malformed].sort());
    for (const h of faults.handles.malformed) expect(h.fired).toBeGreaterThanOrEqual(1);
  });

  it("packuments: every listed package read once, none failed", () => {
    const report = faults.site?.report;
    expect(report?.packuments.failed).toBe(0);
    expect(report?.packuments.notModified).toBe(0);
    expect(report?.packuments.reused).toBe(0);
    // Two consistent readings of "fetched": every packument the registry answered 200 for
    // (malformed ones included), or only the usable ones. Either way all three malformed
    // packuments are on the same side: the registry answered 200 for each.
    const answered = faults.expected.listed.length - faults.targets.notFound.length;
    const usable = answered - faults.targets.malformed.length;
    expect([answered, usable], `fetched ${String(report?.packuments.fetched)}`).toContain(report?.packuments.fetched);
  });

  it("requests per host equal what each fake received", () => {
    const report = faults.site?.report;
    expect(report?.requests.registry).toBe(faults.up.registry.stats.requests);
    expect(report?.requests.github).toBe(faults.up.github.stats.requests);
    expect(report?.requests.gitlab).toBe(faults.up.gitlab.stats.requests);
  });

  it("retries per host match the transient faults that fired", () => {
    const report = faults.site?.report;
    const registryTransient = faults.handles.transient.reduce((sum, h) => sum + h.fired, 0);
    expect(report?.retries.registry).toBe(registryTransient);
    // The 502 is an HTTP retry; the RATE_LIMITED answer is a 200 that is asked again — either reading counts.
    expect(report?.retries.github).toBeGreaterThanOrEqual(faults.handles.github502.fired);
    expect(report?.retries.github).toBeLessThanOrEqual(faults.handles.github502.fired + faults.handles.rateLimited.fired);
    expect(report?.retries.gitlab).toBe(faults.handles.gitlab429.fired);
  });

  it("mirrors by platform and outcome: found and missing match the world", () => {
    const report = faults.site?.report;
    for (const host of ["github", "gitlab"] as const) {
      const names = new Map<string, boolean>();
      const repos = new Set<string>();
      for (const name of faults.expected.members.keys()) {
        for (const { ref, repo } of faults.world.mirrorsOf(name)) {
          if (ref.host !== host) continue;
          names.set(ref.path.toLowerCase(), repo !== undefined);
          if (repo) repos.add(`${host}:${repo.id}`);
        }
      }
      const missing = [...names.values()].filter((found) => !found).length;
      const foundNames = names.size - missing;
      expect(report?.mirrors[host].missing, host).toBe(missing);
      // "found" may count repositories or the names that reached them: both readings are accepted.
      expect(report?.mirrors[host].found, host).toBeGreaterThanOrEqual(repos.size);
      expect(report?.mirrors[host].found, host).toBeLessThanOrEqual(foundNames);
      expect(report?.mirrors[host].keptPrevious, host).toBe(0);
    }
    expect(report?.mirrors.github.missing).toBeGreaterThanOrEqual(1); // the deleted repository at least
  });

  it("304s: none in a first build, as the registry fake saw", () => {
    expect(faults.up.registry.stats.notModified).toBe(0);
    expect(faults.site?.report.packuments.notModified).toBe(faults.up.registry.stats.notModified);
  });
});

describe("a GitLab outage on day 2 with --previous day 1 (fresh --out)", () => {
  it("the build succeeds", () => {
    expect(outageRun.outageFired).toBeGreaterThan(0);
    expect(outageRun.day2.code, describeRun(outageRun.day2)).toBe(0);
  });

  it("report: no GitLab mirror found today; keptPrevious counts the GitLab mirrors that kept yesterday's counts", () => {
    const report = outageRun.day2Site?.report;
    expect(outageRun.gitlabPairs).toBeGreaterThan(0);
    expect(report?.mirrors.gitlab.found).toBe(0);
    expect(report?.mirrors.gitlab.keptPrevious).toBe(outageRun.gitlabPairs);
  });

  it("plugins with GitLab mirrors keep yesterday's GitLab counts (the overnight change is not seen), GitHub counts are today's", () => {
    expect(totalsMismatches(outageRun.day2Site, outageRun.expected)).toEqual([]);
    for (const name of outageRun.gitlabPlugins) {
      const y = outageRun.day1Site?.byName.get(name);
      const t = outageRun.day2Site?.byName.get(name);
      const hasGithub = outageRun.expected.members.get(name)?.repos.some((r) => r.host === "github") ?? false;
      if (!hasGithub) {
        expect(t?.totalStars, name).toBe(y?.totalStars);
        expect(t?.totalForks, name).toBe(y?.totalForks);
      }
    }
    const bumped = outageRun.bumpedGithubPlugin;
    expect(outageRun.day2Site?.byName.get(bumped)?.totalStars).toBe((outageRun.day1Site?.byName.get(bumped)?.totalStars ?? 0) + 50);
  });

  it("GitLab owners are still creators of those plugins", () => {
    for (const name of outageRun.gitlabPlugins) {
      const owners =
        outageRun.expected.members
          .get(name)
          ?.repos.filter((r) => r.host === "gitlab")
          .map((r) => ownerOf(r).toLowerCase()) ?? [];
      const creators = outageRun.day2Site?.byName.get(name)?.creators.map((c) => c.toLowerCase()) ?? [];
      for (const owner of owners) expect(creators, name).toContain(owner);
    }
  });

  it("the --previous directory is left byte for byte as it was", () => {
    expect(outageRun.day1HashesAfter).toEqual(outageRun.day1HashesBefore);
  });
});

describe("a registry outage during listing (issue bullet 3: any failure leaves the previous site untouched)", () => {
  it("fails the build: exit 1, one line", () => {
    const line = expectOneLineFailure(down.failed);
    expect(line.length).toBeGreaterThan(0);
  });

  it("leaves the previous --out byte for byte identical", () => {
    expect(down.after).toEqual(down.before);
  });

  it("a failed first build leaves no --out behind", () => {
    expect(down.freshFailed.code, describeRun(down.freshFailed)).toBe(1);
    expect(down.freshExists).toBe(false);
  });
});
