/**
 * `serve DIR --port 0 --host H` on the real binary (in process it would run
 * until a signal ends the test process): prints its URL, serves the built
 * files and /api/plugins, stops when killed. The binary builds the site
 * too, so both ends agree on the site format.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORE } from "../../../support/fixtures.js";
import { buildSiteWithCli, makeTempDir, type ServeProcess, startServeProcess } from "../../../support/targets.js";

describe("serve", () => {
  let dir: string;
  let site: string;
  let server: ServeProcess;
  beforeAll(async () => {
    dir = await makeTempDir();
    site = await buildSiteWithCli(CORE, dir);
    server = await startServeProcess(site);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves every file the build wrote, byte for byte, at its relative path", async () => {
    const entries = await readdir(site, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files.slice(0, 40)) {
      const path = `/${relative(site, file).split(sep).map(encodeURIComponent).join("/")}`;
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(file)), path).toBe(true);
    }
  });

  it("serves catalog/client.js as JavaScript, so that a page on this host may import it", async () => {
    const response = await fetch(`${server.baseUrl}/catalog/client.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^(text|application)\/javascript\b/);
    expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(join(site, "catalog", "client.js")))).toBe(true);
  });

  it("answers /api/plugins", async () => {
    const response = await fetch(`${server.baseUrl}/api/plugins?per_page=1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(CORE.plugins.length);
  });

  it("reads the catalog into memory as it starts: once its records, orders and filter packs are gone, pages still answer", async () => {
    const copy = await buildSiteWithCli(CORE, await makeTempDir());
    const other = await startServeProcess(copy);
    try {
      // No request yet: what follows can only come from what `serve` read on its own, well within this pause.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const data = join(copy, "catalog", "data");
      const preloaded = (await readdir(data)).filter((name) => /^(records-stars|orders|filters)-/.test(name));
      expect(preloaded.length).toBeGreaterThan(2);
      for (const name of preloaded) await rm(join(data, name));
      const author = CORE.plugins[0]!.creators[0]!;
      for (const query of ["per_page=3", "sort=recent&page=2&per_page=2", "sort=name", `author=${author}&sort=recent`]) {
        const response = await fetch(`${other.baseUrl}/api/plugins?${query}`);
        expect(response.status, query).toBe(200);
        expect(((await response.json()) as { total: number }).total, query).toBeGreaterThan(0);
      }
    } finally {
      await other.stop();
      await rm(join(copy, ".."), { recursive: true, force: true });
    }
  });

  it("stops when killed", async () => {
    const other = await startServeProcess(site);
    expect((await fetch(`${other.baseUrl}/api/plugins`)).status).toBe(200);
    await other.stop();
    await expect(fetch(`${other.baseUrl}/api/plugins`)).rejects.toThrow();
  });
});
