/** `plugin-catalog build`: snapshot (read or fetched) → site, written whole or not at all. */
import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { MANIFEST_PATH } from "../../core/site-format.js";
import { writeSiteAtomically } from "../../node/site-writer.js";
import { buildSite } from "../../site/build-site.js";
import { parseSnapshot } from "../../snapshot/validate.js";
import type { CatalogSnapshot } from "../../snapshot/schema.js";
import { CliError, type CliIo } from "../io.js";

export interface BuildOptions {
  readonly out: string;
  readonly snapshot?: string;
  readonly config: string;
}

export async function buildCommand(options: BuildOptions, io: CliIo): Promise<void> {
  const started = performance.now();
  await refuseForeignDirectory(options.out);
  if (options.snapshot === undefined) {
    throw new CliError("fetching the catalog from the upstreams is not available in this version; build from a file with --snapshot FILE");
  }
  const snapshot = await readSnapshotFile(options.snapshot);
  const files = await buildSite(snapshot);
  await writeSiteAtomically(files, options.out);
  const bytes = [...files.values()].reduce((sum, file) => sum + file.byteLength, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  io.stdout(`Built ${snapshot.plugins.length} plugins into ${options.out}: ${files.size} files, ${(bytes / 1e6).toFixed(1)} MB, in ${seconds} s\n`);
}

export async function readSnapshotFile(path: string): Promise<CatalogSnapshot> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new CliError(`cannot read snapshot ${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`);
  }
  return parseSnapshot(text, path);
}

/** `--out src` must never wipe a directory that is not a site this tool built. */
async function refuseForeignDirectory(out: string): Promise<void> {
  const isDirectory = await stat(out).then((s) => s.isDirectory(), () => undefined);
  if (isDirectory === undefined) return;
  if (!isDirectory) throw new CliError(`--out ${out} exists and is not a directory`);
  const isSite = await stat(join(out, MANIFEST_PATH)).then(() => true, () => false);
  if (!isSite && (await readdir(out)).length > 0) {
    throw new CliError(`--out ${out} is a non-empty directory that holds no plugin-catalog site (no ${MANIFEST_PATH}); refusing to replace it`);
  }
}
