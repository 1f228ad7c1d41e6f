/**
 * Yesterday's catalog read back from a site directory or a deployed site's
 * URL: the snapshot in one gzip file, or cut into parts when it is larger
 * than a CDN takes as one file.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MANIFEST_PATH, type SiteManifest } from "../../src/core/site-format.js";
import { readPreviousSnapshot } from "../../src/publish/previous-site.js";
import { buildSite, type SiteFiles } from "../../src/site/build-site.js";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { writeSiteAtomically } from "../support/site-dir.js";

const snapshot = generateSnapshot({ plugins: 60, seed: 3 });
const manifestOf = (files: SiteFiles) => JSON.parse(new TextDecoder().decode(files.get(MANIFEST_PATH))) as SiteManifest;

async function inDirectory<T>(files: SiteFiles, use: (dir: string) => Promise<T>): Promise<T> {
  const root = await mkdtemp(join(tmpdir(), "pc-previous-"));
  try {
    await writeSiteAtomically(files, join(root, "site"));
    return await use(join(root, "site"));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe("readPreviousSnapshot", () => {
  it("reads a small catalog's snapshot from its one gzip file", async () => {
    const files = await buildSite(snapshot);
    expect(manifestOf(files).snapshot).toMatch(/^catalog\/data\/snapshot\.[0-9a-f]{16}\.json\.gz$/);
    expect(await inDirectory(files, readPreviousSnapshot)).toEqual(snapshot);
  });

  it("joins the parts of a snapshot larger than the part size, each part within it", async () => {
    const files = await buildSite(snapshot, { snapshotPartBytes: 4_000 });
    const parts = manifestOf(files).snapshot;
    expect(Array.isArray(parts) && parts.length).toBeGreaterThan(2);
    for (const part of parts as string[]) {
      expect(part).toMatch(/^catalog\/data\/snapshot-\d+\.[0-9a-f]{16}\.gz\.part$/);
      expect(files.get(part)?.byteLength).toBeLessThanOrEqual(4_000);
    }
    expect(await inDirectory(files, readPreviousSnapshot)).toEqual(snapshot);
    const joined = Buffer.concat((parts as string[]).map((part) => files.get(part)!));
    expect(gunzipSync(joined).toString("utf8"), "the exact JSON of the snapshot").toBe(JSON.stringify(snapshot));
  });

  it("names the part a site lacks, and a manifest without a snapshot", async () => {
    const files = await buildSite(snapshot, { snapshotPartBytes: 4_000 });
    const lost = (manifestOf(files).snapshot as string[])[1]!;
    files.delete(lost);
    await expect(inDirectory(files, readPreviousSnapshot)).rejects.toThrow(`lacks ${lost}`);
    const noSnapshot = new Map([[MANIFEST_PATH, new TextEncoder().encode(JSON.stringify({ ...manifestOf(files), snapshot: [] }))]]);
    await expect(inDirectory(noSnapshot, readPreviousSnapshot)).rejects.toThrow("has no snapshot in its manifest");
  });

  it("reads a snapshot a CDN served already decoded, and is undefined where no site is yet", async () => {
    const files = await buildSite(snapshot);
    const path = manifestOf(files).snapshot as string;
    const decoded = new Map(files).set(path, new TextEncoder().encode(JSON.stringify(snapshot)));
    expect(await inDirectory(decoded, readPreviousSnapshot)).toEqual(snapshot);
    const root = await mkdtemp(join(tmpdir(), "pc-previous-"));
    await writeFile(join(root, "unrelated.txt"), "not a site");
    expect(await readPreviousSnapshot(root)).toBeUndefined();
    await rm(root, { recursive: true, force: true });
  });
});

describe("readPreviousSnapshot from a URL", () => {
  /** Serves `files` under `/repo/` on 127.0.0.1, as GitHub Pages serves a project's site; logs the paths asked for. */
  async function servedUnderPath<T>(files: SiteFiles | number, use: (origin: string, requests: string[]) => Promise<T>): Promise<T> {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? "");
      if (typeof files === "number") return void response.writeHead(files).end();
      const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
      const body = path.startsWith("/repo/") ? files.get(path.slice("/repo/".length)) : undefined;
      response.writeHead(body === undefined ? 404 : 200).end(body);
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    try {
      return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  }

  it("reads a site whose root has a path, with or without the final slash, a query or fragment dropped", async () => {
    const files = await buildSite(snapshot, { snapshotPartBytes: 4_000 });
    await servedUnderPath(files, async (origin, requests) => {
      for (const root of [`${origin}/repo/`, `${origin}/repo`, `${origin}/repo/?ref=x#top`]) {
        requests.length = 0;
        expect(await readPreviousSnapshot(root), root).toEqual(snapshot);
        expect(requests[0]).toBe(`/repo/${MANIFEST_PATH}`);
        expect(requests.every((path) => path.startsWith("/repo/catalog/"))).toBe(true);
      }
    });
  });

  it("is undefined where no site is deployed yet (a 404); another failure names the URL", async () => {
    await servedUnderPath(new Map(), async (origin) => {
      expect(await readPreviousSnapshot(`${origin}/repo/`)).toBeUndefined();
    });
    await servedUnderPath(503, async (origin) => {
      await expect(readPreviousSnapshot(`${origin}/repo`)).rejects.toThrow(`GET ${origin}/repo/${MANIFEST_PATH} answered 503`);
    });
  });
});
