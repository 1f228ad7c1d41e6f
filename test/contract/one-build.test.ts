/**
 * docs/API.md#consistency: "Within one response, all data comes from one catalog
 * build: a deploy never yields a response that mixes two builds."
 *
 * The in-process shim reads through a reader that swaps build A for build B
 * (the whole directory, as a deploy does) after its k-th read, for every k.
 * Each answer must be exactly A's, exactly B's, or a 503.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/site/build-site.js";
import { CORE, CORE_PLUGINS, makePlugin, makeSnapshot } from "../support/fixtures.js";
import { call, type Reply } from "../support/http.js";
import { mapReader, shimTarget } from "../support/targets.js";
import { expectProblem } from "./expect.js";

/** Build B: same slugs, every visible field changed, a day later. */
const NEXT = makeSnapshot(
  CORE_PLUGINS.map((p, i) =>
    makePlugin({
      ...p,
      name: `${p.name} Renamed`,
      description: `${p.description} charts`,
      version: "9.9.9",
      mirrors: [{ platform: "github", path: `next/${p.slug.replace(/[^a-z0-9-]/g, "-")}`, stars: 1000 - i * 37, forks: i }],
      totalStars: 1000 - i * 37,
      totalForks: i,
      updatedAt: `2025-01-${String(10 + i).padStart(2, "0")}T00:00:00.000Z`,
      tags: p.tags.some((t) => t.toLowerCase() === "charts") ? p.tags : [...p.tags, "charts"],
      hasWebUi: !p.hasWebUi,
    }),
  ),
  "2025-03-05T02:00:00.000Z",
);

const PATHS = [
  "/api/plugins",
  "/api/plugins?sort=name&per_page=5&page=2",
  "/api/plugins?q=charts",
  "/api/plugins?category=charts&web=1&sort=recent",
  "/api/plugins?author=alice",
  "/api/facets?q=charts&web=1",
  "/api/status",
  "/api/catalog.json",
  "/api/plugins/alpha-charts",
  "/api/plugins/acme~zeta",
];

function fingerprint(reply: Reply): string {
  return JSON.stringify([reply.status, reply.text, reply.headers.get("etag"), reply.headers.get("last-modified")]);
}

describe("one response, one build", () => {
  let siteA: Map<string, Uint8Array>;
  let siteB: Map<string, Uint8Array>;
  beforeAll(async () => {
    [siteA, siteB] = await Promise.all([buildSite(CORE), buildSite(NEXT)]);
  });

  it.each(PATHS)("%s during a deploy is all build A, all build B, or a 503", async (path) => {
    const a = fingerprint(await call(shimTarget(mapReader(siteA), { manifestTtlMs: 0 }), path));
    const b = fingerprint(await call(shimTarget(mapReader(siteB), { manifestTtlMs: 0 }), path));
    expect(a).not.toBe(b);
    for (let switchAfter = 0; switchAfter <= 12; switchAfter++) {
      let reads = 0;
      const target = shimTarget(
        {
          read: (file) => {
            reads += 1;
            return mapReader(reads > switchAfter ? siteB : siteA).read(file);
          },
        },
        { manifestTtlMs: 0 },
      );
      const reply = await call(target, path);
      if (reply.status === 503) {
        expectProblem(reply, 503);
        continue;
      }
      expect([a, b], `switch after ${switchAfter} reads`).toContain(fingerprint(reply));
    }
  });
});
