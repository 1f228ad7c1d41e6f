import { describe, expect, it } from "vitest";
import { createShim } from "../../../src/shim/index.js";
import { buildSite } from "../../../src/site/build-site.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { loggingReader } from "../../support/targets.js";

async function countingShim(plugins: number, readAhead = false) {
  const snapshot = generateSnapshot({ plugins, seed: 3 });
  const files = await buildSite(snapshot);
  const reader = loggingReader(files);
  const { reads } = reader;
  const shim = createShim({ reader, readAhead });
  const get = async (query: string) => {
    const response = await shim(new Request(`http://x/api/plugins?${query}`));
    expect(response.status).toBe(200);
    return response.json();
  };
  return { reads, get, snapshot };
}

type Get = (query: string) => Promise<unknown>;

/** A word of the plugins' names that a few dozen of them have: their records lie scattered over the catalog. */
async function rareWord(get: Get): Promise<string> {
  for (let page = 1; page <= 20; page++) {
    const { plugins } = (await get(`sort=name&page=${page}&per_page=100`)) as { plugins: { name: string }[] };
    for (const word of plugins.flatMap((plugin) => plugin.name.toLowerCase().split(/[^a-z]+/))) {
      const { total } = (await get(`q=${word}&per_page=1`)) as { total: number };
      if (word.length > 3 && total > 10 && total < 60) return word;
    }
  }
  throw new Error("no name word that a few dozen plugins have");
}

describe("the shim loads lazily and once", () => {
  it("reading ahead, a page of scattered search results reads its next page's records with its own: paging on reads nothing", async () => {
    const [ahead, plain] = [await countingShim(2_000, true), await countingShim(2_000)];
    const q = await rareWord(plain.get);
    for (const sort of ["stars", "recent", "name"]) {
      const query = `q=${q}&sort=${sort}&per_page=5`;
      for (const shim of [ahead, plain]) {
        expect(((await shim.get(query)) as { total: number }).total, q).toBeGreaterThan(10);
        shim.reads.length = 0;
      }
      // The same answer, with no read; without reading ahead, a page in stars order reads its scattered records then.
      expect(await ahead.get(`${query}&page=2`)).toEqual(await plain.get(`${query}&page=2`));
      expect(ahead.reads, sort).toEqual([]);
      if (sort === "stars") expect(plain.reads.filter((path) => /records-|fine-/.test(path)).length).toBeGreaterThan(0);
    }
  });

  it("reading ahead, an unfiltered page that reads also reads its next page's shard and order: that next page reads nothing", async () => {
    const ahead = await countingShim(450, true);
    for (const sort of ["stars", "recent", "name"]) {
      // Pages of 80 cross the 200-plugin shards at pages 3 and 6.
      let readBefore = false;
      for (let page = 1; page <= 6; page++) {
        ahead.reads.length = 0;
        await ahead.get(`sort=${sort}&page=${page}&per_page=80`);
        if (readBefore) expect(ahead.reads, `${sort} page ${page}`).toEqual([]);
        readBefore = ahead.reads.length > 0;
      }
    }
  });

  it("reading ahead, a failed read it started after the page failed is handled: the page is a 503, nothing rejects unhandled", async () => {
    const files = await buildSite(generateSnapshot({ plugins: 450, seed: 3 }));
    // The page's shard is gone at once; the order read ahead fails later, after the page has answered.
    const reader = {
      read: async (path: string) => {
        if (path.includes("orders-")) await new Promise((resolve) => setTimeout(resolve, 20));
        return path.includes("orders-") || path.includes("records-") ? null : (files.get(path) ?? null);
      },
    };
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    try {
      const shim = createShim({ reader, readAhead: true });
      for (const sort of ["recent", "name"]) expect((await shim(new Request(`http://x/api/plugins?sort=${sort}`))).status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off("unhandledRejection", note);
    }
    expect(unhandled).toEqual([]);
  });

  it("reading ahead, a page whose own files read well answers even when a file only its next page needs is gone", async () => {
    const plain = await countingShim(2_000);
    const q = await rareWord(plain.get);
    const query = `q=${q}&sort=stars&per_page=5`;
    const files = await buildSite(plain.snapshot);
    // What a fresh shim reads for the page alone.
    const fresh = loggingReader(files);
    const expected = await (await createShim({ reader: fresh })(new Request(`http://x/api/plugins?${query}`))).json();
    const ownFiles = new Set(fresh.reads);
    const record = /records-|fine-/;
    const reader = loggingReader(new Map([...files].filter(([path]) => !record.test(path) || ownFiles.has(path))));
    const response = await createShim({ reader, readAhead: true })(new Request(`http://x/api/plugins?${query}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
    // It did try a file beyond its own.
    expect(reader.reads.filter((path) => record.test(path) && !ownFiles.has(path)).length).toBeGreaterThan(0);
  });

  it("the first stars page reads the manifest and one record shard, nothing else", async () => {
    const { reads, get } = await countingShim(450);
    await get("");
    expect(reads).toEqual([expect.stringMatching(/^catalog\/manifest\.json$/), expect.stringMatching(/^catalog\/data\/records-stars-0\./)]);
  });

  it("a first unfiltered page of another order reads at most two record shards and nothing else: shards name their plugins", async () => {
    const { reads, get } = await countingShim(450);
    await get("sort=recent&page=2&per_page=100");
    expect(reads[0]).toBe("catalog/manifest.json");
    expect(reads.slice(1).every((path) => path.startsWith("catalog/data/records-recent-"))).toBe(true);
    expect(reads.length).toBeLessThanOrEqual(3);
    await get("sort=name&page=3&per_page=70");
    expect(reads.some((path) => /postings|filters|groups/.test(path))).toBe(false);
  });

  it("a record read for one order serves every order: with the stars shards in, others read their order once, then no shard", async () => {
    const { reads, get } = await countingShim(450);
    for (let page = 1; page <= 5; page++) await get(`per_page=100&page=${page}`);
    for (const sort of ["recent", "name"]) await get(`sort=${sort}&page=2&per_page=10`);
    reads.length = 0;
    for (const sort of ["recent", "name"])
      for (const [page, perPage] of [
        [1, 100],
        [3, 37],
        [9, 50],
      ] as const)
        await get(`sort=${sort}&page=${page}&per_page=${perPage}`);
    expect(reads.filter((path) => path.includes("records-"))).toEqual([]);
    expect(reads.filter((path) => path.includes("orders-")).length).toBe(2);
  });

  it("a page of an author reads one filter pack and the author's group file, whatever its order", async () => {
    for (const sort of ["stars", "recent", "name"]) {
      const { reads, get, snapshot } = await countingShim(450);
      await get("per_page=1");
      reads.length = 0;
      await get(`author=${snapshot.plugins[0]!.creators[0]!}&sort=${sort}`);
      expect(reads.map((path) => path.replace(/(-\d+)+\.[0-9a-f]+\.bin$/, ""))).toEqual(["catalog/data/filters", "catalog/data/groups"]);
    }
  });

  it("a search reads its postings blocks and record files, never the Lunr chunks", async () => {
    const { reads, get } = await countingShim(450);
    await get("q=chart&sort=name");
    expect(reads.some((path) => /search/.test(path))).toBe(false);
    expect(reads.some((path) => /postings-\d+\./.test(path))).toBe(true);
  });

  it("a repeated query reads nothing again", async () => {
    const { reads, get } = await countingShim(300);
    await get("q=chart&sort=name&category=acme-plugin");
    const after = reads.length;
    expect(reads.some((path) => /postings-\d+\./.test(path))).toBe(true);
    await get("q=chart&sort=name&category=acme-plugin");
    expect(reads.length).toBe(after);
  });
});
