/**
 * A snapshot's records are bounded as they are read (docs/API.md#bounds): a hand-made
 * snapshot, or yesterday's from a version that did not bound them, serves records within
 * the bounds; records already within them come back as the very same objects.
 */
import { describe, expect, it } from "vitest";
import { detailReadme } from "../../src/site/detail/plugin-detail.js";
import { parseSnapshot } from "../../src/snapshot/validate.js";
import { CORE, makePlugin, makeSnapshot } from "../support/fixtures.js";

const codePoints = (text: string): number => [...text].length;

describe("a snapshot's records, bounded as they are read", () => {
  it("cuts, drops and cleans what is past the bounds", () => {
    const plugin = makePlugin({
      npmName: "acme-plugin-huge",
      name: `N\u0000${"n".repeat(500)}`,
      description: "d".repeat(4_000_000),
      version: `1.0.0-${"r".repeat(300)}`,
      license: "L".repeat(300),
      homepage: `https://example.org/${"h".repeat(3_000)}`,
      tags: [...Array.from({ length: 20_000 }, (_, i) => `tag-${i}`)],
      readme: `${"word ".repeat(20_000)}\r\nlast`,
      creators: Array.from({ length: 500 }, (_, i) => `login-${i}`),
    });
    const [read] = parseSnapshot(JSON.stringify(makeSnapshot([plugin])), "test").plugins;
    expect(codePoints(read!.name)).toBe(200);
    expect(read!.name.startsWith("Nnnn")).toBe(true);
    expect(read!.description).toBe(`${"d".repeat(1_999)}…`);
    expect(codePoints(read!.version)).toBe(256);
    expect(codePoints(read!.license)).toBe(256);
    expect(read!.homepage).toBeNull();
    expect(read!.tags).toEqual(plugin.tags.slice(0, 100));
    expect(codePoints(read!.readme)).toBe(65_536);
    expect(read!.readme).not.toContain("\r");
    // Marked as cut, so that the plugin's detail ends its README with "…" (contract section 11).
    expect(read!.readmeCut).toBe(true);
    expect(detailReadme(read!)?.endsWith("…")).toBe(true);
    expect(read!.creators).toEqual(plugin.creators.slice(0, 100));
  });

  it("marks a README at its bound, not past it, as whole", () => {
    const atBound = makePlugin({ npmName: "acme-plugin-at-bound", readme: "r".repeat(65_536) });
    const [read] = parseSnapshot(JSON.stringify(makeSnapshot([atBound])), "test").plugins;
    expect(read!.readmeCut).toBeUndefined();
    expect(detailReadme(read!)).toBe(atBound.readme);
  });

  it("returns records within the bounds as they are, the same objects", () => {
    const parsed = parseSnapshot(JSON.stringify(CORE), "core");
    expect(parsed.plugins).toEqual(CORE.plugins);
    const again = parseSnapshot(JSON.stringify(parsed), "again");
    expect(JSON.stringify(again)).toBe(JSON.stringify(parsed));
  });
});
