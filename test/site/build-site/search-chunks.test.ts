import { describe, expect, it } from "vitest";
import { MANIFEST_PATH, type SearchDirectoryFile, type SiteManifest } from "../../../src/core/site-format.js";
import { buildSite } from "../../../src/site/build-site.js";
import { lunr } from "../../../src/site/search/lunr-patch.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";

const decoder = new TextDecoder();

describe("the shipped search chunks", async () => {
  const files = await buildSite(generateSnapshot({ plugins: 400, seed: 11 }));
  const json = <T>(path: string): T => JSON.parse(decoder.decode(files.get(path))) as T;
  const manifest = json<SiteManifest>(MANIFEST_PATH);
  const directory = json<SearchDirectoryFile>(manifest.search);

  it("are many, in term order, each a serialized Lunr index that lunr.Index.load accepts", () => {
    expect(directory.chunks.length).toBeGreaterThan(3);
    for (const [first, last, file] of directory.chunks) {
      const index = lunr.Index.load(json<object>(file));
      const terms = (index as unknown as { tokenSet: lunr.TokenSet }).tokenSet.toArray();
      expect(terms).toContain(first);
      expect(terms).toContain(last);
    }
  });

  it("record the exact bytes of each chunk's inverted index, which is all the shim parses", () => {
    for (const [, , file, start, end] of directory.chunks) {
      const whole = json<{ invertedIndex: unknown }>(file);
      const part = JSON.parse(decoder.decode(files.get(file)!.subarray(start, end))) as unknown;
      expect(part).toEqual(whole.invertedIndex);
    }
  });
});
