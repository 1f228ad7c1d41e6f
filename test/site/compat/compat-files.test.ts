/**
 * The files `compat` reads (site/compat/compat-files.ts): the versions file,
 * and the distinct drop sets in packs, read back with the shim's own reader;
 * a host with hundreds of versions adds little to the site.
 */
import { describe, expect, it } from "vitest";
import {
  type CompatVersions,
  dropSetKey,
  MANIFEST_PATH,
  type SiteManifest,
  seriesFile,
  seriesLength,
} from "../../../src/core/site-format.js";
import { SetPack } from "../../../src/shim/set-pack-reader.js";
import { buildSite } from "../../../src/site/build-site.js";
import { writeCompatFiles } from "../../../src/site/compat/compat-files.js";
import { hostVersions } from "../../../src/site/compat/host-versions.js";
import type { Compatibility } from "../../../src/snapshot/schema.js";
import { makeLargeCatalog } from "../../support/large-catalog.js";

const compatibility: Compatibility = {
  host: "h",
  ranges: [],
  versions: ["1.0.0", "2.0.0", "3.0.0", "3.1.0-rc.1"],
  distTags: { latest: "3.0.0", next: "3.1.0-rc.1" },
};
const ranges = ["^1", null, ">=2", "^3.0.0", "nonsense", "<3"];

function written(packBytes: number) {
  const files = new Map<string, Uint8Array>();
  const add = (kind: string, bytes: Uint8Array) => {
    const path = `catalog/data/${kind}.${String(files.size).padStart(16, "0")}.bin`;
    files.set(path, bytes);
    return path;
  };
  const addJson = (kind: string, content: unknown) => add(kind, new TextEncoder().encode(JSON.stringify(content)));
  const manifest = writeCompatFiles(add, addJson, { compatibility, host: hostVersions(compatibility), ranges }, packBytes);
  return { files, compat: manifest.compat! };
}

describe("writeCompatFiles", () => {
  it("writes the versions, each one's set index, the tags and where each set lies", () => {
    const { files, compat } = written(24 * 1024);
    const versions = JSON.parse(new TextDecoder().decode(files.get(compat.versions!))) as CompatVersions;
    expect(versions).toEqual({
      host: "h",
      latest: "3.0.0",
      versions: ["3.0.0", "2.0.0", "1.0.0", "3.1.0-rc.1"],
      // 3.1.0-rc.1 drops what 3.0.0 drops: one set.
      sets: [0, 1, 2, 0],
      tags: [
        ["latest", "3.0.0"],
        ["next", "3.1.0-rc.1"],
      ],
      packs: [0],
    });
    expect(compat.host).toBe("h");
  });

  it.each([24 * 1024, 1])("writes each distinct set once, in index order, keyed by its index (packs of %i bytes)", (packBytes) => {
    const { files, compat } = written(packBytes);
    const versions = JSON.parse(new TextDecoder().decode(files.get(compat.versions!))) as CompatVersions;
    const drops = compat.drops!;
    expect(seriesLength(drops)).toBe(versions.packs.length);
    const sets: number[][] = [];
    for (let p = 0; p < seriesLength(drops); p++) {
      const pack = new SetPack(files.get(seriesFile(drops, p)!)!, ranges.length, "pack");
      for (let i = 0; i < pack.size; i++) {
        expect(pack.key(i)).toBe(dropSetKey(versions.packs[p]! + i));
        sets.push(pack.set(i).slice(0, ranges.length));
      }
    }
    // 3.0.0 drops ^1, >=2 keeps it, <3 drops it; the prerelease 3.1.0-rc.1 matches ^3.0.0 only with prereleases included.
    expect(versions.sets.map((index) => sets[index])).toEqual(
      [
        [0, 5],
        [0, 3],
        [2, 3],
        [0, 5],
      ].map((set, i) => (i === 3 ? [0, 5] : set)),
    );
  });

  it("writes nothing for a catalog without a host, and only the host when its versions were never read", () => {
    const add = () => {
      throw new Error("no file expected");
    };
    expect(writeCompatFiles(add, add, { compatibility: undefined, host: undefined, ranges }, 1)).toEqual({});
    const unread = { host: "h", ranges: [] };
    expect(writeCompatFiles(add, add, { compatibility: unread, host: hostVersions(unread), ranges }, 1)).toEqual({ compat: { host: "h" } });
  });
});

describe("a host with hundreds of versions", () => {
  it("adds a few kilobytes to a catalog of 1,000 plugins, not a file per version", async () => {
    const base = makeLargeCatalog(1_000, 5).snapshot;
    const declared = ["^1.0.0", ">=2", "^3 || ^4", ">=4.2.0", null, "<5", "~6.3.0", "garbage"];
    const versions = Array.from({ length: 480 }, (_, i) => `${Math.floor(i / 60)}.${Math.floor(i / 5) % 12}.${i % 5}`);
    const snapshot = {
      ...base,
      compatibility: { host: "h", ranges: [], versions, distTags: { latest: "7.11.4" } },
      plugins: base.plugins.map((plugin, i) => ({ ...plugin, engines: { node: null, host: declared[i % declared.length]! } })),
    };
    const { compatibility: _host, ...withoutHost } = snapshot;
    const [without, withHost] = [await buildSite(withoutHost), await buildSite(snapshot)];
    const bytes = (files: Map<string, Uint8Array>) => [...files.values()].reduce((sum, file) => sum + file.byteLength, 0);
    const manifest = JSON.parse(new TextDecoder().decode(withHost.get(MANIFEST_PATH))) as SiteManifest;
    const compatFiles = [...withHost.keys()].filter((path) => path.startsWith("catalog/data/compat"));
    expect(compatFiles.length).toBe(1 + seriesLength(manifest.compat!.drops!));
    expect(compatFiles.length).toBeLessThanOrEqual(3);
    const added = compatFiles.reduce((sum, path) => sum + withHost.get(path)!.byteLength, 0);
    expect(added).toBeLessThan(40 * 1024);
    // Besides its own files: the manifest's entry, and the versions in the snapshot kept for tomorrow (gzipped).
    expect(bytes(withHost) - bytes(without)).toBeLessThan(added + 2 * 1024);
  });
});
