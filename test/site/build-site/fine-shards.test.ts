/**
 * Fine shards (the `stars` order again, in small record files) hold `fineShardSize` plugins each, unless the catalog
 * would then need more than `fineShardFiles` of them: the site stays within a host's file limit, and every page reads
 * the same records whatever the size.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SiteManifest } from "../../../src/core/site-format.js";
import { createShim } from "../../../src/shim/index.js";
import { buildSite } from "../../../src/site/build-site.js";
import { DEFAULT_LAYOUT, fineShardSizeFor } from "../../../src/site/layout.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { mapReader } from "../../support/targets.js";

const fineFiles = (files: ReadonlyMap<string, Uint8Array>) => [...files.keys()].filter((path) => /\/fine-\d+\./.test(path));
const manifestOf = (files: ReadonlyMap<string, Uint8Array>) =>
  JSON.parse(Buffer.from(files.get("catalog/manifest.json")!).toString("utf8")) as SiteManifest;

describe("fineShardSizeFor", () => {
  it("is the least size of at least fineShardSize that needs at most fineShardFiles files", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 5_000 }),
        (plugins, least, most) => {
          const layout = { ...DEFAULT_LAYOUT, fineShardSize: least, fineShardFiles: most };
          const size = fineShardSizeFor(layout, plugins);
          expect(size).toBeGreaterThanOrEqual(least);
          expect(Math.ceil(plugins / size)).toBeLessThanOrEqual(most);
          if (size > least) expect(Math.ceil(plugins / (size - 1))).toBeGreaterThan(most);
        },
      ),
    );
  });
});

describe("fine shards", () => {
  const snapshot = generateSnapshot({ plugins: 300, seed: 11 });

  it("hold fineShardSize plugins while that needs few enough files, and more when it would not", async () => {
    const small = await buildSite(snapshot, { layout: { fineShardSize: 12, fineShardFiles: 100 } });
    expect(manifestOf(small).fineShardSize).toBe(12);
    expect(fineFiles(small)).toHaveLength(25);
    const capped = await buildSite(snapshot, { layout: { fineShardSize: 12, fineShardFiles: 7 } });
    expect(manifestOf(capped).fineShardSize).toBe(43);
    expect(fineFiles(capped)).toHaveLength(7);
  });

  it("answer scattered pages alike whatever their size", async () => {
    const [small, capped] = await Promise.all([
      buildSite(snapshot, { layout: { fineShardSize: 2, fineShardFiles: 1_000 } }),
      buildSite(snapshot, { layout: { fineShardSize: 2, fineShardFiles: 7 } }),
    ]);
    const queries = [
      "q=plugin+da&sort=relevance&page=3&per_page=1",
      "q=data&sort=name&page=2&per_page=1",
      "q=s&sort=relevance&page=5&per_page=1",
    ];
    for (const query of queries) {
      // A new shim for each query and site: nothing is in memory, and a page of one plugin is read
      // from fine shards (fewer bytes than a shard of 200).
      const [one, other] = await Promise.all([coldAnswer(small, query), coldAnswer(capped, query)]);
      expect(one.fineReads, query).toBeGreaterThan(0);
      expect(other.fineReads, query).toBeGreaterThan(0);
      expect(JSON.parse(one.body).plugins.length, query).toBeGreaterThan(0);
      expect(other.body, query).toBe(one.body);
    }
  });
});

async function coldAnswer(files: ReadonlyMap<string, Uint8Array>, query: string) {
  const reader = mapReader(files);
  let fineReads = 0;
  const shim = createShim({
    reader: {
      read: (path) => {
        if (/\/fine-\d+\./.test(path)) fineReads++;
        return reader.read(path);
      },
    },
  });
  const body = await (await shim(new Request(`http://x/api/plugins?${query}`))).text();
  return { body, fineReads };
}
