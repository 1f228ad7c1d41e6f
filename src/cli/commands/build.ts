/** `plugin-catalog build`: snapshot (read or fetched) → site, written whole or not at all. */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MANIFEST_PATH } from "../../core/site-format.js";
import { addDeployFiles } from "../../publish/deploy-files.js";
import { addExplorerFiles } from "../../publish/explorer-files.js";
import { readPreviousSnapshot } from "../../publish/previous-site.js";
import { StagedSite } from "../../publish/write-site.js";
import { type BuiltSite, buildSiteInto, servesSameCatalog } from "../../site/build-site.js";
import { feedlessCategories } from "../../site/feeds/feeds.js";
import { siteRoot } from "../../site/feeds/site-url.js";
import type { CatalogSnapshot } from "../../snapshot/schema.js";
import { parseSnapshot } from "../../snapshot/validate.js";
import { readConfig } from "../../upstream/config.js";
import { FetchFailedError, fetchCatalog } from "../../upstream/fetch-catalog.js";
import { createUpstreams, type UpstreamSettings } from "../../upstream/hosts.js";
import { type BuildReport, summarizeReport } from "../../upstream/report.js";
import { CliError, type CliIo } from "../io.js";
import { createProgress } from "../progress-display.js";

export interface BuildOptions extends UpstreamSettings {
  readonly out: string;
  readonly snapshot?: string;
  readonly config: string;
  /** `--config` was given on the command line: with `--snapshot`, its categories replace the snapshot's. */
  readonly configGiven?: boolean;
  readonly previous?: string;
  /** Largest share of the previous plugins that may vanish (0…1). */
  readonly maxDrop: number;
  readonly searchIntervalMs: number;
  /** Also write the build report here, even when the build is then refused. */
  readonly reportFile?: string;
  /** The site's public URL, for its feeds (wins over the configuration's `siteUrl`). */
  readonly siteUrl?: string;
}

export async function buildCommand(options: BuildOptions, io: CliIo, env: NodeJS.ProcessEnv, userAgent: string): Promise<void> {
  const started = performance.now();
  await refuseForeignDirectory(options.out);
  const { snapshot, report, keptFrom } = await snapshotToBuild(options, io, env, userAgent);
  const site = new StagedSite(options.out);
  let built: BuiltSite;
  try {
    built = await buildSiteInto(site, snapshot, {
      ...(report === undefined ? {} : { report: { ...report, feeds: feedsReport(snapshot, options.siteUrl) } }),
      ...(options.siteUrl === undefined ? {} : { siteUrl: options.siteUrl }),
    });
    await addDeployFiles(site, snapshot.plugins.length);
    await addExplorerFiles(site, built.explorer);
    await site.commit();
  } finally {
    await site.discard();
  }
  io.stdout(`${feedsSummary(built)}\n`);
  if (keptFrom !== undefined)
    io.stdout(`The catalog serves the same answers as the previous one (built ${keptFrom}); its site is kept byte for byte.\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  io.stdout(
    `Built ${snapshot.plugins.length} plugins into ${options.out}: ${site.files} files, ${(site.bytes / 1e6).toFixed(1)} MB, in ${seconds} s\n`,
  );
}

/**
 * Today's snapshot, or yesterday's when it serves the same answers (`keptFrom`: when yesterday's was
 * made). Only that one is returned: at 50,000 plugins a snapshot is over 250 MB of heap, and the
 * other one is not kept through the build.
 */
async function snapshotToBuild(
  options: BuildOptions,
  io: CliIo,
  env: NodeJS.ProcessEnv,
  userAgent: string,
): Promise<{ snapshot: CatalogSnapshot; report: BuildReport | undefined; keptFrom?: string }> {
  const previous = await readPreviousSnapshot(options.previous ?? options.out).catch((error: Error) => {
    throw new CliError(`cannot read the previous catalog from ${options.previous ?? options.out}: ${error.message}`);
  });
  const { snapshot, report } =
    options.snapshot !== undefined
      ? { snapshot: await withExplicitConfig(await readSnapshotFile(options.snapshot), options), report: undefined }
      : await fetchFromUpstreams(options, previous, io, env, userAgent);
  if (report !== undefined) await publishReport(report, options.reportFile, io);
  refuseLargeDrop(previous, snapshot, options.maxDrop);
  // Nothing served changed: rebuild yesterday's site byte for byte, so publishing it changes nothing.
  if (previous === undefined || !servesSameCatalog(previous, snapshot)) return { snapshot, report };
  return { snapshot: previous, report, keptFrom: previous.generatedAt };
}

async function fetchFromUpstreams(
  options: BuildOptions,
  previous: CatalogSnapshot | undefined,
  io: CliIo,
  env: NodeJS.ProcessEnv,
  userAgent: string,
): Promise<{ snapshot: CatalogSnapshot; report: BuildReport }> {
  const config = await readConfig(options.config);
  const upstreams = await createUpstreams(options, env, userAgent);
  const fetched = await fetchCatalog({
    config,
    upstreams,
    previous,
    progress: createProgress(io),
    searchIntervalMs: options.searchIntervalMs,
  }).catch(async (error: unknown) => {
    // A fetch that failed still shows (and with --report writes) how far it got and why.
    if (error instanceof FetchFailedError) await publishReport(error.report, options.reportFile, io);
    throw error;
  });
  // Our own output is checked like any snapshot; parsing also gives it the canonical key order.
  return { snapshot: parseSnapshot(JSON.stringify(fetched.snapshot), "the fetched catalog"), report: fetched.report };
}

/** Printed and written before anything can refuse the build, so a failed run still shows what it saw. */
async function publishReport(report: BuildReport, file: string | undefined, io: CliIo): Promise<void> {
  io.stdout(`${summarizeReport(report)}\n`);
  if (file !== undefined) await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}

/** What the build report says of the feeds: for which site, and the configured categories that get none. */
function feedsReport(snapshot: CatalogSnapshot, siteUrl: string | undefined): { siteUrl: string | null; feedlessCategories: string[] } {
  const url = siteUrl ?? snapshot.siteUrl;
  const root = url === undefined ? undefined : siteRoot(url);
  if (root === undefined || "problem" in root) return { siteUrl: null, feedlessCategories: [] };
  return { siteUrl: root.root, feedlessCategories: feedlessCategories(snapshot.categories ?? []) };
}

function feedsSummary(built: BuiltSite): string {
  if (built.siteUrlProblem !== undefined) return `Feeds: none, the site URL is no site's root: ${built.siteUrlProblem}`;
  const feeds = built.explorer.feeds;
  if (feeds === null) return "Feeds: none (no --site-url, and no siteUrl in the configuration)";
  const categories = Object.keys(feeds.categories).length;
  const without =
    built.feedless.length === 0
      ? ""
      : `; no feed for ${built.feedless.map((category) => JSON.stringify(category)).join(", ")} (lower-cased, a category's name must be made of a-z 0-9 . _ -)`;
  return `Feeds: ${feeds.new}, ${feeds.updated} and ${categories} category feed${categories === 1 ? "" : "s"}${without}`;
}

export function refuseLargeDrop(previous: CatalogSnapshot | undefined, next: CatalogSnapshot, maxDrop: number): void {
  if (previous === undefined || previous.plugins.length === 0) return;
  const kept = new Set(next.plugins.map((plugin) => plugin.npmName));
  const lost = previous.plugins.filter((plugin) => !kept.has(plugin.npmName)).length;
  const share = lost / previous.plugins.length;
  if (share > maxDrop) {
    throw new CliError(
      `refusing to replace the catalog: ${lost} of its ${previous.plugins.length} plugins (${percent(share)}) are gone from the new one, more than --max-drop ${percent(maxDrop)}; the previous site is unchanged (re-run with a larger --max-drop to accept the loss)`,
    );
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1).replace(/\.0$/, "")}%`;

export async function readSnapshotFile(path: string): Promise<CatalogSnapshot> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new CliError(
      `cannot read snapshot ${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
    );
  }
  return parseSnapshot(text, path);
}

/**
 * With `--snapshot`, an explicit `--config` gives the categories of `/api/facets` and, when it has one, the site's
 * URL for the feeds (the snapshot's own otherwise).
 */
async function withExplicitConfig(snapshot: CatalogSnapshot, options: BuildOptions): Promise<CatalogSnapshot> {
  if (options.configGiven !== true) return snapshot;
  const { categories, siteUrl } = await readConfig(options.config);
  return { ...snapshot, categories, ...(siteUrl === undefined ? {} : { siteUrl }) };
}

/** `--out src` must never wipe a directory that is not a site this tool built. */
async function refuseForeignDirectory(out: string): Promise<void> {
  const isDirectory = await stat(out).then(
    (s) => s.isDirectory(),
    () => undefined,
  );
  if (isDirectory === undefined) return;
  if (!isDirectory) throw new CliError(`--out ${out} exists and is not a directory`);
  const isSite = await stat(join(out, MANIFEST_PATH)).then(
    () => true,
    () => false,
  );
  if (!isSite && (await readdir(out)).length > 0) {
    throw new CliError(
      `--out ${out} is a non-empty directory that holds no plugin-catalog site (no ${MANIFEST_PATH}); refusing to replace it`,
    );
  }
}
