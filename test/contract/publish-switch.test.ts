/**
 * Atomic publishing: while `serve` answers from build A, the real CLI
 * publishes build B into the same directory. Every answer during the switch
 * must be exactly A's or exactly B's (a 503 is allowed), never a mix.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { buildSiteWithCli, makeTempDir, mapReader, runCli, type ServeProcess, shimTarget, startServeProcess } from "../support/targets.js";

const QUERIES = [
  "",
  "sort=recent&page=3&per_page=70",
  "sort=name&page=5&per_page=100",
  "q=chart",
  "q=data&sort=name&per_page=30",
  "category=acme-plugin&sort=recent&page=2",
  "web=1&per_page=100",
];

async function answers(snapshot: CatalogSnapshot): Promise<Map<string, string>> {
  const target = shimTarget(mapReader(await buildSite(snapshot)));
  const entries = await Promise.all(QUERIES.map(async (q) => [q, await (await target.fetch(`/api/plugins?${q}`)).text()] as const));
  return new Map(entries);
}

describe("publishing a new build while serving", () => {
  const a = generateSnapshot({ plugins: 420, seed: 101, generatedAt: "2026-11-19T02:00:00.000Z" });
  const b = generateSnapshot({ plugins: 420, seed: 202, generatedAt: "2026-11-20T02:00:00.000Z" });
  let dir: string;
  let server: ServeProcess;
  let expected: { a: Map<string, string>; b: Map<string, string> };

  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-switch-");
    await buildSiteWithCli(a, dir);
    server = await startServeProcess(join(dir, "site"));
    expected = { a: await answers(a), b: await answers(b) };
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("never yields an answer that mixes two builds", { timeout: 60_000 }, async () => {
    await writeFile(join(dir, "b.json"), JSON.stringify(b));
    let publishing = true;
    const build = runCli(["build", "--snapshot", join(dir, "b.json"), "--out", join(dir, "site"), "--max-drop", "100%"]).finally(
      () => (publishing = false),
    );
    const seen = { a: 0, b: 0, unavailable: 0 };
    const deadline = Date.now() + 40_000;
    const client = async () => {
      for (let i = 0; (publishing || seen.b < 20) && Date.now() < deadline; i++) {
        const query = QUERIES[i % QUERIES.length]!;
        const response = await fetch(`${server.baseUrl}/api/plugins?${query}`);
        const body = await response.text();
        if (response.status === 503) {
          seen.unavailable++;
          continue;
        }
        expect(response.status).toBe(200);
        const from = body === expected.a.get(query) ? "a" : body === expected.b.get(query) ? "b" : "mixed";
        expect(from, `answer to "${query}" is neither build A's nor build B's`).not.toBe("mixed");
        seen[from as "a" | "b"]++;
      }
    };
    await Promise.all([client(), client(), client(), client()]);
    const result = await build;
    expect(result.code).toBe(0);
    expect(seen.a).toBeGreaterThan(0);
    expect(seen.b).toBeGreaterThanOrEqual(20);
  });
});
