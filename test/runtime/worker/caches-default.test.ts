/**
 * The edge cache in workerd (Miniflare's `caches.default`, kept on disk so
 * that a second workerd, a fresh isolate, shares it like two isolates of one
 * data center do): a computed answer asked again, in any spelling of the same
 * query, is answered without reading a site file beyond the manifest, and a
 * new build is a new key. Reads are counted through the ASSETS binding.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseQuery, queryKey } from "../../../src/core/query.js";
import { createFsReader } from "../../../src/runtime/node/fs-reader.js";
import { entryUrl } from "../../../src/shim/edge-cache.js";
import { createShim } from "../../../src/shim/index.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { buildSiteWithCli, makeTempDir, type Target } from "../../support/targets.js";
import { startWorkerd, type Workerd } from "../../support/workerd-target.js";
import { COUNTING_ENTRY, takeLog } from "./counting-entry.js";

const MANIFEST = "/catalog/manifest.json";

interface Answer {
  readonly status: number;
  readonly etag: string | null;
  readonly body: string;
}

async function get(target: Target, path: string, init?: RequestInit): Promise<Answer> {
  const response = await target.fetch(path, init);
  return { status: response.status, etag: response.headers.get("etag"), body: await response.text() };
}

async function buildIn(dir: string, seed: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  return buildSiteWithCli(generateSnapshot({ plugins: 150, seed }), dir);
}

async function buildIdOf(site: string): Promise<string> {
  return (JSON.parse(await readFile(join(site, "catalog/manifest.json"), "utf8")) as { buildId: string }).buildId;
}

/** Resolves once the entry for `path` is in the cache: the Worker writes it after answering. */
async function cachedEntry(workerd: Workerd, buildId: string, path: string): Promise<void> {
  const url = new URL(path, "http://localhost");
  const parsed = parseQuery(url.searchParams);
  if (!parsed.ok) throw new Error(`${path} is not a valid query`);
  const key = entryUrl({ url, buildId, answerKey: queryKey(parsed.query) });
  const cache = (await workerd.getCaches()).default;
  for (let waited = 0; waited < 10_000; waited += 50) {
    if ((await cache.match(key)) !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no edge-cache entry for ${path} after 10 s`);
}

describe("the edge cache, shared by two isolates", () => {
  let dir: string;
  let firstSite: string;
  let nextSite: string;
  let tag: string;
  const running: Target[] = [];

  /** A fresh workerd (a new isolate) over `site`, sharing one cache directory with the others. */
  async function isolate(site: string): Promise<{ target: Target; workerd: Workerd }> {
    const started = await startWorkerd(site, { entrySource: COUNTING_ENTRY, cachePersist: join(dir, "edge-cache") });
    running.push(started.target);
    return started;
  }

  const filtered = () => `/api/plugins?category=${tag}&sort=name&per_page=5`;
  // The same query: reordered, the category in capitals, an empty and an unknown parameter.
  const filteredRespelled = () => `/api/plugins?per_page=5&page=&utm_source=x&sort=name&category=${tag.toUpperCase()}`;
  const unfiltered = "/api/plugins?sort=recent&page=2&per_page=7";
  const unfilteredRespelled = "/api/plugins?per_page=7&ref=1&page=2&sort=recent";

  let first: Answer;
  let firstUnfiltered: Answer;

  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-edge-cache-");
    firstSite = await buildIn(join(dir, "first"), 21);
    nextSite = await buildIn(join(dir, "next"), 22);
    const { target, workerd } = await isolate(firstSite);
    tag = (JSON.parse((await get(target, "/api/plugins?per_page=1")).body) as { plugins: { tags: string[] }[] }).plugins[0]!.tags[0]!;
    await takeLog(target);
    first = await get(target, filtered());
    firstUnfiltered = await get(target, unfiltered);
    const misses = await takeLog(target);
    // The counting sees a computation: the first answers read data files.
    expect(misses.reads.filter((path) => path !== MANIFEST).length).toBeGreaterThan(1);
    const buildId = await buildIdOf(firstSite);
    await cachedEntry(workerd, buildId, filtered());
    await cachedEntry(workerd, buildId, unfiltered);
    await target.close();
  }, 120_000);

  afterAll(async () => {
    for (const target of running) await target.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it("answers the same queries in another isolate reading only the manifest, byte for byte", async () => {
    const { target } = await isolate(firstSite);
    await takeLog(target);
    const again = await get(target, filteredRespelled());
    expect(again).toEqual(first);
    expect(first.status).toBe(200);
    expect((await takeLog(target)).reads).toEqual([MANIFEST]);
    expect(await get(target, unfilteredRespelled)).toEqual(firstUnfiltered);
    expect((await takeLog(target)).reads).toEqual([]);
  });

  it("answers HEAD from the cached GET and If-None-Match with 304, reading nothing", async () => {
    const { target } = await isolate(firstSite);
    const cachedGet = await target.fetch(filtered());
    await takeLog(target);
    const head = await target.fetch(filteredRespelled(), { method: "HEAD" });
    expect(head.status).toBe(200);
    for (const name of ["content-type", "etag", "last-modified", "cache-control", "access-control-allow-origin"]) {
      expect(head.headers.get(name), name).toBe(cachedGet.headers.get(name));
    }
    expect(head.headers.get("content-length")).toBe(String(new TextEncoder().encode(first.body).byteLength));
    const conditional = await target.fetch(filteredRespelled(), { headers: { "If-None-Match": first.etag! } });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("etag")).toBe(first.etag);
    expect((await takeLog(target)).reads).toEqual([]);
  });

  it("still computes a query it has not seen (the counting would show a hit)", async () => {
    const { target } = await isolate(firstSite);
    await takeLog(target);
    expect((await get(target, `/api/plugins?category=${tag}&sort=stars&per_page=5`)).status).toBe(200);
    expect((await takeLog(target)).reads.filter((path) => path !== MANIFEST).length).toBeGreaterThan(0);
  });

  it("keys by build: a new build's isolate computes its own answer", async () => {
    const { target } = await isolate(nextSite);
    await takeLog(target);
    const next = await get(target, filtered());
    expect((await takeLog(target)).reads.filter((path) => path !== MANIFEST).length).toBeGreaterThan(0);
    expect(next.etag).toMatch(new RegExp(`^"${await buildIdOf(nextSite)}-`));
    const reference = await createShim({ reader: createFsReader(nextSite) })(new Request(`http://localhost${filtered()}`));
    expect(next.body).toBe(await reference.text());
  });
});

describe("the edge cache and queries whose keys could collide", () => {
  it("never shares the answer of a category that spells another query", async () => {
    const dir = await makeTempDir("plugin-catalog-edge-cache-");
    const targets: Target[] = [];
    try {
      const site = await buildIn(join(dir, "site"), 23);
      const start = async () => {
        const started = await startWorkerd(site, { cachePersist: join(dir, "edge-cache") });
        targets.push(started.target);
        return started;
      };
      const word = "plugin";
      const legit = `/api/plugins?category=${await aTag(site)}&q=${word}`;
      const parsed = parseQuery(new URL(legit, "http://localhost").searchParams);
      if (!parsed.ok) throw new Error("invalid query");
      const key = queryKey(parsed.query);
      // A category whose text is the rest of the legitimate query's key: the two keys are equal.
      const crafted = `/api/plugins?category=${encodeURIComponent(key.slice(key.indexOf("category=") + "category=".length))}`;
      const reference = createShim({ reader: createFsReader(site) });
      const expected = await (await reference(new Request(`http://localhost${legit}`))).text();
      expect(JSON.parse(expected).total, "the legitimate query matches something").toBeGreaterThan(0);

      const { target, workerd } = await start();
      expect(JSON.parse(await (await target.fetch(crafted)).text()).total).toBe(0);
      // A later answer's entry is written: the crafted one, had it been stored, would be too.
      await target.fetch("/api/plugins?sort=name&per_page=3");
      await cachedEntry(workerd, await buildIdOf(site), "/api/plugins?sort=name&per_page=3");
      await target.close();

      const { target: fresh } = await start();
      expect(await (await fresh.fetch(legit)).text()).toBe(expected);
    } finally {
      for (const target of targets) await target.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function aTag(site: string): Promise<string> {
  const page = JSON.parse(await readFile(join(site, "catalog/pages/stars/1.json"), "utf8")) as { plugins: { tags: string[] }[] };
  return page.plugins.find((plugin) => plugin.tags.length > 0)!.tags[0]!;
}
