/**
 * The Worker's tiny site (src/runtime/worker/tiny-site.ts) made into files by
 * the encoders `buildSite` uses, with every file cut as small as it goes. Run
 * when the Worker is bundled (bundle-worker.ts), so that the Worker carries
 * the files' bytes and none of this code. No Lunr or hashing: the warm-up
 * reads only what the shim reads (the details deflated, as the shim reads them).
 */

import { ORDER_KEYS, type OrderKey } from "../src/core/plugin.js";
import { type FileSeries, MANIFEST_PATH, SITE_FORMAT, SITE_FORMAT_VERSION, type SiteManifest } from "../src/core/site-format.js";
import { type EncodedSite, TINY_CATEGORIES, TINY_ORDERS, TINY_PLUGINS, type TinyPlugin } from "../src/runtime/worker/tiny-site.js";
import { writeDetailFiles } from "../src/site/detail/detail-files.js";
import { type AddFile, writeSeries } from "../src/site/file-series.js";
import { type FilterFacts, writeFilterPacks } from "../src/site/filter-packs.js";
import type { SiteLayout } from "../src/site/layout.js";
import { ranksOf, writeOrderFiles } from "../src/site/orders.js";
import { writePostingsBlocks } from "../src/site/postings-blocks.js";
import { encodeRecordFile, type RecordSource } from "../src/site/record-file-writer.js";
import type { SnapshotPlugin } from "../src/snapshot/schema.js";

const LAYOUT: SiteLayout = {
  fineShardSize: 2,
  postingsBlockBytes: 40,
  keyPackBytes: 48,
  groupLimit: 2,
  groupShare: 0,
  groupChunk: 2,
  detailFileBytes: 64,
};
const BUILT_AT = "2025-01-01T00:00:00.000Z";
const SHARD_SIZE = 3;
const encoder = new TextEncoder();

/** The tiny site's files by path. */
export function tinySiteFiles(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let next = 0;
  const add: AddFile = (kind, bytes) => {
    const path = `catalog/data/${kind}.${(next++).toString(16).padStart(16, "0")}.bin`;
    files.set(path, bytes);
    return path;
  };
  const source: RecordSource = {
    // The shim never parses a record (it joins their bytes), so a record here is its slug alone: the Worker carries
    // several copies of each.
    json: TINY_PLUGINS.map((plugin) => encoder.encode(JSON.stringify({ slug: plugin.slug }))),
    ranks: { recent: ranksOf(TINY_ORDERS.recent), name: ranksOf(TINY_ORDERS.name), downloads: ranksOf(TINY_ORDERS.downloads) },
  };
  const shards = (size: number, order: readonly number[]): Uint8Array[] =>
    Array.from({ length: Math.ceil(order.length / size) }, (_, i) => encodeRecordFile(source, order.slice(i * size, (i + 1) * size)));
  const search = termPostings();
  const manifest: SiteManifest = {
    format: SITE_FORMAT,
    formatVersion: SITE_FORMAT_VERSION,
    buildId: "tiny",
    builtAt: BUILT_AT,
    plugins: TINY_PLUGINS.length,
    shardSize: SHARD_SIZE,
    groupChunk: LAYOUT.groupChunk,
    records: Object.fromEntries(
      ORDER_KEYS.map((sort) => [sort, writeSeries(add, `records-${sort}`, shards(SHARD_SIZE, TINY_ORDERS[sort]))]),
    ) as Record<OrderKey, FileSeries>,
    fineShards: writeSeries(add, "fine", shards(LAYOUT.fineShardSize, TINY_ORDERS.stars)),
    fineShardSize: LAYOUT.fineShardSize,
    ...writeOrderFiles(add, TINY_ORDERS, source.ranks),
    ...writeFilterPacks(add, TINY_PLUGINS.map(filterFacts), TINY_CATEGORIES, source, LAYOUT),
    postings: writePostingsBlocks(add, search.terms, search.postings, TINY_PLUGINS.length, LAYOUT.postingsBlockBytes),
    search: add("search", encoder.encode('{"chunks":[]}')),
    status: add("status", encoder.encode("{}")),
    catalog: [add("catalog-0", encoder.encode('{"plugins":[]}'))],
    openapi: add("openapi", encoder.encode("{}")),
    details: writeDetailFiles(add, TINY_PLUGINS.map(snapshotPlugin), BUILT_AT, LAYOUT.detailFileBytes),
  };
  files.set(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest)));
  return files;
}

/** The files as the Worker bundle carries them (`TINY_SITE`). */
export function encodeSite(files: ReadonlyMap<string, Uint8Array>): EncodedSite {
  return Object.fromEntries([...files].map(([path, bytes]) => [path, Buffer.from(bytes).toString("base64")]));
}

/** A record for the detail files: what the shim reads of a detail is its first bytes, the slug. */
function snapshotPlugin(plugin: TinyPlugin): SnapshotPlugin {
  return {
    slug: plugin.slug,
    npmName: plugin.slug,
    name: plugin.slug,
    description: "",
    version: "1.0.0",
    license: "MIT",
    homepage: null,
    totalStars: 0,
    totalForks: 0,
    hasWebUi: plugin.hasWebUi,
    publishedAt: BUILT_AT,
    updatedAt: BUILT_AT,
    tags: [...plugin.tags],
    readme: plugin.words.join(" "),
    creators: [...plugin.creators],
    mirrors: [],
  };
}

function filterFacts(plugin: TinyPlugin): FilterFacts {
  return { tags: [...plugin.tags], creators: [...plugin.creators], hasWebUi: plugin.hasWebUi };
}

/** Each word's plugins, words in code-unit order. */
function termPostings(): { terms: string[]; postings: number[][] } {
  const postings = new Map<string, number[]>();
  TINY_PLUGINS.forEach((plugin, ordinal) => {
    for (const word of plugin.words) (postings.get(word) ?? postings.set(word, []).get(word)!).push(ordinal);
  });
  const terms = [...postings.keys()].sort();
  return { terms, postings: terms.map((term) => postings.get(term)!) };
}
