/**
 * Builds the whole deployable site in memory from a snapshot: nothing here
 * touches the file system, so a failed build can never leave half a site.
 * The same snapshot always gives the same bytes.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { sortPlugins } from "../core/order.js";
import { renderPage } from "../core/page-body.js";
import { pageWindow } from "../core/paging.js";
import { ORDER_KEYS, type OrderKey, type Plugin, toWirePlugin } from "../core/plugin.js";
import {
  DEFAULT_PER_PAGE,
  type FileSeries,
  MANIFEST_PATH,
  ordinalOf,
  REPORT_PATH,
  refOf,
  type SearchDirectoryFile,
  SHARD_SIZE,
  SITE_FORMAT,
  SITE_FORMAT_VERSION,
  type SiteManifest,
  staticPageCount,
  staticPagePath,
} from "../core/site-format.js";
import { splitWords } from "../core/text.js";
import { dependentsOf, downloadsOf, enginesOf, releasesOf, repositoryOf, trustOf } from "../snapshot/facts.js";
import type { CatalogSnapshot, SnapshotPlugin } from "../snapshot/schema.js";
import { catalogFileParts, cutIntoParts, PART_BYTES } from "./catalog-file.js";
import { catalogStatus } from "./catalog-status.js";
import { declaredRanges, writeCompatFiles } from "./compat/compat-files.js";
import { hostVersions } from "./compat/host-versions.js";
import { writeDetailFiles } from "./detail/detail-files.js";
import { writeFeeds } from "./feeds/feeds.js";
import { siteRoot } from "./feeds/site-url.js";
import { type AddFile, writeSeries } from "./file-series.js";
import { writeFilterPacks } from "./filter-packs.js";
import { DEFAULT_LAYOUT, fineShardSizeFor, type SiteLayout } from "./layout.js";
import { openApiDocument } from "./openapi-document.js";
import { ranksOf, writeOrderFiles } from "./orders.js";
import { writeScoredPostingsBlocks } from "./postings-blocks.js";
import { readmeText } from "./readme-text.js";
import { encodeRecordFile, type RecordSource } from "./record-file-writer.js";
import { averageLengths, encodeLengthsFile } from "./relevance-files.js";
import { type ChunkLimits, indexChunks } from "./search/lunr-chunks.js";
import { lunrShare } from "./search/lunr-share.js";
import { indexDocuments, type SearchDocument, termFieldCounts, termOrdinals } from "./search/term-index.js";
import { type ExplorerData, explorerData } from "./site-data.js";

export type SiteFiles = Map<string, Uint8Array>;

/** Where the build puts each file as it is made: a Map in memory, or a directory being written (publish/write-site.ts). */
export interface SiteSink {
  set(path: string, bytes: Uint8Array): unknown;
}

export interface BuildSiteOptions {
  readonly chunkLimits?: ChunkLimits;
  /** Written as catalog/report.json. */
  readonly report?: unknown;
  /** Largest part of `/api/catalog.json`'s body (default: `PART_BYTES`). */
  readonly catalogPartBytes?: number;
  /** Largest part of the gzipped snapshot (default: `PART_BYTES`). */
  readonly snapshotPartBytes?: number;
  /** Sizes of the shim's data files (default: `DEFAULT_LAYOUT`); tests make them small to cross every boundary. */
  readonly layout?: Partial<SiteLayout>;
  /** The site's public URL, for its feeds: wins over the snapshot's `siteUrl` (the configuration's). */
  readonly siteUrl?: string;
}

/** What the rest of the build needs to know of the site it wrote. */
export interface BuiltSite {
  /** For the explorer page (publish/explorer-files.ts). */
  readonly explorer: ExplorerData;
  /** Configured categories without a feed of their own: lower-cased, their names are no file name of a-z 0-9 . _ -. */
  readonly feedless: readonly string[];
  /** Why the build wrote no feeds although a site URL was given. */
  readonly siteUrlProblem?: string;
}

const encoder = new TextEncoder();

export async function buildSite(snapshot: CatalogSnapshot, options: BuildSiteOptions = {}): Promise<SiteFiles> {
  const files: SiteFiles = new Map();
  await buildSiteInto(files, snapshot, options);
  return files;
}

export async function buildSiteInto(files: SiteSink, snapshot: CatalogSnapshot, options: BuildSiteOptions = {}): Promise<BuiltSite> {
  const data = new DataFiles(files);
  const layout: SiteLayout = { ...DEFAULT_LAYOUT, ...options.layout };
  const byStars = sortPlugins(snapshot.plugins, "stars");
  const ordinals = new Map(byStars.map((plugin, ordinal) => [plugin.slug, ordinal]));
  const orders = Object.fromEntries(
    ORDER_KEYS.map((sort) => [sort, sort === "stars" ? byStars : sortPlugins(snapshot.plugins, sort)]),
  ) as Record<OrderKey, SnapshotPlugin[]>;
  const positions = (sort: OrderKey): number[] => orders[sort].map((plugin) => ordinals.get(plugin.slug)!);
  const otherOrders = { recent: positions("recent"), name: positions("name"), downloads: positions("downloads") };
  const source: RecordSource = {
    json: byStars.map((plugin) => encoder.encode(JSON.stringify(toWirePlugin(plugin)))),
    ranks: { recent: ranksOf(otherOrders.recent), name: ranksOf(otherOrders.name), downloads: ranksOf(otherOrders.downloads) },
  };
  const add = (kind: string, bytes: Uint8Array) => data.addBinary(kind, bytes);
  const fineShardSize = fineShardSizeFor(layout, byStars.length);
  const host = hostVersions(snapshot.compatibility);
  const records = Object.fromEntries(
    ORDER_KEYS.map((sort) => [sort, writeShards(add, `records-${sort}`, SHARD_SIZE, positions(sort), source)]),
  ) as Record<OrderKey, FileSeries>;
  const manifestWithoutId = {
    format: SITE_FORMAT,
    formatVersion: SITE_FORMAT_VERSION,
    builtAt: snapshot.generatedAt,
    plugins: byStars.length,
    shardSize: SHARD_SIZE,
    groupChunk: layout.groupChunk,
    records,
    fineShards: writeShards(add, "fine", fineShardSize, positions("stars"), source),
    fineShardSize,
    ...writeOrderFiles(add, otherOrders, source.ranks),
    ...writeFilterPacks(add, byStars, snapshot.categories ?? [], source, layout),
    ...writeSearchFiles(data, byStars, layout, options.chunkLimits),
    ...writeCompatFiles(
      add,
      (kind, content) => data.add(kind, content),
      { compatibility: snapshot.compatibility, host, ranges: declaredRanges(byStars) },
      layout.keyPackBytes,
    ),
    // Outside the build id: a detail's maintenance and last year's releases follow the build's time, and a catalog
    // rebuilt later, its data unchanged, keeps its other answers' ETags.
    details: writeDetailFiles(
      (kind, bytes) => data.addOutsideBuildId(kind, bytes, "bin"),
      snapshot.plugins,
      snapshot.generatedAt,
      layout.detailFileBytes,
    ),
  };
  // The build id covers what is served, not the snapshot's bookkeeping (fetch times, validators).
  const buildId = data.combinedHash();
  const dated = writeDatedFiles(data, snapshot, source.json, options);
  const manifest: SiteManifest = {
    ...manifestWithoutId,
    ...dated,
    openapi: data.addOutsideBuildId("openapi", encoder.encode(JSON.stringify(openApiDocument()))),
    snapshot: data.addGzipped("snapshot", snapshotJsonPieces(snapshot), options.snapshotPartBytes),
    buildId,
  };
  writeStaticPages(files, orders);
  if (options.report !== undefined) files.set(REPORT_PATH, encoder.encode(JSON.stringify(options.report, null, 2)));
  files.set(MANIFEST_PATH, encoder.encode(JSON.stringify(manifest, null, 2)));
  const siteUrl = options.siteUrl ?? snapshot.siteUrl;
  const root = siteUrl === undefined ? undefined : siteRoot(siteUrl);
  const feeds =
    root !== undefined && "root" in root ? writeFeeds(files, root.root, snapshot.plugins, snapshot.categories ?? []) : undefined;
  return {
    explorer: explorerData(host, feeds?.files),
    feedless: feeds?.feedless ?? [],
    ...(root !== undefined && "problem" in root ? { siteUrlProblem: root.problem } : {}),
  };
}

/** Immutable data files, named `catalog/data/<kind>.<content hash>.json`. */
class DataFiles {
  private readonly hashes: string[] = [];
  constructor(private readonly files: SiteSink) {}

  add(kind: string, content: unknown): string {
    return this.addServed(kind, encoder.encode(typeof content === "string" ? content : JSON.stringify(content)), "json");
  }

  /** Binary data for the shim (`catalog/data/<kind>.<content hash>.bin`). */
  addBinary(kind: string, bytes: Uint8Array): string {
    return this.addServed(kind, bytes, "bin");
  }

  private addServed(kind: string, bytes: Uint8Array, extension: string): string {
    const hash = hashOf(bytes);
    const path = `catalog/data/${kind}.${hash}.${extension}`;
    this.files.set(path, bytes);
    this.hashes.push(`${kind}:${hash}`);
    return path;
  }

  /**
   * Served, but not part of the build id: what carries the build's time and bookkeeping (the shim puts
   * these files' names, hashes included, into their ETags), and the OpenAPI document, which describes
   * the software rather than the catalog.
   */
  addOutsideBuildId(kind: string, bytes: Uint8Array, extension = "json"): string {
    return this.place(`${kind}.${hashOf(bytes)}.${extension}`, bytes);
  }

  /**
   * Bookkeeping that is read back, not served: compressed, and not part of the build id. Past
   * `maxPartBytes` (a large catalog's snapshot) the gzip stream is stored as consecutive byte ranges.
   */
  addGzipped(kind: string, pieces: Iterable<Uint8Array>, maxPartBytes = PART_BYTES): string | string[] {
    // Gzip members joined are one gzip stream: each piece is compressed on its own, and no string holds the whole.
    const members: Buffer[] = [];
    for (const piece of pieces) members.push(gzipSync(piece, { level: 9 }));
    const bytes = Buffer.concat(members);
    if (bytes.byteLength <= maxPartBytes) return this.place(`${kind}.${hashOf(bytes)}.json.gz`, bytes);
    return cutIntoParts(bytes, maxPartBytes).map((part, i) => this.place(`${kind}-${i}.${hashOf(part)}.gz.part`, part));
  }

  /** Named by content hash, but outside the build id. */
  private place(name: string, bytes: Uint8Array): string {
    const path = `catalog/data/${name}`;
    this.files.set(path, bytes);
    return path;
  }

  combinedHash(): string {
    return hashOf(this.hashes.join("\n"));
  }
}

/** The snapshot's JSON (as `JSON.stringify` writes it) in UTF-8 pieces of at most a thousand plugins. */
function* snapshotJsonPieces(snapshot: CatalogSnapshot, pluginsPerPiece = 1000): Generator<Uint8Array> {
  const marker = "\u0000plugins\u0000";
  const [head, tail] = JSON.stringify({ ...snapshot, plugins: marker }).split(JSON.stringify(marker)) as [string, string];
  yield encoder.encode(`${head}[`);
  for (let start = 0; start < snapshot.plugins.length; start += pluginsPerPiece) {
    // A plugin's JSON at a time: a piece's as one string (megabytes) would go straight to the old
    // generation, garbage that the heap grew to hold.
    const plugins = snapshot.plugins.slice(start, start + pluginsPerPiece);
    yield Buffer.concat(plugins.map((plugin, i) => encoder.encode(`${start + i > 0 ? "," : ""}${JSON.stringify(plugin)}`)));
  }
  yield encoder.encode(`]${tail}`);
}

/** The content hash in data file names: 16 hex digits of SHA-256. */
function hashOf(content: Uint8Array | string): string {
  return createHash("sha256").update(content).digest("hex").slice(0, 16);
}

/** `ordinalsInOrder`: the order's positions' ordinals, `size` to a shard. */
function writeShards(add: AddFile, name: string, size: number, ordinalsInOrder: readonly number[], source: RecordSource): FileSeries {
  const shards: Uint8Array[] = [];
  for (let start = 0; start < ordinalsInOrder.length; start += size)
    shards.push(encodeRecordFile(source, ordinalsInOrder.slice(start, start + size)));
  return writeSeries(add, name, shards);
}

/** `/api/status` and `/api/catalog.json`, whose bodies are whole at build time. */
function writeDatedFiles(
  data: DataFiles,
  snapshot: CatalogSnapshot,
  recordsJson: readonly Uint8Array[],
  options: BuildSiteOptions,
): Pick<SiteManifest, "status" | "catalog"> {
  const parts = catalogFileParts(snapshot.generatedAt, recordsJson, options.catalogPartBytes);
  return {
    status: data.addOutsideBuildId("status", encoder.encode(JSON.stringify(catalogStatus(snapshot)))),
    // Byte ranges of one JSON body, not JSON each: hence not `.json`.
    catalog: parts.map((part, i) => data.addOutsideBuildId(`catalog-${i}`, part, "part")),
  };
}

/**
 * The shim's postings blocks, and the Lunr index in chunks with their directory for consumers of Lunr's
 * format. The index is only alive in here: at 50,000 plugins it is hundreds of megabytes.
 */
function writeSearchFiles(
  data: DataFiles,
  byStars: readonly SnapshotPlugin[],
  layout: SiteLayout,
  limits?: ChunkLimits,
): Pick<SiteManifest, "postings" | "search" | "relevance"> {
  // One document's words at a time: all of them at once would be a gigabyte at 50,000 plugins.
  const index = indexDocuments(searchDocuments(byStars));
  const add = (kind: string, bytes: Uint8Array) => data.addBinary(kind, bytes);
  const lengths = index.fields!.lengths;
  const averages = averageLengths(lengths);
  const { postings, frequencies } = writeScoredPostingsBlocks(
    add,
    index.terms,
    termOrdinals(index, ordinalOf),
    termFieldCounts(index, ordinalOf),
    byStars.length,
    { blockBytes: layout.postingsBlockBytes, frequencyBytes: layout.frequencyBytes },
    { lengths, averages, minMembers: layout.scoreOrderMin, length: layout.scoreOrderLength },
  );
  const relevance = { ...frequencies, lengths: add("lengths", encodeLengthsFile(lengths)), averages };
  // Each chunk is written as it is made: all of them at once would be over 200 MB of strings.
  const directory: SearchDirectoryFile = {
    chunks: Array.from(
      indexChunks(lunrShare(index), limits),
      (chunk, i) => [chunk.first, chunk.last, data.add(`search-${i}`, chunk.json), ...chunk.invertedIndex] as const,
    ),
  };
  return { postings, relevance, search: data.add("search", directory) };
}

function* searchDocuments(byStars: readonly SnapshotPlugin[]): Generator<SearchDocument> {
  for (const [ordinal, plugin] of byStars.entries()) yield { ref: refOf(ordinal), ...fieldWords(plugin) };
}

/** Name (display and npm), description and README words: the fields `q` searches. */
export function searchableWords(plugin: SnapshotPlugin): readonly string[] {
  return fieldWords(plugin).words;
}

/**
 * The searchable words, field by field: what `q` matches is all of them; what `sort=relevance` weighs is each
 * field's (contract 11: the npm name's words are in the name field only when they are not the display name's).
 */
function fieldWords(plugin: SnapshotPlugin): Pick<SearchDocument, "words" | "fields"> {
  const [display, npm, description] = [splitWords(plugin.name), splitWords(plugin.npmName), splitWords(plugin.description)];
  const readme = splitWords(readmeText(plugin.readme));
  const ends = [display.length, display.length + npm.length, display.length + npm.length + description.length] as const;
  return { words: [display, npm, description, readme].flat(), fields: { ends, npmNameInName: plugin.name !== plugin.npmName } };
}

function writeStaticPages(files: SiteSink, orders: Record<OrderKey, readonly SnapshotPlugin[]>): void {
  for (const sort of ORDER_KEYS) {
    const plugins: readonly Plugin[] = orders[sort];
    for (let page = 1; page <= staticPageCount(plugins.length); page++) {
      const window = pageWindow(plugins.length, page, DEFAULT_PER_PAGE);
      const body = renderPage({
        total: plugins.length,
        page,
        perPage: DEFAULT_PER_PAGE,
        pages: window.pages,
        plugins: plugins.slice(window.start, window.end).map(toWirePlugin),
      });
      files.set(staticPagePath(sort, page), body);
    }
  }
}

/**
 * True when two snapshots serve exactly the same answers: same categories, host versions and site URL, same
 * plugins with the same public fields, READMEs, creator logins and the facts of contract section 11 (downloads and
 * their history, releases, engines, trust, repositories). Bookkeeping (fetch times, ETags, when a mirror was
 * checked) does not count.
 */
export function servesSameCatalog(a: CatalogSnapshot, b: CatalogSnapshot): boolean {
  if (a.plugins.length !== b.plugins.length || servedHeader(a) !== servedHeader(b)) return false;
  // Plugin by plugin in `stars` order: the whole catalog's JSON, READMEs included, is two strings of
  // hundreds of megabytes at 50,000 plugins.
  const [ours, theirs] = [sortPlugins(a.plugins, "stars"), sortPlugins(b.plugins, "stars")];
  return ours.every((plugin, i) => servedJson(plugin) === servedJson(theirs[i]!));
}

function servedHeader(snapshot: CatalogSnapshot): string {
  const { readAt: _readAt, etag: _etag, ...compatibility } = snapshot.compatibility ?? { host: "", ranges: [] };
  return JSON.stringify([snapshot.categories ?? [], compatibility, snapshot.siteUrl ?? null]);
}

function servedJson(plugin: SnapshotPlugin): string {
  const facts = [
    downloadsOf(plugin),
    dependentsOf(plugin),
    releasesOf(plugin),
    enginesOf(plugin),
    trustOf(plugin),
    plugin.readmeCut === true,
    plugin.mirrors.map(repositoryOf),
  ];
  return JSON.stringify([toWirePlugin(plugin), plugin.readme, plugin.creators.map((c) => c.toLowerCase()).sort(), facts]);
}
