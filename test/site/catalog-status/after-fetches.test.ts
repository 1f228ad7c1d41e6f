/**
 * `/api/status` and the categories after real fetches from the local fakes:
 * day 1 reads everything; on day 2 two packages have a new release, one of
 * whose packuments cannot be read (its day-1 record is served, stale), and
 * GitLab is down, so its mirrors keep day 1's counts and the status says so,
 * while GitHub is fresh again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogStatus } from "../../../src/core/status-body.js";
import { readPreviousSnapshot } from "../../../src/publish/previous-site.js";
import { createFsReader } from "../../../src/runtime/node/fs-reader.js";
import { createWorld, outage, respond } from "../../fakes/index.js";
import { call } from "../../support/http.js";
import { shimTarget } from "../../support/targets.js";
import { buildDayOne, type CliResult, describeRun, packumentOf, runBuild, Scratch } from "../../upstream/support.js";

const TOKENS = { GITHUB_TOKEN: "ghp_status_test_token", GITLAB_TOKEN: "glpat-status-test" };
const CATEGORIES = ["acme-category-charts", "no-such-category"];

type Status = CatalogStatus;

async function answer<T>(site: string, path: string): Promise<T> {
  const reply = await call(shimTarget(createFsReader(site)), path);
  expect(reply.status, reply.text).toBe(200);
  return JSON.parse(reply.text) as T;
}

const scratch = new Scratch();
let day1: string;
let day2: string;
let day2Run: CliResult;

beforeAll(async () => {
  const world = createWorld({ packages: 60, seed: 31 });
  const { up, dir, config, out } = await buildDayOne(scratch, world, { keywords: ["acme-plugin"], categories: CATEGORIES }, TOKENS, "day1");
  day1 = out;
  // New releases overnight, so day 2 serves new data (an unchanged catalog would keep day 1's site, status included).
  const [updated, unreadable] = (await readPreviousSnapshot(day1))?.plugins.map((plugin) => plugin.npmName) ?? [];
  world.bumpVersion(updated!);
  world.bumpVersion(unreadable!);
  up.registry.faults.add({ match: packumentOf(unreadable!), action: respond(500, "Internal Server Error") });
  up.gitlab.faults.add(outage());
  day2 = `${dir}/day2`;
  day2Run = await runBuild(up, config, day2, ["--previous", day1], { env: TOKENS, timeoutMs: 50_000 });
}, 120_000);

afterAll(() => scratch.cleanup());

describe("a fetched catalog's freshness and categories", () => {
  it("day 1: every upstream read at build time, nothing stale; the config's categories are served and kept in the snapshot", async () => {
    const status = await answer<Status>(day1, "/api/status");
    expect(status.plugins).toBeGreaterThan(0);
    const fresh = { readAt: status.builtAt, stale: 0, staleSince: null };
    for (const source of Object.values(status.sources)) expect(source).toMatchObject(fresh);
    expect(status.sources.npm.items).toBe(status.plugins);
    expect(status.sources.gitlab.items).toBeGreaterThan(0);
    const facets = await answer<{ categories: { category: string }[] }>(day1, "/api/facets");
    expect(facets.categories.map((c) => c.category)).toEqual(CATEGORIES);
    expect((await readPreviousSnapshot(day1))?.categories).toEqual(CATEGORIES);
  });

  it("day 2 with GitLab down and one packument unreadable: those are stale since day 1, the rest is today's", async () => {
    expect(day2Run.code, describeRun(day2Run)).toBe(0);
    const [before, after] = await Promise.all([answer<Status>(day1, "/api/status"), answer<Status>(day2, "/api/status")]);
    expect(after.builtAt > before.builtAt).toBe(true);
    const { items } = before.sources.gitlab;
    expect(after.sources.gitlab).toEqual({ readAt: before.builtAt, items, stale: items, staleSince: before.builtAt });
    expect(after.sources.github).toMatchObject({ readAt: after.builtAt, stale: 0, staleSince: null });
    expect(after.sources.npm).toMatchObject({ readAt: after.builtAt, stale: 1 });
    // The kept record was read during day 1's fetch, at or before day 1's build time.
    expect(after.sources.npm.staleSince! <= before.builtAt).toBe(true);
  });
});
