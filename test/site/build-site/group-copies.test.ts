/**
 * Group files copy the records of small filter sets; one plugin lends its record to at most
 * `GROUPED_SETS_PER_PLUGIN` of its sets (docs/API.md#bounds), so a plugin with a hundred tags of
 * its own is not copied a hundred times. A set left ungrouped still answers, from the record shards.
 */
import { describe, expect, it } from "vitest";
import { createShim } from "../../../src/shim/index.js";
import { buildSite } from "../../../src/site/build-site.js";
import { GROUPED_SETS_PER_PLUGIN } from "../../../src/site/filter-packs.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { mapReader } from "../../support/targets.js";

const TAGS = Array.from({ length: 100 }, (_, i) => `own-tag-${i}`);

/** How many times the plugin's record bytes (its slug, quoted) appear in the group files. */
function copiesInGroups(files: ReadonlyMap<string, Uint8Array>, slug: string): number {
  let copies = 0;
  for (const [path, bytes] of files)
    if (path.includes("/groups-")) copies += Buffer.from(bytes).toString("latin1").split(`"slug":"${slug}"`).length - 1;
  return copies;
}

describe("group files", () => {
  it("copy a plugin's record into at most its largest sets, and every one of its tags still answers", async () => {
    const snapshot = generateSnapshot({ plugins: 200, seed: 5 });
    const plugin = snapshot.plugins[7]!;
    plugin.tags = [...plugin.tags, ...TAGS];
    const files = await buildSite(snapshot);
    expect(copiesInGroups(files, plugin.slug)).toBeLessThanOrEqual(GROUPED_SETS_PER_PLUGIN);
    const shim = createShim({ reader: mapReader(files) });
    for (const tag of [TAGS[0]!, TAGS[99]!]) {
      const body = (await (await shim(new Request(`http://x/api/plugins?category=${tag}`))).json()) as { plugins: { slug: string }[] };
      expect(body.plugins.map((p) => p.slug)).toEqual([plugin.slug]);
    }
  });

  it("copy an ordinary plugin's record into every small set it is in", async () => {
    const snapshot = generateSnapshot({ plugins: 200, seed: 5 });
    const files = await buildSite(snapshot);
    const plugin = snapshot.plugins.find((p) => p.tags.length + p.creators.length >= 6)!;
    expect(copiesInGroups(files, plugin.slug)).toBeGreaterThanOrEqual(plugin.tags.length);
  });
});
