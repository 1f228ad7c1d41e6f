/**
 * The files `compat` reads (`CompatFiles` in core/site-format.ts): the host's
 * versions with each one's drop set index, and the distinct drop sets in
 * packs of about `packBytes`, so that a query reads one small pack.
 */
import { type CompatFiles, type CompatVersions, dropSetKey, type SiteManifest } from "../../core/site-format.js";
import { enginesOf } from "../../snapshot/facts.js";
import type { Compatibility, SnapshotPlugin } from "../../snapshot/schema.js";
import { type AddFile, writeSeries } from "../file-series.js";
import { encodeSetPack } from "../set-pack-writer.js";
import { dropSets } from "./drop-sets.js";
import type { HostVersions } from "./host-versions.js";

export type AddJson = (kind: string, content: unknown) => string;

export interface CompatSource {
  readonly compatibility: Compatibility | undefined;
  /** `hostVersions(compatibility)`. */
  readonly host: HostVersions | undefined;
  /** Each plugin's declared range (`engines.host`), by ordinal; null: none. */
  readonly ranges: readonly (string | null)[];
}

/** Each plugin's declared range, by ordinal. */
export const declaredRanges = (byStars: readonly SnapshotPlugin[]): (string | null)[] => byStars.map((plugin) => enginesOf(plugin).host);

/** Nothing when the catalog names no host; only the host when it never read the host's versions. */
export function writeCompatFiles(
  add: AddFile,
  addJson: AddJson,
  { compatibility, host, ranges }: CompatSource,
  packBytes: number,
): Pick<SiteManifest, "compat"> {
  if (compatibility === undefined) return {};
  if (host === undefined) return { compat: { host: compatibility.host } };
  const { sets, setOf } = dropSets(host.versions, ranges);
  const plugins = ranges.length;
  const packs = packsOf(sets, plugins, packBytes);
  const drops = writeSeries(
    add,
    "compat",
    packs.map((start, p) => {
      const members = sets.slice(start, packs[p + 1] ?? sets.length);
      return encodeSetPack(
        plugins,
        members.map((set, i) => ({ key: dropSetKey(start + i), members: set })),
      );
    }),
  );
  const versions: CompatVersions = { host: host.host, latest: host.latest, versions: host.versions, sets: setOf, tags: host.tags, packs };
  const compat: CompatFiles = { host: compatibility.host, versions: addJson("compat", versions), drops };
  return { compat };
}

/** The first set of each pack: sets in order, a new pack when the next set would take this one past `packBytes`. */
function packsOf(sets: readonly (readonly number[])[], plugins: number, packBytes: number): number[] {
  const bitmapBytes = 4 * Math.ceil(plugins / 32);
  const starts: number[] = [];
  let bytes = 0;
  sets.forEach((set, i) => {
    const size = Math.min(4 * set.length, bitmapBytes) + 24;
    if (starts.length === 0 || bytes + size > packBytes) {
      starts.push(i);
      bytes = 0;
    }
    bytes += size;
  });
  return starts;
}
