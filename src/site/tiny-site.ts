/**
 * A site of four plugins, built in memory by the encoders `buildSite` uses,
 * with every file cut as small as it goes, so that its few queries take
 * every path a real catalog's do (list and bitmap sets, group chunks, fine
 * shards, prefix unions across postings blocks). No Lunr, hashing or
 * compression: it builds anywhere, a Worker's global scope included. The
 * shim warms up on it (shim/warm-up.ts).
 */

import { type Plugin, SORT_KEYS, type SortKey } from "../core/plugin.js";
import { type FileSeries, MANIFEST_PATH, SITE_FORMAT, SITE_FORMAT_VERSION, type SiteManifest } from "../core/site-format.js";
import { type AddFile, writeSeries } from "./file-series.js";
import { type FilterFacts, writeFilterPacks } from "./filter-packs.js";
import type { SiteLayout } from "./layout.js";
import { ranksOf, writeOrderFiles } from "./orders.js";
import { writePostingsBlocks } from "./postings-blocks.js";
import { encodeRecordFile, type RecordSource } from "./record-file.js";

const LAYOUT: SiteLayout = { fineShardSize: 2, postingsBlockBytes: 40, keyPackBytes: 48, groupLimit: 2, groupShare: 0, groupChunk: 2 };
const SHARD_SIZE = 3;
const encoder = new TextEncoder();

/** By ordinal; each plugin's words for the search index beside it. */
const PLUGINS: readonly (FilterFacts & { readonly slug: string; readonly words: readonly string[] })[] = [
  { slug: "alpha", tags: ["data", "ui"], creators: ["ann"], hasWebUi: true, words: ["alpha", "chart", "data"] },
  { slug: "beta", tags: ["data"], creators: ["ann", "bob"], hasWebUi: false, words: ["beta", "chart", "charting"] },
  { slug: "gamma", tags: ["data", "ui"], creators: ["bob"], hasWebUi: true, words: ["gamma", "chartist", "data"] },
  { slug: "delta", tags: ["ui"], creators: ["cy"], hasWebUi: false, words: ["delta", "chat"] },
];
/** Per order, its positions' ordinals. */
const ORDERS: Readonly<Record<SortKey, readonly number[]>> = { stars: [0, 1, 2, 3], recent: [2, 0, 3, 1], name: [1, 3, 0, 2] };

export function tinySite(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let next = 0;
  const add: AddFile = (kind, bytes) => {
    const path = `catalog/data/${kind}.${(next++).toString(16).padStart(16, "0")}.bin`;
    files.set(path, bytes);
    return path;
  };
  const source: RecordSource = {
    json: PLUGINS.map((plugin) => encoder.encode(JSON.stringify(wireRecord(plugin)))),
    ranks: { recent: ranksOf(ORDERS.recent), name: ranksOf(ORDERS.name) },
  };
  const shards = (size: number, order: readonly number[]): Uint8Array[] =>
    Array.from({ length: Math.ceil(order.length / size) }, (_, i) => encodeRecordFile(source, order.slice(i * size, (i + 1) * size)));
  const search = termPostings();
  const manifest: SiteManifest = {
    format: SITE_FORMAT,
    formatVersion: SITE_FORMAT_VERSION,
    buildId: "tiny",
    builtAt: "2025-01-01T00:00:00.000Z",
    plugins: PLUGINS.length,
    shardSize: SHARD_SIZE,
    groupChunk: LAYOUT.groupChunk,
    records: Object.fromEntries(
      SORT_KEYS.map((sort) => [sort, writeSeries(add, `records-${sort}`, shards(SHARD_SIZE, ORDERS[sort]))]),
    ) as Record<SortKey, FileSeries>,
    fineShards: writeSeries(add, "fine", shards(LAYOUT.fineShardSize, ORDERS.stars)),
    fineShardSize: LAYOUT.fineShardSize,
    ...writeOrderFiles(add, ORDERS, source.ranks),
    ...writeFilterPacks(add, PLUGINS, ["Data", "UI"], source, LAYOUT),
    postings: writePostingsBlocks(add, search.terms, search.postings, PLUGINS.length, LAYOUT.postingsBlockBytes),
    search: add("search", encoder.encode('{"chunks":[]}')),
    status: add("status", encoder.encode("{}")),
    catalog: [add("catalog-0", encoder.encode('{"plugins":[]}'))],
    openapi: add("openapi", encoder.encode("{}")),
  };
  files.set(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest)));
  return files;
}

function wireRecord(plugin: (typeof PLUGINS)[number]): Plugin {
  return {
    slug: plugin.slug,
    npmName: plugin.slug,
    name: plugin.slug,
    description: plugin.words.join(" "),
    version: "1.0.0",
    license: "MIT",
    homepage: null,
    totalStars: 0,
    totalForks: 0,
    hasWebUi: plugin.hasWebUi,
    publishedAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    tags: [...plugin.tags],
  };
}

/** Each word's plugins, words in code-unit order. */
function termPostings(): { terms: string[]; postings: number[][] } {
  const postings = new Map<string, number[]>();
  PLUGINS.forEach((plugin, ordinal) => {
    for (const word of plugin.words) (postings.get(word) ?? postings.set(word, []).get(word)!).push(ordinal);
  });
  const terms = [...postings.keys()].sort();
  return { terms, postings: terms.map((term) => postings.get(term)!) };
}
