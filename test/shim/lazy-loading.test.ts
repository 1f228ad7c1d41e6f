import { describe, expect, it } from "vitest";
import { buildSite } from "../../src/site/build-site.js";
import { createShim } from "../../src/shim/index.js";
import { generateSnapshot } from "../../src/sample/generate.js";

async function countingShim(plugins: number) {
  const files = await buildSite(generateSnapshot({ plugins, seed: 3 }));
  const reads: string[] = [];
  const shim = createShim({
    reader: { read: async (path) => (reads.push(path), files.get(path) ?? null) },
  });
  const get = async (query: string) => {
    const response = await shim(new Request(`http://x/api/plugins?${query}`));
    expect(response.status).toBe(200);
    return response.json();
  };
  return { reads, get };
}

describe("the shim loads lazily and once", () => {
  it("an unfiltered page reads the manifest and at most two record shards, never search data", async () => {
    const { reads, get } = await countingShim(450);
    await get("sort=recent&page=2&per_page=100");
    expect(reads[0]).toBe("catalog/manifest.json");
    expect(reads.slice(1).every((path) => path.startsWith("catalog/data/records-recent-"))).toBe(true);
    expect(reads.length).toBeLessThanOrEqual(3);
    await get("sort=name&page=3&per_page=70");
    expect(reads.some((path) => path.includes("search"))).toBe(false);
  });

  it("a repeated query reads nothing again", async () => {
    const { reads, get } = await countingShim(300);
    await get("q=chart&sort=name&category=acme-plugin");
    const after = reads.length;
    expect(reads.some((path) => /search-\d+\./.test(path))).toBe(true);
    await get("q=chart&sort=name&category=acme-plugin");
    expect(reads.length).toBe(after);
  });
});
