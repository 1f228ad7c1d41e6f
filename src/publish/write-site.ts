/**
 * Writes a built site to a directory whole or not at all: into a fresh
 * sibling directory first, then swapped in with renames. On any failure the
 * previous directory is left exactly as it was.
 */
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import pLimit from "p-limit";
import type { SiteFiles } from "../site/build-site.js";

const WRITE_CONCURRENCY = 32;

export async function writeSiteAtomically(files: SiteFiles, outDir: string): Promise<void> {
  const target = resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const staging = join(dirname(target), `.${basename(target)}.new-${stamp}`);
  const retired = join(dirname(target), `.${basename(target)}.old-${stamp}`);
  try {
    await writeAll(files, staging);
    const hadPrevious = await exists(target);
    if (hadPrevious) await rename(target, retired);
    try {
      await rename(staging, target);
    } catch (error) {
      if (hadPrevious) await rename(retired, target);
      throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  await rm(retired, { recursive: true, force: true });
}

async function writeAll(files: SiteFiles, root: string): Promise<void> {
  const directories = new Set([...files.keys()].map((path) => dirname(join(root, path))));
  for (const directory of [...directories].sort()) await mkdir(directory, { recursive: true });
  const limit = pLimit(WRITE_CONCURRENCY);
  await Promise.all([...files].map(([path, bytes]) => limit(() => writeFile(join(root, path), bytes))));
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
