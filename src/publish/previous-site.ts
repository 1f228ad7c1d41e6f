/**
 * Yesterday's catalog, read back from a deployed site (a directory or a URL):
 * its manifest names the snapshot it was built from (one gzip file, or the
 * parts a large one is cut into).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { MANIFEST_PATH, type SiteManifest } from "../core/site-format.js";
import type { CatalogSnapshot } from "../snapshot/schema.js";
import { parseSnapshot } from "../snapshot/validate.js";

/** Undefined when there is no site there yet (a first build); throws when there is one that cannot be read. */
export async function readPreviousSnapshot(location: string): Promise<CatalogSnapshot | undefined> {
  const read = /^https?:\/\//i.test(location) ? readFromUrl(location) : readFromDirectory(location);
  const manifestText = await read(MANIFEST_PATH).then((bytes) => (bytes === undefined ? undefined : textOf(bytes)));
  if (manifestText === undefined) return undefined;
  const manifest = JSON.parse(manifestText) as Partial<SiteManifest>;
  const parts = typeof manifest.snapshot === "string" ? [manifest.snapshot] : manifest.snapshot;
  if (!Array.isArray(parts) || parts.length === 0 || !parts.every((part) => typeof part === "string")) {
    throw new Error(`the previous site at ${location} has no snapshot in its manifest`);
  }
  const bytes: Uint8Array[] = [];
  for (const part of parts) {
    const found = await read(part);
    if (found === undefined) throw new Error(`the previous site at ${location} lacks ${part}`);
    bytes.push(found);
  }
  return parseSnapshot(textOf(Buffer.concat(bytes)), `${location}/${parts[0]}`);
}

/** Gzipped files are recognised by their magic bytes: a CDN may already have decoded them. */
function textOf(bytes: Uint8Array): string {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return new TextDecoder().decode(gzipped ? gunzipSync(bytes) : bytes);
}

function readFromDirectory(root: string) {
  return async (path: string): Promise<Uint8Array | undefined> => {
    try {
      return await readFile(join(root, path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  };
}

/**
 * A site's root may have a path (`https://owner.github.io/repo/`, a project's GitHub Pages site): its
 * files are resolved under it, with or without the final slash; a query or fragment is dropped.
 */
function readFromUrl(base: string) {
  const root = new URL(base);
  if (!root.pathname.endsWith("/")) root.pathname += "/";
  return async (path: string): Promise<Uint8Array | undefined> => {
    const url = new URL(path, root);
    const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GET ${url.href} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
}
