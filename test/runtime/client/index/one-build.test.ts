/**
 * Section 9: the client reads "one build's files per answer". Two builds of
 * different catalogs, each by the CLI, on a static host; the client is the
 * bundle in the site:
 *
 * - the host swaps build A's directory for build B's after its k-th request,
 *   for every k, in the middle of the client's reads for one answer;
 * - the CLI publishes build B over build A's directory between two calls.
 *
 * Every answer is exactly A's or exactly B's (status, body, ETag,
 * Last-Modified), or a 503 problem; never a mix.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogSnapshot } from "../../../../src/snapshot/schema.js";
import { generateSnapshot } from "../../../../tools/sample/generate.js";
import { siteClient } from "../../../support/client-target.js";
import { startStaticHost } from "../../../support/static-host.js";
import { makeTempDir, runCli } from "../../../support/targets.js";

const A = generateSnapshot({ plugins: 420, seed: 101, generatedAt: "2026-11-19T02:00:00.000Z" });
const B = generateSnapshot({ plugins: 420, seed: 202, generatedAt: "2026-11-20T02:00:00.000Z" });

const PATHS = [
  "/api/plugins",
  "/api/plugins?sort=recent&page=3&per_page=70",
  "/api/plugins?sort=name&page=5&per_page=100",
  "/api/plugins?q=chart&sort=name",
  "/api/plugins?q=data&category=acme-category-charts",
  "/api/plugins?web=1&sort=recent&page=2",
  "/api/facets?q=plugin&web=1",
  "/api/status",
  "/api/catalog.json",
];

type Fingerprint = string;

async function fingerprint(response: Response): Promise<Fingerprint> {
  const headers = ["etag", "last-modified", "content-type"].map((name) => response.headers.get(name));
  return JSON.stringify([response.status, ...headers, await response.text()]);
}

describe("the client answers each request from one build", () => {
  let dir: string;
  let siteA: string;
  let siteB: string;
  let openCatalog: Awaited<ReturnType<typeof siteClient>>["openCatalog"];
  const expected = { a: new Map<string, Fingerprint>(), b: new Map<string, Fingerprint>() };

  const buildInto = async (snapshot: CatalogSnapshot, name: string) => {
    await writeFile(join(dir, `${name}.json`), JSON.stringify(snapshot));
    const result = await runCli(["build", "--snapshot", join(dir, `${name}.json`), "--out", join(dir, name), "--max-drop", "100%"]);
    if (result.code !== 0) throw new Error(result.stderr);
    return join(dir, name);
  };

  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-client-builds-");
    [siteA, siteB] = await Promise.all([buildInto(A, "a"), buildInto(B, "b")]);
    ({ openCatalog } = await siteClient(siteA));
    for (const [site, answers] of [
      [siteA, expected.a],
      [siteB, expected.b],
    ] as const) {
      const host = await startStaticHost(site);
      const catalog = await openCatalog(host.siteUrl);
      for (const path of PATHS) answers.set(path, await fingerprint(await catalog.fetch(path)));
      await host.close();
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("the two builds answer every path differently", () => {
    for (const path of PATHS) expect(expected.a.get(path), path).not.toBe(expected.b.get(path));
  });

  it.each(PATHS)("%s, with the files switching from build A to build B after each number of reads", async (path) => {
    let switchAfter = 0;
    let reads = 0;
    const host = await startStaticHost(siteA, { dirFor: () => (reads++ < switchAfter ? siteA : siteB) });
    const seen = { a: 0, b: 0, unavailable: 0 };
    try {
      for (; switchAfter <= 8; switchAfter++) {
        reads = 0;
        // A new client each time: cold, as a page just loaded, so that every file of the answer is read.
        const response = await (await openCatalog(host.siteUrl)).fetch(path);
        if (response.status === 503) {
          expect(response.headers.get("content-type")).toBe("application/problem+json");
          seen.unavailable++;
          continue;
        }
        const answer = await fingerprint(response);
        const from = answer === expected.a.get(path) ? "a" : answer === expected.b.get(path) ? "b" : "mixed";
        expect(from, `switch after ${switchAfter} reads`).not.toBe("mixed");
        seen[from as "a" | "b"]++;
      }
    } finally {
      await host.close();
    }
    expect(seen.b, "switching before the first read answers from build B").toBeGreaterThan(0);
    expect(seen.a, "switching after the last read answers from build A").toBeGreaterThan(0);
  });

  it("a build published over the site between two calls: each answer is one build's, and build B's once the manifest is re-read", async () => {
    const site = await buildInto(A, "published");
    const host = await startStaticHost(site);
    try {
      const catalog = await openCatalog(host.siteUrl);
      for (const path of PATHS) expect(await fingerprint(await catalog.fetch(path)), path).toBe(expected.a.get(path));
      await buildInto(B, "published");
      for (const path of [...PATHS].reverse()) {
        const answer = await fingerprint(await catalog.fetch(path));
        expect([expected.a.get(path), expected.b.get(path)], path).toContain(answer);
      }
      // The client trusts a manifest for 5 s, as the shim does everywhere; after that, every answer is build B's.
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      for (const path of PATHS) expect(await fingerprint(await catalog.fetch(path)), path).toBe(expected.b.get(path));
    } finally {
      await host.close();
    }
  });
});
