/**
 * The warm-up compiles the request path only if its queries take it. It
 * swallows every error (a Worker's global scope cannot even build a
 * Response), so what it did is checked from outside: the status of each of
 * its answers, and the tiny site's files it read through the reader it was
 * given. A warm-up that does nothing, or stops early, fails here.
 */
import { readFile, rm } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ORDER_KEYS } from "../../../src/core/plugin.js";
import {
  type FileSeries,
  MANIFEST_PATH,
  RECORD_RANK_ORDERS,
  type SiteManifest,
  seriesFile,
  seriesLength,
} from "../../../src/core/site-format.js";
import { encodedSiteReader } from "../../../src/runtime/worker/tiny-site.js";
import {
  holdForStartUpCollection,
  WARM_UP_QUERIES,
  WARM_UP_SCORING_PLUGINS,
  warmUp,
  warmUpScoring,
} from "../../../src/runtime/worker/warm-up.js";
import { createShim } from "../../../src/shim/index.js";
import { workerDefines } from "../../../tools/bundle-worker.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { encodeSite, tinySiteFiles } from "../../../tools/tiny-site.js";
import { EdgeCacheServer, startWorkerAlone, workerAloneConfig } from "../../bench/worker-alone.js";
import { buildSiteWithCli, loggingReader, makeTempDir, mapReader } from "../../support/targets.js";

const WORKER_BUNDLE = new URL("../../../lib/worker/_worker.js", import.meta.url);

/** The one query that asks for a 400 (an invalid page, sort and compat), so that the problem path is compiled too. */
const BAD_QUERY = "page=0&sort=up&compat=v2";
/** The one plugin the tiny site does not have: its 404 is compiled too. */
const MISSING_PLUGIN = "/api/plugins/nobody";

/** What the tiny site answers each warm-up query. */
const expectedStatus = (path: string, query: string): number => (query === BAD_QUERY ? 400 : path === MISSING_PLUGIN ? 404 : 200);

/** Each file the manifest names, by the manifest field that names it. */
function fileKinds(manifest: SiteManifest): Map<string, string> {
  const kinds = new Map<string, string>([[MANIFEST_PATH, "manifest"]]);
  const series = (kind: string, files: FileSeries) => {
    for (let i = 0; i < seriesLength(files); i++) kinds.set(seriesFile(files, i) ?? "", kind);
  };
  for (const sort of ORDER_KEYS) series(`records.${sort}`, manifest.records[sort]);
  series("fineShards", manifest.fineShards);
  series("keys", manifest.keys);
  series("postings", manifest.postings.files);
  series("frequencies", manifest.relevance.frequencies);
  series("orders-by-score", manifest.relevance.orders);
  kinds.set(manifest.relevance.lengths, "lengths");
  series("details", manifest.details.files);
  for (const sort of RECORD_RANK_ORDERS) {
    kinds.set(manifest.orders[sort], `orders.${sort}`);
    kinds.set(manifest.ranks[sort], `ranks.${sort}`);
  }
  for (const field of ["filters", "status", "openapi"] as const) kinds.set(manifest[field], field);
  for (const part of manifest.catalog) kinds.set(part, "catalog");
  if (manifest.compat?.versions !== undefined) kinds.set(manifest.compat.versions, "compat.versions");
  if (manifest.compat?.drops !== undefined) series("compat.drops", manifest.compat.drops);
  return kinds;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Worker's warm-up", () => {
  it("sends every warm-up query through the shim, each answered from the tiny site", async () => {
    const statuses = await warmUp(mapReader(tinySiteFiles()));
    expect(statuses).toEqual(WARM_UP_QUERIES.map(([path, query]) => expectedStatus(path, query)));
  });

  it("reads every kind of file a first answer reads", async () => {
    const files = tinySiteFiles();
    const reader = loggingReader(files);
    await warmUp(reader);
    const kinds = fileKinds(JSON.parse(new TextDecoder().decode(files.get(MANIFEST_PATH))) as SiteManifest);
    expect(new Set(reader.reads.map((path) => kinds.get(path) ?? path))).toEqual(
      new Set([
        "manifest",
        "records.stars",
        "records.recent",
        "records.name",
        "records.downloads",
        "orders.recent",
        "keys",
        "filters",
        "postings",
        "frequencies",
        "orders-by-score",
        "lengths",
        "status",
        "catalog",
        "openapi",
        "compat.versions",
        "compat.drops",
        "details",
      ]),
    );
  });

  it("still reads the site where no Response can be made (a Worker's global scope), and resolves", async () => {
    const answered = loggingReader(tinySiteFiles());
    await warmUp(answered);
    const reader = loggingReader(tinySiteFiles());
    vi.stubGlobal(
      "Response",
      class {
        constructor() {
          throw new TypeError("Response is not available in global scope");
        }
      },
    );
    const statuses = await warmUp(reader);
    vi.unstubAllGlobals();
    expect(statuses).toEqual(WARM_UP_QUERIES.map(() => undefined));
    expect(new Set(reader.reads)).toEqual(new Set(answered.reads));
  });

  it("sends its queries once a round, each round through a new shim that reads the site again", async () => {
    const once = loggingReader(tinySiteFiles());
    await warmUp(once);
    const rounds = loggingReader(tinySiteFiles());
    const statuses = await warmUp(rounds, 3);
    expect(statuses).toEqual(WARM_UP_QUERIES.map(([path, query]) => expectedStatus(path, query)));
    expect(rounds.reads.filter((path) => path === MANIFEST_PATH)).toHaveLength(
      3 * once.reads.filter((path) => path === MANIFEST_PATH).length,
    );
    expect(rounds.reads).toHaveLength(3 * once.reads.length);
  });

  it("resolves when nothing can be read", async () => {
    const statuses = await warmUp({ read: () => Promise.reject(new Error("EIO")) });
    expect(statuses).toEqual(WARM_UP_QUERIES.map(([, query]) => (query === BAD_QUERY ? 400 : 503)));
  });
});

describe("the scoring warm-up", () => {
  // Its made-up matches are 20 of each 32 plugins; its score orders are up to 1,024 deep, its candidates tried from
  // 128 deep, doubling, for three pairs of terms, in each of four passes.
  const depths = (matches: number) => Math.max(0, Math.floor(Math.log2(Math.min(1_024, matches) / 128)) + 1);
  const expected = (plugins: number) => {
    const matches = 20 * Math.ceil(plugins / 32);
    return { matchesScored: 4 * matches, candidatePages: 4 * 3 * (matches >= 128 ? depths(matches) : 0) };
  };

  it("scores every made-up match and tries every depth of candidates, for a catalog of any size", () => {
    for (const plugins of [0, 1, 33, 300, 1_000, 4_096]) expect(warmUpScoring(plugins), `${plugins}`).toEqual(expected(plugins));
    expect(warmUpScoring()).toEqual(expected(WARM_UP_SCORING_PLUGINS));
    expect(expected(WARM_UP_SCORING_PLUGINS)).toEqual({ matchesScored: 125_040, candidatePages: 48 });
  });

  it("returns nothing, and throws nothing, when it cannot run", () => {
    expect(warmUpScoring(2 ** 40)).toBeUndefined();
  });
});

describe("the start-up collection", () => {
  let dir = "";
  let site = "";
  const cache = new EdgeCacheServer();
  let cacheAddress = "";
  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-collection-");
    site = await buildSiteWithCli(generateSnapshot({ plugins: 40, seed: 3 }), dir);
    cacheAddress = await cache.start();
  });
  afterAll(async () => {
    await cache.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** What V8 printed with `--trace-gc` from the Worker's start until it listened. */
  async function startUpTrace(): Promise<string> {
    const config = await workerAloneConfig(site, cacheAddress, ["--trace-gc"]);
    let printed = "";
    const worker = await startWorkerAlone(config.file, (text) => {
      printed += text;
    });
    try {
      // A round trip to workerd after it listens: whatever it printed before has arrived.
      await (await worker.get("/index.html")).arrayBuffer();
      return printed;
    } finally {
      await worker.dispose();
      await config.remove();
    }
  }

  // Without the held buffer, a fresh isolate ran its first full collection at startup in 7 of 12 starts (the rest in
  // their first request); with it, in each of 12. Five starts in a row pass without it about once in 15 runs.
  it("runs in the Worker's global scope, before it serves anything, start after start", async () => {
    for (let start = 0; start < 5; start++) expect(await startUpTrace(), `start ${start}`).toMatch(/Mark-Compact/);
  }, 60_000);

  it("throws nothing when the memory cannot be had", () => {
    expect(() => holdForStartUpCollection(2 ** 53)()).not.toThrow();
  });
});

describe("the tiny site", () => {
  it("has plugins where the warm-up's queries look for them: it is no empty shell", async () => {
    const shim = createShim({ reader: mapReader(tinySiteFiles()) });
    const total = async (query: string) =>
      ((await (await shim(new Request(`http://x/api/plugins?${query}`))).json()) as { total: number }).total;
    expect(await total("")).toBe(4);
    expect(await total("q=ch")).toBe(4);
    expect(await total("author=ann&sort=recent")).toBe(2);
    expect(await total("q=charting&category=ui&web=1")).toBe(2);
    // Two terms, and more matches than the tiny site's score orders hold (2): scored from candidates.
    expect(await total("q=data+ch&sort=relevance")).toBe(3);
    // alpha (>=2) and gamma (no range) run on 2.0.0; with prereleases, delta's ^2.1.0-0 takes in 2.1.0-beta.1.
    expect(await total("compat=latest")).toBe(2);
    expect(await total("compat=next")).toBe(3);
    expect(await total("compat=1.0.0")).toBe(2);
  });

  it("reads back from its encoding (TINY_SITE) byte for byte", async () => {
    const files = tinySiteFiles();
    const reader = encodedSiteReader(encodeSite(files));
    for (const [path, bytes] of files) expect(await reader.read(path), path).toEqual(bytes);
    expect(await reader.read("catalog/none.bin")).toBeNull();
  });

  it("is in the bundled Worker: _worker.js carries the tiny site's encoding", async () => {
    const bundle = await readFile(WORKER_BUNDLE, "utf8");
    for (const base64 of Object.values(encodeSite(tinySiteFiles()))) expect(bundle).toContain(base64);
    expect(bundle).not.toMatch(/\bTINY_SITE\b/);
    expect(JSON.parse(workerDefines().TINY_SITE ?? "")).toEqual(encodeSite(tinySiteFiles()));
  });
});
