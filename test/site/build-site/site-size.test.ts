/**
 * The hosts' limits at 50,000 plugins (contract section 11): no file per plugin, the whole site within 15,000 files
 * and 900 MB (Cloudflare takes 20,000 files, GitHub Pages 1 GB), and a cold detail's two files (the manifest and a
 * detail file) within 512 KB. The sample generator's catalog, with facts drawn for its details; the site is built
 * as the CLI builds it, into a sink that counts bytes and keeps none.
 */
import { describe, expect, it } from "vitest";
import { MANIFEST_PATH } from "../../../src/core/site-format.js";
import { buildSiteInto } from "../../../src/site/build-site.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { withDetailFacts } from "../../support/detail-facts.js";

const PLUGINS = 50_000;
const DETAIL_FILE = /^catalog\/data\/details-\d+\./;

describe(`a site of ${PLUGINS.toLocaleString("en")} plugins`, () => {
  it("stays within 15,000 files and 900 MB, and a cold detail reads at most 512 KB", async () => {
    const snapshot = withDetailFacts(generateSnapshot({ plugins: PLUGINS, seed: 1 }), 11, false);
    const site = { files: 0, bytes: 0, manifest: 0, largestDetailFile: 0, detailFiles: 0 };
    await buildSiteInto(
      {
        set(path, bytes) {
          site.files++;
          site.bytes += bytes.byteLength;
          if (path === MANIFEST_PATH) site.manifest = bytes.byteLength;
          if (DETAIL_FILE.test(path)) {
            site.detailFiles++;
            site.largestDetailFile = Math.max(site.largestDetailFile, bytes.byteLength);
          }
        },
      },
      snapshot,
    );
    const summary = JSON.stringify(site);
    expect(site.detailFiles, summary).toBeGreaterThan(0);
    expect(site.detailFiles, summary).toBeLessThan(PLUGINS / 20);
    expect(site.files, summary).toBeLessThanOrEqual(15_000);
    expect(site.bytes, summary).toBeLessThanOrEqual(900_000_000);
    expect(site.manifest + site.largestDetailFile, summary).toBeLessThanOrEqual(512 * 1024);
  }, 900_000);
});
