/**
 * The Worker's tiny site (src/runtime/worker/tiny-site.ts) made into files by
 * the encoders `buildSite` uses, with every file cut as small as it goes. Run
 * when the Worker is bundled (bundle-worker.ts), so that the Worker carries
 * the files' bytes and none of this code. No Lunr or hashing: the warm-up
 * reads only what the shim reads (the details deflated, as the shim reads them).
 */

import { ORDER_KEYS, type OrderKey } from "../src/core/plugin.js";
import { type FileSeries, MANIFEST_PATH, SITE_FORMAT, SITE_FORMAT_VERSION, type SiteManifest } from "../src/core/site-format.js";
import {
  type EncodedSite,
  TINY_CATEGORIES,
  TINY_HOST,
  TINY_ORDERS,
  TINY_PLUGINS,
  type TinyPlugin,
} from "../src/runtime/worker/tiny-site.js";
import { writeCompatFiles } from "../src/site/compat/compat-files.js";
import { hostVersions } from "../src/site/compat/host-versions.js";
import { writeDetailFiles } from "../src/site/detail/detail-files.js";
import { type AddFile, writeSeries } from "../src/site/file-series.js";
import { type FilterFacts, writeFilterPacks } from "../src/site/filter-packs.js";
import type { SiteLayout } from "../src/site/layout.js";
import { ranksOf, writeOrderFiles } from "../src/site/orders.js";
import { writeScoredPostingsBlocks } from "../src/site/postings-blocks.js";
import { encodeRecordFile, type RecordSource } from "../src/site/record-file-writer.js";
import { averageLengths, encodeLengthsFile, type FieldCounts } from "../src/site/relevance-files.js";
import type { SnapshotPlugin } from "../src/snapshot/schema.js";

const LAYOUT: SiteLayout = {
  fineShardSize: 2,
  fineShardFiles: 2,
  postingsBlockBytes: 40,
  frequencyBytes: 24,
  scoreOrderMin: 2,
  scoreOrderLength: 2,
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
  const scored = writeScoredPostingsBlocks(
    add,
    search.terms,
    search.postings,
    search.counts,
    TINY_PLUGINS.length,
    { blockBytes: LAYOUT.postingsBlockBytes, frequencyBytes: LAYOUT.frequencyBytes },
    { lengths: search.lengths, averages: averageLengths(search.lengths), minMembers: LAYOUT.scoreOrderMin, length: 2 },
  );
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
    postings: scored.postings,
    relevance: {
      ...scored.frequencies,
      lengths: add("lengths", encodeLengthsFile(search.lengths)),
      averages: averageLengths(search.lengths),
    },
    search: add("search", encoder.encode('{"chunks":[]}')),
    status: add("status", encoder.encode("{}")),
    catalog: [add("catalog-0", encoder.encode('{"plugins":[]}'))],
    openapi: add("openapi", encoder.encode("{}")),
    ...writeCompatFiles(add, (kind, content) => add(kind, encoder.encode(JSON.stringify(content))), tinyCompat(), LAYOUT.keyPackBytes),
    details: writeDetailFiles(add, TINY_PLUGINS.map(snapshotPlugin), BUILT_AT, LAYOUT.detailFileBytes),
  };
  files.set(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest)));
  return files;
}

/** The files as the Worker bundle carries them (`TINY_SITE`). */
export function encodeSite(files: ReadonlyMap<string, Uint8Array>): EncodedSite {
  return Object.fromEntries([...files].map(([path, bytes]) => [path, Buffer.from(bytes).toString("base64")]));
}

function tinyCompat() {
  const compatibility = { host: TINY_HOST.host, ranges: [], versions: [...TINY_HOST.versions], distTags: { ...TINY_HOST.distTags } };
  return { compatibility, host: hostVersions(compatibility), ranges: TINY_PLUGINS.map((plugin) => plugin.range) };
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

/**
 * Each word's plugins, words in code-unit order; a plugin's first word is its name, the others its README (each
 * once), so that every term is scored from the name field or the README's.
 */
function termPostings(): { terms: string[]; postings: number[][]; counts: FieldCounts[]; lengths: FieldCounts } {
  const postings = new Map<string, number[]>();
  const inName = new Map<string, number[]>();
  TINY_PLUGINS.forEach((plugin, ordinal) => {
    plugin.words.forEach((word, i) => {
      (postings.get(word) ?? postings.set(word, []).get(word)!).push(ordinal);
      (inName.get(word) ?? inName.set(word, []).get(word)!).push(i === 0 ? 1 : 0);
    });
  });
  const terms = [...postings.keys()].sort();
  const counts = terms.map((term): FieldCounts => {
    const name = inName.get(term)!;
    return [name, name.map(() => 0), name.map((n) => 1 - n)];
  });
  const lengths: FieldCounts = [
    TINY_PLUGINS.map(() => 1),
    TINY_PLUGINS.map(() => 0),
    TINY_PLUGINS.map((plugin) => plugin.words.length - 1),
  ];
  return { terms, postings: terms.map((term) => postings.get(term)!), counts, lengths };
}
