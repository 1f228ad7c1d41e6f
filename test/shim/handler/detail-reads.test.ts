/**
 * What a detail reads (contract section 11: "a cold detail reads at most 2 files"): the manifest and the one detail
 * file its slug's hash names; nothing again for a detail asked twice or another of the same file; nothing at all for a
 * path that can name no plugin.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type SiteManifest, seriesFile, seriesLength } from "../../../src/core/site-format.js";
import { createShim } from "../../../src/shim/index.js";
import { buildSite } from "../../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../../src/snapshot/schema.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { loggingReader } from "../../support/targets.js";

const DETAIL_FILE = /^catalog\/data\/details-\d+\.[0-9a-f]{16}\.bin$/;

describe("a detail's reads", () => {
  let snapshot: CatalogSnapshot;
  let files: Map<string, Uint8Array>;
  let manifest: SiteManifest;
  beforeAll(async () => {
    snapshot = generateSnapshot({ plugins: 1_500, seed: 5 });
    files = await buildSite(snapshot, { layout: { detailFileBytes: 16 * 1024 } });
    manifest = JSON.parse(new TextDecoder().decode(files.get("catalog/manifest.json"))) as SiteManifest;
  });

  const coldShim = () => {
    const reader = loggingReader(files);
    const shim = createShim({ reader });
    const get = async (slug: string) => (await shim(new Request(`http://x/api/plugins/${slug}`))).status;
    return { reads: reader.reads, get };
  };

  it("cold: the manifest and one detail file, for a plugin and for a slug no plugin has", async () => {
    expect(seriesLength(manifest.details.files)).toBeGreaterThan(20);
    for (const slug of [snapshot.plugins[0]!.slug, snapshot.plugins[700]!.slug, "no-such-plugin"]) {
      const { reads, get } = coldShim();
      expect(await get(slug)).toBe(slug === "no-such-plugin" ? 404 : 200);
      expect(reads, slug).toEqual(["catalog/manifest.json", expect.stringMatching(DETAIL_FILE)]);
    }
  });

  it("warm: a detail asked again, or another of a file read already, reads nothing", async () => {
    const { reads, get } = coldShim();
    const [first] = snapshot.plugins;
    await get(first!.slug);
    const file = reads[1];
    const neighbour = snapshot.plugins.find((plugin) => plugin !== first && readsOf(plugin.slug) === file);
    expect(neighbour).toBeDefined();
    reads.length = 0;
    expect([await get(first!.slug), await get(neighbour!.slug)]).toEqual([200, 200]);
    expect(reads).toEqual([]);
  });

  it("follows a rebuild whose data did not change but whose details did (its time): the new details, the new ETag", async () => {
    const later = await buildSite({ ...snapshot, generatedAt: "2031-01-01T00:00:00.000Z" }, { layout: { detailFileBytes: 16 * 1024 } });
    const laterManifest = JSON.parse(new TextDecoder().decode(later.get("catalog/manifest.json"))) as SiteManifest;
    expect(laterManifest.buildId).toBe(manifest.buildId);
    const site = new Map(files);
    const shim = createShim({ reader: { read: async (path) => site.get(path) ?? null }, manifestTtlMs: 0 });
    const detail = async () => shim(new Request(`http://x/api/plugins/${snapshot.plugins[0]!.slug}`));
    const before = await detail();
    const beforeBody = JSON.parse(await before.text()) as { score: { maintenance: number } };
    site.clear();
    for (const [path, bytes] of later) site.set(path, bytes);
    const after = await detail();
    expect(after.status).toBe(200);
    expect((JSON.parse(await after.text()) as { score: { maintenance: number } }).score.maintenance).toBeLessThan(
      beforeBody.score.maintenance,
    );
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("a path that can name no plugin reads nothing", async () => {
    const { reads, get } = coldShim();
    expect([await get("Upper"), await get("%ZZ"), await get("a%2Fb")]).toEqual([404, 404, 404]);
    expect(reads).toEqual([]);
  });

  /** The detail file a cold shim reads for `slug`. */
  function readsOf(slug: string): string | undefined {
    const index = [...Array(seriesLength(manifest.details.files)).keys()].find((i) => {
      const first = parseInt(manifest.details.firsts.slice(8 * i, 8 * i + 8), 16);
      const next =
        i + 1 < seriesLength(manifest.details.files) ? parseInt(manifest.details.firsts.slice(8 * i + 8, 8 * i + 16), 16) : 2 ** 32;
      const hash = fnv(slug);
      return hash >= first && hash < next;
    });
    return index === undefined ? undefined : seriesFile(manifest.details.files, index);
  }
});

/** 32-bit FNV-1a over UTF-16 code units, as docs/ARCHITECTURE.md names the detail files' hash. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
