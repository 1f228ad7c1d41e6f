/**
 * The catalog the query and workerd benches measure: generated with the seeded sample generator, built into a site by
 * the real CLI (timed, with its peak RSS), the vocabulary its queries are drawn from, and the site's size on disk.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import glob from "fast-glob";
import { CLIENT_PATH } from "../../src/publish/deploy-files.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { withCompat } from "../support/compat-catalog.js";
import { isSearchFile } from "./answers.js";
import { type CliRun, runCli } from "./child.js";
import { buildVocabulary, type Vocabulary } from "./queries.js";

export type BenchCatalog = Readonly<{ siteDir: string; build: CliRun; vocabulary: Vocabulary }>;

export async function buildCatalog(plugins: number, seed: number, work: string, progress: (line: string) => void): Promise<BenchCatalog> {
  const [snapshotFile, siteDir, scratch] = [join(work, "snapshot.json"), join(work, "site"), join(work, "scratch")];
  await mkdir(scratch);
  progress(`generating ${plugins} plugins (seed ${seed}) and the vocabulary for queries`);
  const snapshot = withHost(generateSnapshot({ plugins, seed }), seed);
  await writeFile(snapshotFile, JSON.stringify(snapshot));
  const vocabulary = buildVocabulary(snapshot);
  progress("building the site with the CLI");
  const build = await runCli(["build", "--snapshot", snapshotFile, "--out", siteDir], scratch);
  progress(`  ${build.stdout}`);
  await rm(snapshotFile);
  return { siteDir, build, vocabulary };
}

/** A host for the compat classes, with seeded ranges, unless the sample catalog names one of its own. */
function withHost(snapshot: CatalogSnapshot, seed: number): CatalogSnapshot {
  return snapshot.compatibility?.versions === undefined ? withCompat(snapshot, seed) : snapshot;
}

/** Files, their bytes raw and gzipped at level 6, and the largest one's raw bytes. */
export type FileTotals = { files: number; bytes: number; gzipBytes: number; largestBytes: number };

/** A site file's bytes, raw and gzipped at level 6 (as `measureSite` counts them). */
export type FileSize = { readonly bytes: number; readonly gzipBytes: number };

/** The code the site ships: the Worker (`_worker.js`) and the client (`catalog/client.js`), as deployed. */
export async function measureBundles(siteDir: string): Promise<Record<"worker" | "client", FileSize>> {
  const size = async (path: string): Promise<FileSize> => {
    const data = await readFile(join(siteDir, path));
    return { bytes: data.byteLength, gzipBytes: gzipSync(data, { level: 6 }).byteLength };
  };
  return { worker: await size("_worker.js"), client: await size(CLIENT_PATH) };
}

/** Every file of the site (dot-files included), and the search data's share. */
export async function measureSite(siteDir: string): Promise<{ site: FileTotals; search: FileTotals }> {
  const empty = (): FileTotals => ({ files: 0, bytes: 0, gzipBytes: 0, largestBytes: 0 });
  const [site, search] = [empty(), empty()];
  for (const file of await glob("**/*", { cwd: siteDir, absolute: true, dot: true, onlyFiles: true })) {
    const data = await readFile(file);
    const gzipBytes = gzipSync(data, { level: 6 }).byteLength;
    for (const totals of isSearchFile(relative(siteDir, file).split(sep).join("/")) ? [site, search] : [site]) {
      Object.assign(totals, { files: totals.files + 1, bytes: totals.bytes + data.byteLength, gzipBytes: totals.gzipBytes + gzipBytes });
      totals.largestBytes = Math.max(totals.largestBytes, data.byteLength);
    }
  }
  return { site, search };
}
