/**
 * `parseSnapshot`: the only door into a build. A good snapshot comes out
 * typed and in canonical key order; a bad one is refused with one line that
 * names the file, the record (index and slug) and the field.
 */
import { describe, expect, it } from "vitest";
import { snapshotPluginSchema } from "../../src/snapshot/schema.js";
import { parseSnapshot, SnapshotError } from "../../src/snapshot/validate.js";
import { CORE } from "../support/fixtures.js";

type Json = Record<string, unknown>;
type MutableSnapshot = Json & { plugins: Json[] };

/** A deep copy of CORE as plain JSON data, changed by `change`. */
function coreWith(change: (data: MutableSnapshot) => void): MutableSnapshot {
  const data = JSON.parse(JSON.stringify(CORE)) as MutableSnapshot;
  change(data);
  return data;
}

function plugin(data: MutableSnapshot, index: number): Json {
  const record = data.plugins[index];
  if (record === undefined) throw new Error(`the fixture has no plugins[${index}]`);
  return record;
}

/** The SnapshotError that parsing `text` throws; fails the test when it parses or throws something else. */
function refusal(text: string, source = "catalog.snapshot.json"): string {
  try {
    parseSnapshot(text, source);
  } catch (error) {
    expect(error).toBeInstanceOf(SnapshotError);
    const message = (error as Error).message;
    expect(message, "one line").not.toContain("\n");
    expect(message, "names the file").toContain(source);
    return message;
  }
  throw new Error("parseSnapshot accepted it");
}

const reversed = (object: Json): Json => Object.fromEntries(Object.entries(object).reverse());

describe("parseSnapshot accepts", () => {
  it("a valid snapshot, unchanged", () => {
    expect(parseSnapshot(JSON.stringify(CORE), "core.json")).toEqual(CORE);
  });

  it("keys in any order, and gives them the schema's order", () => {
    const shuffled = coreWith((data) => {
      data.plugins = data.plugins.map(reversed);
    });
    const parsed = parseSnapshot(JSON.stringify(reversed(shuffled)), "shuffled.json");
    expect(Object.keys(parsed)).toEqual(["format", "formatVersion", "generatedAt", "plugins"]);
    const pluginKeys = Object.keys(snapshotPluginSchema.shape);
    for (const record of parsed.plugins) expect(Object.keys(record)).toEqual(pluginKeys.filter((key) => key in record));
  });
});

describe("parseSnapshot refuses, in one line naming the file", () => {
  it("text that is not JSON", () => {
    expect(refusal('{"format": "plugin-catalog/snapshot",\n  oops', "broken.json")).toMatch(/^broken\.json is not valid JSON: /);
  });

  it("JSON that is not a catalog snapshot", () => {
    expect(refusal("[1, 2]")).toContain('"format" must be "plugin-catalog/snapshot"');
    expect(refusal(JSON.stringify({ ...CORE, format: "something-else" }))).toContain('"format" must be "plugin-catalog/snapshot"');
  });

  it("a format version it does not read, saying which it reads", () => {
    const message = refusal(JSON.stringify({ ...CORE, formatVersion: 2 }));
    expect(message).toContain("has snapshot formatVersion 2; this version of plugin-catalog reads formatVersion 1");
  });

  const set = (index: number, field: string, value: unknown) => (data: MutableSnapshot) => {
    plugin(data, index)[field] = value;
  };
  const ALPHA = 'plugins[0] (slug "alpha-charts")';
  const BETA = 'plugins[1] (slug "beta-maps")';
  const DELTA = 'plugins[3] (slug "delta-ais")';
  const BETA_AT = "plugins[1]";
  it.each<[string, (data: MutableSnapshot) => void, string]>([
    ["a malformed timestamp", set(3, "updatedAt", "yesterday"), `${DELTA}.updatedAt: expected a UTC timestamp`],
    ["a timestamp that is no real date", set(3, "publishedAt", "2024-02-30T00:00:00.000Z"), `${DELTA}.publishedAt: is not a real date`],
    ["a field of the wrong type", set(1, "hasWebUi", "yes"), `${BETA}.hasWebUi`],
    ["a missing field", (data) => void delete plugin(data, 2)["version"], 'plugins[2] (slug "gamma-chart").version'],
    ["a slug that is not URL-safe", set(0, "slug", "Alpha Charts"), 'plugins[0] (slug "Alpha Charts").slug: expected a slug of a-z 0-9'],
    ["a slug used twice", set(4, "slug", "beta-maps"), `plugins[4] (slug "beta-maps").slug: duplicates ${BETA_AT}.slug "beta-maps"`],
    ["an npm name used twice", set(4, "npmName", "beta-maps"), `plugins[4] (slug "epsilon").npmName: duplicates ${BETA_AT}.npmName`],
    ["a total not its mirrors' sum", set(0, "totalStars", 121), `${ALPHA}.totalStars: is 121 but its mirrors' stars add up to 120`],
    ["a tag twice, case aside", set(0, "tags", ["Charts", "charts"]), `${ALPHA}.tags[1]: duplicates an earlier tag`],
    ["an untrimmed tag", set(0, "tags", [" charts"]), `${ALPHA}.tags[0]: must be trimmed`],
    ["a negative count", set(8, "totalForks", -1), 'plugins[8] (slug "iota").totalForks'],
    [
      "plugins that are no list",
      (data) => void (data["plugins"] = { alpha: {} } as unknown as Json[]),
      "plugins: must be an array of plugin records",
    ],
    ["a record that is no object", (data) => void (data.plugins[2] = "gamma" as unknown as Json), "plugins[2]: "],
    ["a generatedAt that is no timestamp", (data) => void (data["generatedAt"] = "today"), "generatedAt: expected a UTC timestamp"],
  ])("%s", (_, change, expected) => {
    expect(refusal(JSON.stringify(coreWith(change)))).toContain(`catalog.snapshot.json is not a valid catalog snapshot: ${expected}`);
  });

  it("many problems: the first five, then how many more", () => {
    const everyRecordBroken = coreWith((data) => data.plugins.forEach((record) => void (record["hasWebUi"] = "yes")));
    const message = refusal(JSON.stringify(everyRecordBroken));
    expect(message.match(/\.hasWebUi: /g)).toHaveLength(5);
    expect(message).toMatch(new RegExp(`; and ${CORE.plugins.length - 5} more problems$`));
  });
});
