/**
 * Section 11's detail against the independent model (test/support/detail-model.ts), for every plugin of a generated
 * catalog with drawn facts (test/support/detail-facts.ts: ties in downloads, stars and dependents, archived
 * repositories, absent facts, READMEs cut around a surrogate pair, releases after the build): the body the shim
 * answers is the model's, byte for byte, through the default layout and through detail files cut as small as they go.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../../src/snapshot/schema.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { withDetailFacts } from "../../support/detail-facts.js";
import { modelDetailJson } from "../../support/detail-model.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";

const PLUGINS = 3_000;

/** Every character escaped, as a client may send it: `%7E` for `~` too. */
const escapedPath = (slug: string): string =>
  `/api/plugins/${Array.from(slug, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("")}`;

async function expectModelBodies(target: Target, snapshot: CatalogSnapshot, escapeEvery: number): Promise<void> {
  const catalog = { plugins: snapshot.plugins, builtAt: snapshot.generatedAt };
  for (const [i, plugin] of snapshot.plugins.entries()) {
    const path = i % escapeEvery === 0 ? escapedPath(plugin.slug) : `/api/plugins/${plugin.slug}`;
    const response = await target.fetch(path);
    expect(response.status, path).toBe(200);
    expect(await response.text(), path).toBe(modelDetailJson(plugin, catalog));
  }
}

describe(`every plugin's detail of a generated catalog of ${PLUGINS} plugins with drawn facts`, () => {
  let snapshot: CatalogSnapshot;
  beforeAll(() => {
    snapshot = withDetailFacts(generateSnapshot({ plugins: PLUGINS, seed: 28 }));
  });

  it("the facts reach the corners the model must agree on", () => {
    const plugins = snapshot.plugins;
    const share = (test: (plugin: (typeof plugins)[number]) => boolean) => plugins.filter(test).length;
    expect(share((p) => p.readmeCut === true || Array.from(p.readme).length > 65_536)).toBeGreaterThan(20);
    expect(share((p) => p.mirrors.length > 0 && p.mirrors.every((m) => m.archived === true))).toBeGreaterThan(20);
    expect(
      share((p) => p.downloads === undefined) && share((p) => p.trust === undefined) && share((p) => p.releases === undefined),
    ).toBeGreaterThan(0);
    expect(share((p) => p.updatedAt > snapshot.generatedAt)).toBeGreaterThan(0);
    expect(share((p) => p.slug.includes("~"))).toBeGreaterThan(0);
    expect(new Set(plugins.map((p) => p.downloads?.lastMonth ?? 0)).size).toBeLessThan(plugins.length / 2);
  });

  it("is the model's body, byte for byte, at the default layout", async () => {
    await expectModelBodies(shimTarget(mapReader(await buildSite(snapshot))), snapshot, 3);
  }, 120_000);

  it("is the model's body when every detail file holds as few details as it can", async () => {
    await expectModelBodies(shimTarget(mapReader(await buildSite(snapshot, { layout: { detailFileBytes: 1 } }))), snapshot, 5);
  }, 120_000);
});
