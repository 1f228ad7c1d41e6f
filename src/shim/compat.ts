/**
 * The `compat` data of one build (`CompatFiles` in core/site-format.ts): the
 * host's versions, read once to check `compat` against, and each query's drop
 * set, from the one pack that holds it.
 */
import type { Bitset } from "../core/bitset.js";
import { type HostKnowledge, HostTable } from "../core/compat.js";
import { type CompatVersions, dropSetKey, type SiteManifest, seriesFile, seriesLength } from "../core/site-format.js";
import { Lru } from "./lru.js";
import { memoize } from "./memo.js";
import { CatalogUnavailable } from "./problem.js";
import { SetPack } from "./set-pack-reader.js";
import { readBytes, readJson, type SiteReader } from "./site-reader.js";

const PACK_CACHE_BYTES = 4 * 1024 * 1024;

/** What the versions file says: of the host, and where its sets lie. */
interface VersionsRead {
  readonly knowledge: HostKnowledge;
  /** `CompatVersions.packs`. */
  readonly packs: readonly number[];
}

export class CompatSets {
  private readonly read: () => Promise<VersionsRead>;
  private readonly packs = new Lru<string, SetPack>(PACK_CACHE_BYTES, (pack) => pack.byteLength);

  constructor(
    private readonly manifest: SiteManifest,
    private readonly reader: SiteReader,
  ) {
    this.read = memoize(() => this.readVersions());
  }

  /** What the catalog knows of its host: read once, and only by a query that names `compat`. */
  async knowledge(): Promise<HostKnowledge> {
    return (await this.read()).knowledge;
  }

  /** The plugins that `version` drops; `version` is one this catalog's table resolved. Shared: read only. */
  async drops(version: string): Promise<Bitset> {
    const [{ knowledge, packs }, drops] = [await this.read(), this.manifest.compat?.drops];
    const index = knowledge.kind === "read" ? knowledge.table.setIndex(version) : undefined;
    if (index === undefined || drops === undefined) throw new Error(`compat ${version} was not resolved against this catalog`);
    const p = packHolding(packs, index);
    const file = seriesFile(drops, p);
    if (file === undefined) throw new CatalogUnavailable(`the manifest lists no compat pack ${p}`);
    const pack = await this.packs.load(file, () => this.readPack(file));
    const at = index - packs[p]!;
    if (!(at < pack.size) || pack.key(at) !== dropSetKey(index)) throw new CatalogUnavailable(`${file} does not hold compat set ${index}`);
    return pack.set(at);
  }

  /** Loads of every pack, one per step, for `Catalog.preload`. */
  packLoads(): (() => Promise<unknown>)[] {
    const drops = this.manifest.compat?.drops;
    if (drops === undefined) return [];
    const files = Array.from({ length: seriesLength(drops) }, (_, i) => seriesFile(drops, i)!);
    return [this.read, ...files.map((file) => () => this.packs.load(file, () => this.readPack(file)))];
  }

  private async readVersions(): Promise<VersionsRead> {
    const compat = this.manifest.compat;
    if (compat === undefined) return { knowledge: { kind: "none" }, packs: [] };
    if (compat.versions === undefined || compat.drops === undefined) return { knowledge: { kind: "unread", host: compat.host }, packs: [] };
    const file = await readJson<unknown>(this.reader, compat.versions);
    if (!isCompatVersions(file, seriesLength(compat.drops)))
      throw new CatalogUnavailable(`${compat.versions} is not a compat versions file`);
    return { knowledge: { kind: "read", table: new HostTable(file) }, packs: file.packs };
  }

  private async readPack(file: string): Promise<SetPack> {
    return new SetPack(await readBytes(this.reader, file), this.manifest.plugins, file);
  }
}

/** The pack whose first set is the last at or before `index`. */
function packHolding(starts: readonly number[], index: number): number {
  let p = 0;
  while (p + 1 < starts.length && starts[p + 1]! <= index) p++;
  return p;
}

const isString = (value: unknown): value is string => typeof value === "string";
const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The shape the build writes; a set index past the last pack's sets is found out when it is read. */
function isCompatVersions(value: unknown, packs: number): value is CompatVersions {
  const file = value as Partial<CompatVersions> | null;
  return (
    typeof file === "object" &&
    file !== null &&
    isString(file.host) &&
    (file.latest === null || isString(file.latest)) &&
    Array.isArray(file.versions) &&
    file.versions.every(isString) &&
    Array.isArray(file.sets) &&
    file.sets.length === file.versions.length &&
    file.sets.every(isIndex) &&
    Array.isArray(file.tags) &&
    file.tags.every((pair) => Array.isArray(pair) && pair.length === 2 && isString(pair[0]) && isString(pair[1])) &&
    Array.isArray(file.packs) &&
    file.packs.length === packs &&
    file.packs.every((start, p) => isIndex(start) && (p === 0 ? start === 0 : start > file.packs![p - 1]!))
  );
}
