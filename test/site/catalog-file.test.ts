/**
 * `/api/catalog.json` as the build writes it: byte ranges of one body, each
 * under the part size, which the shim answers joined, whatever the cut.
 */
import { describe, expect, it } from "vitest";
import { MANIFEST_PATH, type SiteManifest } from "../../src/core/site-format.js";
import { buildSite, type SiteFiles } from "../../src/site/build-site.js";
import { catalogFileParts } from "../../src/site/catalog-file.js";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { call } from "../support/http.js";
import { mapReader, shimTarget } from "../support/targets.js";

const manifestOf = (files: SiteFiles) => JSON.parse(new TextDecoder().decode(files.get(MANIFEST_PATH))) as SiteManifest;

describe("the whole catalog's file", () => {
  it("is cut into parts of at most the part size that join into the JSON body", () => {
    const records = ['{"slug":"a"}', '{"slug":"ü"}', '{"slug":"c"}'].map((record) => new TextEncoder().encode(record));
    const whole = Buffer.concat(catalogFileParts("2025-01-01T00:00:00.000Z", records)).toString("utf8");
    expect(whole).toBe('{"builtAt":"2025-01-01T00:00:00.000Z","total":3,"plugins":[{"slug":"a"},{"slug":"ü"},{"slug":"c"}]}');
    const parts = catalogFileParts("2025-01-01T00:00:00.000Z", records, 7);
    expect(parts.length).toBe(Math.ceil(Buffer.byteLength(whole) / 7));
    for (const part of parts) expect(part.byteLength).toBeLessThanOrEqual(7);
    expect(Buffer.concat(parts).toString("utf8")).toBe(whole);
  });

  it("is one part for a catalog of hundreds; any cut gives the shim the same bytes; a lost part is a 503", async () => {
    const snapshot = generateSnapshot({ plugins: 300, seed: 5 });
    const [whole, cut] = await Promise.all([buildSite(snapshot), buildSite(snapshot, { catalogPartBytes: 20_000 })]);
    expect(manifestOf(whole).catalog).toHaveLength(1);
    const parts = manifestOf(cut).catalog;
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(cut.get(part)?.byteLength).toBeLessThanOrEqual(20_000);
    const answer = (files: SiteFiles) => call(shimTarget(mapReader(files)), "/api/catalog.json");
    const [one, many] = await Promise.all([answer(whole), answer(cut)]);
    expect(many.status).toBe(200);
    expect(many.text).toBe(one.text);
    expect(JSON.parse(many.text)).toMatchObject({ builtAt: snapshot.generatedAt, total: 300 });
    const lost = new Map(cut);
    lost.delete(parts[2]!);
    expect((await call(shimTarget(mapReader(lost)), "/api/catalog.json")).status).toBe(503);
  });

  it("gives status, the whole catalog and details new ETags when only the build time changes; the other answers keep theirs", async () => {
    const snapshot = generateSnapshot({ plugins: 40, seed: 9 });
    const later = { ...snapshot, generatedAt: "2030-01-01T00:00:00.000Z" };
    const [a, b] = await Promise.all([buildSite(snapshot), buildSite(later)]);
    const etags = async (files: SiteFiles) => {
      const target = shimTarget(mapReader(files));
      // A detail's maintenance follows the build's time.
      const paths = [
        "/api/plugins?q=chart",
        "/api/facets",
        "/api/status",
        "/api/catalog.json",
        `/api/plugins/${snapshot.plugins[0]!.slug}`,
      ];
      return Promise.all(paths.map(async (path) => (await call(target, path)).headers.get("etag")));
    };
    const [before, after] = await Promise.all([etags(a), etags(b)]);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).not.toBe(before[2]);
    expect(after[3]).not.toBe(before[3]);
    expect(after[4]).not.toBe(before[4]);
  });
});
