/** The client's reads: the site's own files over HTTP, relative to its root; the manifest revalidated. */

import { mkdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_PATH } from "../../../src/core/site-format.js";
import { createHttpReader } from "../../../src/runtime/client/http-reader.js";
import { type StaticHost, startStaticHost } from "../../support/static-host.js";
import { makeTempDir } from "../../support/targets.js";

describe("createHttpReader", () => {
  let dir: string;
  let host: StaticHost;
  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-reader-");
    await mkdir(join(dir, "catalog", "data"), { recursive: true });
    await writeFile(join(dir, MANIFEST_PATH), "{}");
    await writeFile(join(dir, "catalog", "data", "x.bin"), new Uint8Array([1, 2, 3]));
    await writeFile(join(dir, "secret.txt"), "no");
    host = await startStaticHost(join(dir), { prefix: "/some/path/" });
  });
  afterAll(async () => {
    await host?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("reads a file's bytes relative to the site's root; a missing file is null", async () => {
    const reader = createHttpReader(new URL(host.siteUrl));
    expect(await reader.read("catalog/data/x.bin")).toEqual(new Uint8Array([1, 2, 3]));
    expect(await reader.read("catalog/data/missing.bin")).toBeNull();
    expect(host.served.map((s) => s.path)).toEqual(["/some/path/catalog/data/x.bin", "/some/path/catalog/data/missing.bin"]);
  });

  it("never leaves the site's root, whatever path it is given", async () => {
    const reader = createHttpReader(new URL(`${host.siteUrl}catalog/`));
    const before = host.served.length;
    for (const path of ["../secret.txt", "/some/path/secret.txt", `${host.origin}/some/path/secret.txt`, "https://elsewhere.example/x"]) {
      expect(await reader.read(path), path).toBeNull();
    }
    expect(host.served.length).toBe(before);
  });

  it("asks for the manifest with revalidation (Node's fetch sends max-age=0), and for data files without", async () => {
    const reader = createHttpReader(new URL(host.siteUrl));
    await reader.read(MANIFEST_PATH);
    await reader.read("catalog/data/x.bin");
    const [manifest, data] = host.served.slice(-2);
    expect(manifest?.headers["cache-control"]).toBe("max-age=0");
    expect(data?.headers["cache-control"]).toBeUndefined();
  });

  it("throws on any other failure, which the shim answers with a 503", async () => {
    const failing: Server = createServer((_request, response) => {
      response.writeHead(500);
      response.end("oops");
    });
    await new Promise<void>((done) => failing.listen(0, "127.0.0.1", done));
    try {
      const reader = createHttpReader(new URL(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/site/`));
      await expect(reader.read(MANIFEST_PATH)).rejects.toThrow(/answered 500/);
    } finally {
      failing.close();
    }
    await expect(createHttpReader(new URL("http://127.0.0.1:9/")).read(MANIFEST_PATH)).rejects.toThrow();
  });
});
