/**
 * Detail files (core/site-format.ts `DetailFile`), written by the build and read back by the shim's reader: every
 * plugin is found in the one file its hash names, files keep to their budget, equal hashes share a file, and a
 * broken file is a 503, never a wrong answer.
 */
import { describe, expect, it } from "vitest";
import {
  DETAIL_HASH_DIGITS,
  type DetailFiles,
  detailFileIndex,
  type FileSeries,
  seriesFile,
  seriesLength,
  slugHash,
} from "../../../src/core/site-format.js";
import { detailIn, readDetailFile } from "../../../src/shim/detail-file-reader.js";
import { CatalogUnavailable } from "../../../src/shim/problem.js";
import { writeDetailFiles } from "../../../src/site/detail/detail-files.js";
import { detailContext, pluginDetail } from "../../../src/site/detail/plugin-detail.js";
import type { SnapshotPlugin } from "../../../src/snapshot/schema.js";
import { makePlugin } from "../../support/fixtures.js";
import { LARGE } from "../../support/large-catalog.js";

const BUILT_AT = "2025-03-04T02:00:00.000Z";
const decoder = new TextDecoder();
/** Two slugs of one FNV-1a hash (0x87d84ab8), and another pair of another. */
const COLLIDING = ["plugin-9vlf", "plugin-apdh"] as const;
const COLLIDING_TOO = ["plugin-apdf", "plugin-9vlh"] as const;

function written(plugins: readonly SnapshotPlugin[], budget: number) {
  const files = new Map<string, Uint8Array>();
  const details = writeDetailFiles(
    (kind, bytes) => {
      const path = `catalog/data/${kind}.${String(files.size).padStart(16, "0")}.bin`;
      files.set(path, bytes);
      return path;
    },
    plugins,
    BUILT_AT,
    budget,
  );
  return { files, details };
}

function fileOf(details: DetailFiles, files: ReadonlyMap<string, Uint8Array>, index: number) {
  const path = seriesFile(details.files, index) ?? "";
  return readDetailFile(files.get(path) ?? new Uint8Array(), path);
}

async function lookUp(details: DetailFiles, files: ReadonlyMap<string, Uint8Array>, slug: string): Promise<string | undefined> {
  const index = detailFileIndex(details, slugHash(slug));
  if (index === undefined) return undefined;
  const body = await detailIn(fileOf(details, files, index), slug, slugHash(slug));
  return body === undefined ? undefined : decoder.decode(body);
}

describe("detail files", () => {
  const plugins = LARGE.snapshot.plugins.slice(0, 300);
  const context = detailContext(plugins, BUILT_AT);

  it("hold every plugin's detail, found through the manifest's first hashes and the file's table", async () => {
    const { files, details } = written(plugins, 4_096);
    expect(seriesLength(details.files)).toBeGreaterThan(10);
    for (const plugin of plugins)
      expect(await lookUp(details, files, plugin.slug), plugin.slug).toBe(JSON.stringify(pluginDetail(plugin, context)));
  });

  it("keep to the budget unless one detail alone is larger; files start where the manifest says, hashes ascend across them", () => {
    const budget = 2_048;
    const { files, details } = written(plugins, budget);
    let previous = -1;
    for (let i = 0; i < seriesLength(details.files); i++) {
      const path = seriesFile(details.files, i) ?? "";
      const contents = fileOf(details, files, i);
      expect(files.get(path)!.byteLength <= budget || contents.count === 1, path).toBe(true);
      expect(contents.hashes[0]?.toString(16).padStart(DETAIL_HASH_DIGITS, "0")).toBe(details.firsts.slice(8 * i, 8 * i + 8));
      for (const hash of contents.hashes) {
        expect(hash).toBeGreaterThan(previous);
        previous = hash;
      }
    }
  });

  it("never split equal hashes, and tell slugs of one hash apart", async () => {
    const colliding = [...COLLIDING, ...COLLIDING_TOO].map((npmName) => makePlugin({ npmName, readme: `about ${npmName}` }));
    expect(new Set(colliding.map((plugin) => slugHash(plugin.slug))).size).toBe(2);
    const { files, details } = written(colliding, 1);
    expect(seriesLength(details.files)).toBe(2);
    for (let i = 0; i < 2; i++) expect(fileOf(details, files, i).count).toBe(2);
    for (const plugin of colliding) expect(JSON.parse((await lookUp(details, files, plugin.slug)) ?? "{}").readme).toBe(plugin.readme);
  });

  it("answer nothing for a slug they do not hold, of a hash they hold or not", async () => {
    const { files, details } = written([makePlugin({ npmName: COLLIDING[0] })], 1);
    expect(await lookUp(details, files, COLLIDING[1])).toBeUndefined();
    expect(await lookUp(details, files, "plugin-9vl")).toBeUndefined();
    expect(detailFileIndex(details, slugHash(COLLIDING[0]) - 1)).toBeUndefined();
    const none = written([], 1);
    expect(none.details).toEqual({ files: { name: "details", hashes: "" } satisfies FileSeries, firsts: "" });
    expect(detailFileIndex(none.details, 0)).toBeUndefined();
  });

  it("are refused when broken: a short or inconsistent table, a body that does not inflate to its length", async () => {
    const { files, details } = written([makePlugin({ npmName: "solo", readme: "x".repeat(500) })], 1);
    const bytes = files.get(seriesFile(details.files, 0) ?? "")!;
    expect(() => readDetailFile(bytes.subarray(0, 3), "f")).toThrow(CatalogUnavailable);
    expect(() => readDetailFile(bytes.subarray(0, bytes.byteLength - 1), "f")).toThrow(CatalogUnavailable);
    const wrongLength = bytes.slice();
    new DataView(wrongLength.buffer).setUint32(12, 5, true);
    await expect(detailIn(readDetailFile(wrongLength, "f"), "solo", slugHash("solo"))).rejects.toThrow(CatalogUnavailable);
    const garbled = bytes.slice();
    garbled.fill(0x55, 16, 30);
    await expect(detailIn(readDetailFile(garbled, "f"), "solo", slugHash("solo"))).rejects.toThrow(CatalogUnavailable);
  });
});
