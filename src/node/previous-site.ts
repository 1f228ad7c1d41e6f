/**
 * Yesterday's catalog, read back from a deployed site (a directory or a URL):
 * its manifest names the snapshot it was built from.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { MANIFEST_PATH, type SiteManifest } from "../core/site-format.js";
import type { CatalogSnapshot } from "../snapshot/schema.js";
import { parseSnapshot } from "../snapshot/validate.js";

/** Undefined when there is no site there yet (a first build); throws when there is one that cannot be read. */
export async function readPreviousSnapshot(location: string): Promise<CatalogSnapshot | undefined> {
  const read = /^https?:\/\//i.test(location) ? readFromUrl(location) : readFromDirectory(location);
  const manifestText = await read(MANIFEST_PATH);
  if (manifestText === undefined) return undefined;
  const manifest = JSON.parse(manifestText) as Partial<SiteManifest>;
  if (typeof manifest.snapshot !== "string") throw new Error(`the previous site at ${location} has no snapshot in its manifest`);
  const snapshotText = await read(manifest.snapshot);
  if (snapshotText === undefined) throw new Error(`the previous site at ${location} lacks ${manifest.snapshot}`);
  return parseSnapshot(snapshotText, `${location}/${manifest.snapshot}`);
}

function readFromDirectory(root: string) {
  return async (path: string): Promise<string | undefined> => {
    try {
      return await readFile(join(root, path), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  };
}

function readFromUrl(base: string) {
  return async (path: string): Promise<string | undefined> => {
    const response = await fetch(`${base.replace(/\/+$/, "")}/${path}`, { signal: AbortSignal.timeout(120_000) });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GET ${base}/${path} answered ${response.status}`);
    return response.text();
  };
}
