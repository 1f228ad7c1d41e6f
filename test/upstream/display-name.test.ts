/**
 * Display-name paths (docs/API.md#configuration, #field-derivations): a Signal K
 * catalog built by the real CLI with `examples/signalk.config.json`. Signal K
 * plugins keep their display name at `signalk.displayName` in package.json; the
 * example config reads that first, then the top-level `displayName`, else the
 * package name shows.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "../fakes/index.js";
import { expectedCatalog, isDeprecatedLatest } from "./expected.js";
import {
  type CatalogConfigFile,
  type CliResult,
  describeRun,
  type PluginsPage,
  REPO_ROOT,
  runBuild,
  runCli,
  Scratch,
  type Upstreams,
  writeConfig,
} from "./support.js";

const EXAMPLE = join(REPO_ROOT, "examples", "signalk.config.json");
const KEYWORDS = ["signalk-node-server-plugin", "signalk-webapp"];
const TOKENS = { GITHUB_TOKEN: "ghp_display_name_test" };

const scratch = new Scratch();
let world: World;
let exampleConfig: CatalogConfigFile;
let result: CliResult;
let names = new Map<string, string>();
let up: Upstreams;
/** The four shapes, by package name. */
const shapes = { both: "", blankSignalk: "", signalkOnly: "", neither: "" };

beforeAll(async () => {
  exampleConfig = JSON.parse(await readFile(EXAMPLE, "utf8")) as CatalogConfigFile;
  world = createWorld({ packages: 60, seed: 91, keywords: KEYWORDS });
  const members = [...world.packages()].filter((pkg) => !pkg.unpublished && !isDeprecatedLatest(pkg));
  const withTopLevel = members.filter((pkg) => typeof pkg.displayName === "string" && pkg.displayName !== "");
  const without = members.filter((pkg) => pkg.displayName === undefined);
  const [both, blankSignalk] = withTopLevel;
  const [signalkOnly, neither] = without;
  if (!both || !blankSignalk || !signalkOnly || !neither) throw new Error("the world lacks the shapes this test needs; change the seed");
  Object.assign(shapes, { both: both.name, blankSignalk: blankSignalk.name, signalkOnly: signalkOnly.name, neither: neither.name });
  world.setManifestFields(both.name, { signalk: { displayName: "Freeboard SK", appIcon: "./icon.png" } });
  world.setManifestFields(blankSignalk.name, { signalk: { displayName: "   " } });
  world.setManifestFields(signalkOnly.name, { signalk: { displayName: "Anchor Alarm" } });

  up = await scratch.upstreamsFor(world);
  const out = `${await scratch.dir()}/site`;
  result = await runBuild(up, EXAMPLE, out, [], { env: TOKENS });
  if (result.code !== 0) return; // the first test says why
  names = await namesIn(out);
}, 60_000);

/** Through the API, as a client sees it: one page holds the whole small catalog. */
async function namesIn(site: string): Promise<Map<string, string>> {
  const query = await runCli(["query", site, "per_page=100"]);
  if (query.code !== 0) throw new Error(`query failed: ${describeRun(query)}`);
  const page = JSON.parse(query.stdout) as PluginsPage;
  return new Map(page.plugins.map((p) => [String(p["npmName"]), String(p["name"])]));
}

afterAll(() => scratch.cleanup());

describe("a Signal K catalog from examples/signalk.config.json", () => {
  it("builds (the example config is valid)", () => {
    expect(result.code, describeRun(result)).toBe(0);
    expect(exampleConfig.displayName).toEqual(["signalk.displayName", "displayName"]);
    expect(exampleConfig.keywords).toEqual(KEYWORDS);
    expect(exampleConfig.categories).toHaveLength(12);
    for (const category of exampleConfig.categories ?? []) expect(category).toMatch(/^signalk-category-[a-z0-9-]+$/);
  });

  it("shows signalk.displayName as `name`, before a top-level displayName", () => {
    expect(names.get(shapes.both)).toBe("Freeboard SK");
    expect(names.get(shapes.signalkOnly)).toBe("Anchor Alarm");
  });

  it("falls through a blank signalk.displayName to the top-level one, and to the package name when neither is there", () => {
    expect(names.get(shapes.blankSignalk)).toBe(world.get(shapes.blankSignalk)?.displayName);
    expect(names.get(shapes.neither)).toBe(shapes.neither);
  });

  it("every member's name is what the configured paths give", () => {
    const expected = expectedCatalog(world, exampleConfig);
    expect(new Map([...expected.members].map(([npmName, plugin]) => [npmName, plugin.name]))).toEqual(names);
  });
});

describe("changing the display-name paths from one day to the next", () => {
  it("renames unchanged packages too: yesterday's records are not reused under other paths", async () => {
    const dir = await scratch.dir();
    const defaultPaths = await writeConfig(dir, { ...exampleConfig, displayName: ["displayName"] }, "default-paths.json");
    const day1 = await runBuild(up, defaultPaths, `${dir}/day1`, [], { env: TOKENS });
    expect(day1.code, describeRun(day1)).toBe(0);
    expect((await namesIn(`${dir}/day1`)).get(shapes.signalkOnly)).toBe(shapes.signalkOnly);
    const day2 = await runBuild(up, EXAMPLE, `${dir}/day2`, ["--previous", `${dir}/day1`], { env: TOKENS });
    expect(day2.code, describeRun(day2)).toBe(0);
    expect(await namesIn(`${dir}/day2`)).toEqual(names);
  }, 60_000);
});
