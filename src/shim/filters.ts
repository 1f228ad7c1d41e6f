/**
 * The filter sets of one build: `category` and `author` each read the one
 * small pack their key hashes to, `web=1` and `/api/facets` the `filters`
 * pack; nothing else is read. A set comes with where copies of its records
 * lie, when the site grouped them (small sets only).
 */
import { Bitset } from "../core/bitset.js";
import {
  authorKey,
  keyBucket,
  type SiteManifest,
  seriesFile,
  seriesLength,
  tagKey,
  UNCATEGORIZED_KEY,
  WEB_KEY,
} from "../core/site-format.js";
import { Lru } from "./lru.js";
import { memoize } from "./memo.js";
import { CatalogUnavailable } from "./problem.js";
import { SetPack } from "./set-pack-reader.js";
import { readBytes, type SiteReader } from "./site-reader.js";

/** Chunk `i` of a set's records (its members `i * chunk …`, ascending) lies in `files[i]` from record `starts[i]`. */
export interface RecordGroup {
  readonly chunk: number;
  readonly files: readonly string[];
  readonly starts: readonly number[];
}

export interface FilterSet {
  /** Shared by every query that filters by it: read only. */
  readonly set: Bitset;
  readonly group: RecordGroup | undefined;
}

/** The sets `/api/facets` counts with, besides the filters' own. */
export interface FacetSets {
  readonly categories: readonly string[];
  /** `sets[i]`: the plugins tagged `categories[i]`. */
  readonly sets: readonly Bitset[];
  readonly uncategorized: Bitset;
}

const PACK_CACHE_BYTES = 8 * 1024 * 1024;
const SET_CACHE_ENTRIES = 1_000;

export class FilterSets {
  private readonly packs = new Lru<string, SetPack>(PACK_CACHE_BYTES, (pack) => pack.byteLength);
  private readonly sets = new Lru<string, FilterSet>(SET_CACHE_ENTRIES);
  private readonly facetsPack: () => Promise<SetPack>;

  constructor(
    private readonly manifest: SiteManifest,
    private readonly reader: SiteReader,
  ) {
    this.facetsPack = memoize(() => this.readPack(manifest.filters));
  }

  web(): Promise<FilterSet> {
    return this.cached(WEB_KEY, () => this.facetsPack());
  }

  tag(tag: string): Promise<FilterSet> {
    return this.keyed(tagKey(tag));
  }

  author(login: string): Promise<FilterSet> {
    return this.keyed(authorKey(login));
  }

  /** From the `filters` pack alone: a category's set there needs no group, the `category` filter reads its own pack. */
  readonly facets = memoize(async (): Promise<FacetSets> => {
    const pack = await this.facetsPack();
    const categories = pack.header.categories ?? [];
    const setOf = (key: string) => {
      const index = pack.find(key);
      return index < 0 ? new Bitset(this.manifest.plugins) : pack.set(index);
    };
    return {
      categories,
      sets: categories.map((category) => setOf(tagKey(category.toLowerCase()))),
      uncategorized: setOf(UNCATEGORIZED_KEY),
    };
  });

  /** Loads of every pack this build has, one per step: `preload` takes them in turn. */
  packLoads(): (() => Promise<unknown>)[] {
    const files = Array.from({ length: seriesLength(this.manifest.keys) }, (_, i) => seriesFile(this.manifest.keys, i));
    const loads = files.flatMap((file) => (file === undefined ? [] : [() => this.packs.load(file, () => this.readPack(file))]));
    return [this.facetsPack, ...loads];
  }

  private async keyed(key: string): Promise<FilterSet> {
    const file = seriesFile(this.manifest.keys, keyBucket(key, seriesLength(this.manifest.keys)));
    if (file === undefined) throw new CatalogUnavailable("the manifest lists no filter packs");
    return this.cached(key, () => this.packs.load(file, () => this.readPack(file)));
  }

  private async readPack(file: string): Promise<SetPack> {
    return new SetPack(await readBytes(this.reader, file), this.manifest.plugins, file);
  }

  private async cached(key: string, pack: () => Promise<SetPack>): Promise<FilterSet> {
    const hit = this.sets.get(key);
    if (hit !== undefined) return hit;
    const found = filterSetIn(await pack(), key, this.manifest);
    this.sets.set(key, found);
    return found;
  }
}

function filterSetIn(pack: SetPack, key: string, manifest: SiteManifest): FilterSet {
  const index = pack.find(key);
  if (index < 0) return { set: new Bitset(manifest.plugins), group: undefined };
  const pairs = pack.group(index);
  if (pairs === undefined) return { set: pack.set(index), group: undefined };
  const files: string[] = [];
  const starts: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    files.push(pack.file(pairs[i]!));
    starts.push(pairs[i + 1]!);
  }
  return { set: pack.set(index), group: { chunk: manifest.groupChunk, files, starts } };
}
