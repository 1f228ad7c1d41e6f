/**
 * Builds the whole deployable site in memory from a snapshot: nothing here
 * touches the file system, so a failed build can never leave half a site.
 * The same snapshot always gives the same bytes.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { sortPlugins } from "../core/order.js";
import { pageWindow } from "../core/paging.js";
import { SORT_KEYS, toWirePlugin, type Plugin, type SortKey } from "../core/plugin.js";
import { renderPage } from "../core/response.js";
import { splitWords } from "../core/text.js";
import type { CatalogSnapshot, SnapshotPlugin } from "../snapshot/schema.js";
import {
  DEFAULT_PER_PAGE, MANIFEST_PATH, REPORT_PATH, SHARD_SIZE, SITE_FORMAT, SITE_FORMAT_VERSION, refOf, shardText, staticPagePath,
  type FiltersFile, type OrdersFile, type SearchDirectoryFile, type SiteManifest,
} from "../core/site-format.js";
import { readmeText } from "./readme-text.js";
import { buildLunrIndex, chunkIndex, type ChunkLimits } from "./search-index.js";

export type SiteFiles = Map<string, Uint8Array>;

export interface BuildSiteOptions {
  readonly chunkLimits?: ChunkLimits;
  /** Written as catalog/report.json. */
  readonly report?: unknown;
}

const encoder = new TextEncoder();

export async function buildSite(snapshot: CatalogSnapshot, options: BuildSiteOptions = {}): Promise<SiteFiles> {
  const files: SiteFiles = new Map();
  const data = new DataFiles(files);
  const byStars = sortPlugins(snapshot.plugins, "stars");
  const ordinals = new Map(byStars.map((plugin, ordinal) => [plugin.slug, ordinal]));
  const orders = Object.fromEntries(SORT_KEYS.map((sort) => [sort, sort === "stars" ? byStars : sortPlugins(snapshot.plugins, sort)])) as Record<SortKey, SnapshotPlugin[]>;

  const records = Object.fromEntries(SORT_KEYS.map((sort) => [sort, writeShards(data, sort, orders[sort])])) as Record<SortKey, string[]>;
  const ordersFile: OrdersFile = {
    recent: orders.recent.map((plugin) => ordinals.get(plugin.slug)!),
    name: orders.name.map((plugin) => ordinals.get(plugin.slug)!),
  };
  const manifestWithoutId = {
    format: SITE_FORMAT,
    formatVersion: SITE_FORMAT_VERSION,
    builtAt: snapshot.generatedAt,
    plugins: byStars.length,
    shardSize: SHARD_SIZE,
    records,
    orders: data.add("orders", ordersFile),
    filters: data.add("filters", filtersOf(byStars)),
    search: writeSearch(data, byStars, options.chunkLimits),
  };
  // The build id covers what is served, not the snapshot's bookkeeping (fetch times, validators).
  const buildId = data.combinedHash();
  const manifest: SiteManifest = { ...manifestWithoutId, snapshot: data.addGzipped("snapshot", snapshot), buildId };
  writeStaticPages(files, orders);
  if (options.report !== undefined) files.set(REPORT_PATH, encoder.encode(JSON.stringify(options.report, null, 2)));
  files.set(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest, null, 2)));
  return files;
}

/** Immutable data files, named `catalog/data/<kind>.<content hash>.json`. */
class DataFiles {
  private readonly hashes: string[] = [];
  constructor(private readonly files: SiteFiles) {}

  add(kind: string, content: unknown): string {
    const bytes = encoder.encode(typeof content === "string" ? content : JSON.stringify(content));
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
    const path = `catalog/data/${kind}.${hash}.json`;
    this.files.set(path, bytes);
    this.hashes.push(`${kind}:${hash}`);
    return path;
  }

  /** Bookkeeping that is read back, not served: compressed, and not part of the build id. */
  addGzipped(kind: string, content: unknown): string {
    const bytes = gzipSync(JSON.stringify(content), { level: 9 });
    const path = `catalog/data/${kind}.${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.json.gz`;
    this.files.set(path, bytes);
    return path;
  }

  combinedHash(): string {
    return createHash("sha256").update(this.hashes.join("\n")).digest("hex").slice(0, 16);
  }
}

function writeShards(data: DataFiles, sort: SortKey, plugins: readonly SnapshotPlugin[]): string[] {
  const paths: string[] = [];
  for (let start = 0; start < plugins.length; start += SHARD_SIZE) {
    const shard = plugins.slice(start, start + SHARD_SIZE).map((plugin) => JSON.stringify(toWirePlugin(plugin)));
    paths.push(data.add(`records-${sort}-${paths.length}`, shardText(shard)));
  }
  return paths;
}

function filtersOf(byStars: readonly SnapshotPlugin[]): FiltersFile {
  const tags: Record<string, number[]> = {};
  const authors: Record<string, number[]> = {};
  const web: number[] = [];
  byStars.forEach((plugin, ordinal) => {
    for (const tag of new Set(plugin.tags.map((t) => t.toLowerCase()))) (tags[tag] ??= []).push(ordinal);
    for (const login of new Set(plugin.creators.map((c) => c.toLowerCase()))) (authors[login] ??= []).push(ordinal);
    if (plugin.hasWebUi) web.push(ordinal);
  });
  return { tags, authors, web };
}

function writeSearch(data: DataFiles, byStars: readonly SnapshotPlugin[], limits?: ChunkLimits): string {
  const documents = byStars.map((plugin, ordinal) => ({ ref: refOf(ordinal), words: searchableWords(plugin) }));
  const chunks = chunkIndex(buildLunrIndex(documents), limits);
  const directory: SearchDirectoryFile = {
    chunks: chunks.map((chunk, i) => [chunk.first, chunk.last, data.add(`search-${i}`, chunk.json), ...chunk.invertedIndex] as const),
  };
  return data.add("search", directory);
}

/** Name (display and npm), description and README words: the fields `q` searches. */
export function searchableWords(plugin: SnapshotPlugin): string[] {
  return splitWords(`${plugin.name} ${plugin.npmName} ${plugin.description} ${readmeText(plugin.readme)}`);
}

function writeStaticPages(files: SiteFiles, orders: Record<SortKey, readonly SnapshotPlugin[]>): void {
  for (const sort of SORT_KEYS) {
    const plugins: readonly Plugin[] = orders[sort];
    const { pages } = pageWindow(plugins.length, 1, DEFAULT_PER_PAGE);
    for (let page = 1; page <= Math.max(1, pages); page++) {
      const window = pageWindow(plugins.length, page, DEFAULT_PER_PAGE);
      const body = renderPage({
        total: plugins.length, page, perPage: DEFAULT_PER_PAGE, pages: window.pages,
        plugins: plugins.slice(window.start, window.end).map(toWirePlugin),
      });
      files.set(staticPagePath(sort, page), body);
    }
  }
}

/**
 * True when two snapshots serve exactly the same answers: same plugins with
 * the same public fields, READMEs and creator logins. Bookkeeping (fetch
 * times, ETags, per-mirror details) does not count.
 */
export function servesSameCatalog(a: CatalogSnapshot, b: CatalogSnapshot): boolean {
  const served = (snapshot: CatalogSnapshot) =>
    JSON.stringify(
      sortPlugins(snapshot.plugins, "stars").map((plugin) => [toWirePlugin(plugin), plugin.readme, plugin.creators.map((c) => c.toLowerCase()).sort()]),
    );
  return a.plugins.length === b.plugins.length && served(a) === served(b);
}
