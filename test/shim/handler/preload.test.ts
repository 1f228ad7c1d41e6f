import { describe, expect, it } from "vitest";
import { MANIFEST_PATH } from "../../../src/core/site-format.js";
import { createShim, type ShimOptions } from "../../../src/shim/index.js";
import { buildSite } from "../../../src/site/build-site.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";

/** The kind of data file a path names, e.g. `records-stars`, `orders-recent`, `filters`, `postings`. */
const kindOf = (path: string): string => path.replace(/^catalog\/data\//, "").replace(/(-\d+)*\.[0-9a-f]+\.[a-z.]+$/, "");

/** A shim over a built site whose reads are logged and can be held back, so that a test sees the preload step by step. */
async function shimOver(sites: Map<string, Uint8Array>[], options: Partial<ShimOptions> = {}) {
  const files = new Map(sites.flatMap((site) => [...site]));
  const reads: string[] = [];
  let held: (() => void)[] | undefined;
  const reader = {
    read: async (path: string) => {
      reads.push(path);
      if (held !== undefined) await new Promise<void>((resolve) => held!.push(resolve));
      return files.get(path) ?? null;
    },
  };
  const shim = createShim({ reader, now: () => 0, manifestTtlMs: 60_000, ...options });
  const get = async (query: string) => {
    const response = await shim(new Request(`http://x/api/plugins?${query}`));
    expect(response.status, query).toBe(200);
    return response.json() as Promise<{ total: number; plugins: { name: string }[] }>;
  };
  /** Lets held reads go on, one event-loop turn at a time, until `done` settles (or, without it, until none is left). */
  const pump = async <T>(done?: Promise<T>): Promise<T | undefined> => {
    let finished = false;
    void done?.finally(() => (finished = true));
    for (let idle = 0; done === undefined ? idle < 20 : !finished; idle++) {
      const pending = held?.splice(0) ?? [];
      for (const resolve of pending) resolve();
      if (pending.length > 0) idle = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return done;
  };
  return { reads, get, settle: () => pump(), pump, files, hold: () => (held = []) };
}

const site = async (plugins: number, seed = 3) => {
  const snapshot = generateSnapshot({ plugins, seed });
  return { snapshot, files: await buildSite(snapshot) };
};

describe("a shim with preload reads each build into memory in the background", () => {
  it("after its first answer it reads every order, every filter pack and every stars shard, once each, and nothing else", async () => {
    const { files } = await site(650);
    const { reads, get, settle } = await shimOver([files], { preload: true });
    await get("per_page=1");
    await settle();
    const kinds = reads.map(kindOf);
    const inSite = (prefix: string) => [...files.keys()].filter((path) => path.startsWith(`catalog/data/${prefix}`));
    expect(new Set(reads.filter((path) => kindOf(path) === "records-stars"))).toEqual(new Set(inSite("records-stars-")));
    expect(kinds.filter((kind) => kind === "records-stars")).toHaveLength(inSite("records-stars-").length);
    expect(kinds.filter((kind) => kind.startsWith("orders-")).sort()).toEqual(["orders-downloads", "orders-name", "orders-recent"]);
    expect(new Set(reads.filter((path) => kindOf(path) === "filters"))).toEqual(new Set(inSite("filters")));
    expect(new Set(kinds)).toEqual(
      new Set([MANIFEST_PATH, "records-stars", "orders-recent", "orders-name", "orders-downloads", "filters", "compat"]),
    );
  });

  it("then queries it never saw read no file for their filters, orders or records, and answer as a shim without preload", async () => {
    const { files, snapshot } = await site(650);
    const preloaded = await shimOver([files], { preload: true });
    const plain = await shimOver([files]);
    await preloaded.get("");
    await preloaded.settle();
    preloaded.reads.length = 0;
    const [plugin, other] = [snapshot.plugins[17]!, snapshot.plugins[400]!];
    const queries = [
      "sort=recent&page=5&per_page=37",
      "sort=name&page=13&per_page=50",
      "page=6&per_page=100",
      `author=${plugin.creators[0]}&sort=name`,
      `category=${other.tags[0]}&web=1&sort=recent&page=2&per_page=3`,
      `author=@${other.creators[0]}&category=${other.tags[0]}`,
    ];
    for (const query of queries) expect(await preloaded.get(query), query).toEqual(await plain.get(query));
    expect(preloaded.reads).toEqual([]);
  });

  it("stops at the first record it has to let go: a record cache smaller than the catalog keeps its most recent shards", async () => {
    const { files } = await site(650);
    const shards = [...files.keys()].filter((path) => kindOf(path) === "records-stars").length;
    const { reads, get, settle } = await shimOver([files], { preload: true, recordCacheBytes: 200_000 });
    await get("per_page=1");
    await settle();
    const read = reads.filter((path) => kindOf(path) === "records-stars").length;
    expect(read).toBeGreaterThan(1);
    expect(read).toBeLessThan(shards);
  });

  it("stops when a newer build is current", async () => {
    const [older, newer] = [await site(650, 3), await site(650, 4)];
    const { reads, get, settle, pump, files, hold } = await shimOver([older.files], { preload: true, manifestTtlMs: 0 });
    hold();
    // Held reads: the preload has started and waits on its first files.
    await pump(get("per_page=1"));
    const olderReads = reads.length;
    for (const [path, bytes] of newer.files) files.set(path, bytes);
    const answer = await pump(get("per_page=1"));
    expect(answer).toEqual(await (await shimOver([newer.files])).get("per_page=1"));
    await settle();
    // Files of the older build only: the two builds share some (the host's versions are the same).
    const olderFiles = new Set([...older.files.keys()].filter((path) => path !== MANIFEST_PATH && !newer.files.has(path)));
    const olderStarsShards = [...olderFiles].filter((path) => kindOf(path) === "records-stars");
    expect(reads.filter((path) => olderFiles.has(path) && kindOf(path) === "records-stars").length).toBeLessThan(olderStarsShards.length);
    // At most the read the preload issued as the manifest changed under it.
    expect(reads.slice(olderReads).filter((path) => olderFiles.has(path)).length).toBeLessThanOrEqual(1);
    expect(reads.some((path) => kindOf(path) === "records-stars" && !olderFiles.has(path))).toBe(true);
  });

  it("is off by default: the first answer's reads are all there is", async () => {
    const { files } = await site(650);
    const { reads, get, settle } = await shimOver([files]);
    await get("per_page=1");
    const after = reads.length;
    await settle();
    expect(reads.length).toBe(after);
  });
});
