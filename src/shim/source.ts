/**
 * Which build is current. The manifest is re-read at most every `ttlMs`; a
 * request takes one `Catalog` and answers entirely from it, so a publish in
 * the middle of a request cannot mix two builds into one response.
 */
import { ORDER_KEYS } from "../core/plugin.js";
import {
  type CompatFiles,
  DETAIL_HASH_DIGITS,
  type DetailFiles,
  type FileSeries,
  HASH_DIGITS,
  MANIFEST_PATH,
  RECORD_RANK_ORDERS,
  SITE_FORMAT,
  SITE_FORMAT_VERSION,
  type SiteManifest,
  seriesLength,
} from "../core/site-format.js";
import { Catalog, type CatalogOptions } from "./catalog.js";
import { CatalogUnavailable } from "./problem.js";
import { readJson, type SiteReader } from "./site-reader.js";

export class CatalogSource {
  private current: { catalog: Catalog; checkedAt: number } | undefined;
  private refreshing: Promise<Catalog> | undefined;

  constructor(
    private readonly reader: SiteReader,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly options: CatalogOptions = {},
  ) {}

  private preloaded: Catalog | undefined;

  /** Starts the current build's preload (`Catalog.preload`) unless it has started already; returns at once. */
  preloadCurrent(): void {
    const catalog = this.current?.catalog;
    if (catalog === undefined || catalog === this.preloaded) return;
    this.preloaded = catalog;
    void catalog.preload(() => this.current?.catalog === catalog);
  }

  async get(): Promise<Catalog> {
    if (this.current !== undefined && this.now() - this.current.checkedAt < this.ttlMs) return this.current.catalog;
    return this.refresh();
  }

  /** Reads the manifest now; keeps the loaded catalog when the build has not changed. */
  refresh(): Promise<Catalog> {
    this.refreshing ??= this.readManifest().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async readManifest(): Promise<Catalog> {
    const manifest = checkManifest(await readJson<unknown>(this.reader, MANIFEST_PATH));
    const kept = this.current?.catalog;
    const catalog = kept !== undefined && sameFiles(kept.manifest, manifest) ? kept : new Catalog(manifest, this.reader, this.options);
    this.current = { catalog, checkedAt: this.now() };
    return catalog;
  }
}

/**
 * The build id covers the catalog's data; the OpenAPI document is outside it (a new version of the software
 * rebuilds the same catalog with a new one), and so are the details (they follow the build's time), so a loaded
 * catalog is kept only when those files are the same too.
 */
function sameFiles(loaded: SiteManifest, read: SiteManifest): boolean {
  return loaded.buildId === read.buildId && loaded.openapi === read.openapi && loaded.details.files.hashes === read.details.files.hashes;
}

function checkManifest(value: unknown): SiteManifest {
  const manifest = value as Partial<SiteManifest> | null;
  const valid =
    manifest?.format === SITE_FORMAT &&
    manifest.formatVersion === SITE_FORMAT_VERSION &&
    typeof manifest.buildId === "string" &&
    typeof manifest.builtAt === "string" &&
    Number.isInteger(manifest.plugins) &&
    Number.isInteger(manifest.shardSize) &&
    Number.isInteger(manifest.groupChunk) &&
    Number.isInteger(manifest.fineShardSize) &&
    isSeries(manifest.fineShards) &&
    ORDER_KEYS.every((sort) => isSeries(manifest.records?.[sort])) &&
    RECORD_RANK_ORDERS.every((sort) => typeof manifest.orders?.[sort] === "string" && typeof manifest.ranks?.[sort] === "string") &&
    typeof manifest.filters === "string" &&
    isSeries(manifest.keys) &&
    seriesLength(manifest.keys) > 0 &&
    isSeries(manifest.postings?.files) &&
    isSeries(manifest.relevance?.frequencies) &&
    ascendingCounts(manifest.relevance.blockSets) &&
    ascendingCounts(manifest.relevance.fileSets) &&
    manifest.relevance.blockSets.length === seriesLength(manifest.postings.files) &&
    manifest.relevance.fileSets.length === seriesLength(manifest.relevance.frequencies) &&
    isSeries(manifest.relevance.orders) &&
    ascendingCounts(manifest.relevance.orderSets) &&
    manifest.relevance.orderSets.length === seriesLength(manifest.relevance.orders) &&
    Number.isInteger(manifest.relevance.orderLength) &&
    typeof manifest.relevance.lengths === "string" &&
    Array.isArray(manifest.relevance.averages) &&
    manifest.relevance.averages.length === 3 &&
    manifest.relevance.averages.every((average) => typeof average === "number" && average >= 0) &&
    stringsIn(manifest.postings.bounds) &&
    typeof manifest.status === "string" &&
    stringsIn(manifest.catalog) &&
    typeof manifest.openapi === "string" &&
    isCompat(manifest.compat) &&
    isDetailFiles(manifest.details);
  if (!valid)
    throw new CatalogUnavailable(`${MANIFEST_PATH} is not a plugin-catalog site manifest of format version ${SITE_FORMAT_VERSION}`);
  return manifest as SiteManifest;
}

/** An array of non-negative integers in ascending order. */
const ascendingCounts = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item, i) => Number.isInteger(item) && item >= (i === 0 ? 0 : value[i - 1]));
/** Absent (no host), the host alone (its versions never read), or the host with both of its files. */
function isCompat(compat: Partial<CompatFiles> | undefined): boolean {
  if (compat === undefined) return true;
  if (typeof compat?.host !== "string") return false;
  return compat.versions === undefined ? compat.drops === undefined : typeof compat.versions === "string" && isSeries(compat.drops);
}

/** A series with a first hash for each of its files. */
function isDetailFiles(value: Partial<DetailFiles> | undefined): value is DetailFiles {
  return (
    isSeries(value?.files) &&
    typeof value.firsts === "string" &&
    value.firsts.length === DETAIL_HASH_DIGITS * seriesLength(value.files) &&
    /^[0-9a-f]*$/.test(value.firsts)
  );
}

const stringsIn = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === "string");

function isSeries(value: Partial<FileSeries> | undefined): value is FileSeries {
  return typeof value?.name === "string" && typeof value.hashes === "string" && value.hashes.length % HASH_DIGITS === 0;
}
