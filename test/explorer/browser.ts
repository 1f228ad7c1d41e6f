/**
 * What the explorer's browser tests stand on: a site built with the real
 * CLI, `plugin-catalog serve` on an ephemeral port, and one headless
 * Chromium (Debian's, driven by playwright-core) for the whole file.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { runCli, startServeProcess } from "../support/targets.js";

export const CHROMIUM = process.env.PLUGIN_CATALOG_CHROMIUM ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Fails (never skips) when Chromium is missing, naming the setup step. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the explorer's browser tests need Chromium at ${CHROMIUM}, which does not exist. Install it with: apt-get install -y chromium (or set PLUGIN_CATALOG_CHROMIUM to a Chromium binary)`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), "plugin-catalog-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
      locale: "en-US",
      timezoneId: "UTC",
    });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw new Error(
      `Chromium at ${CHROMIUM} did not start (${(error as Error).message.split("\n")[0]}); reinstall it with: apt-get install -y chromium`,
    );
  }
}

export interface ServedSite {
  readonly baseUrl: string;
  /** The lines `serve` printed before it was ready. */
  readonly printed: string;
  close(): Promise<void>;
}

/** `build --snapshot FILE --config FILE --out DIR`, then `serve DIR --port 0 --host 127.0.0.1`. */
export async function buildAndServe(snapshot: CatalogSnapshot, config: unknown): Promise<ServedSite> {
  const dir = await mkdtemp(join(tmpdir(), "plugin-catalog-explorer-"));
  const site = join(dir, "site");
  try {
    await writeFile(join(dir, "catalog.snapshot.json"), JSON.stringify(snapshot));
    await writeFile(join(dir, "config.json"), JSON.stringify(config));
    const built = await runCli([
      "build",
      "--snapshot",
      join(dir, "catalog.snapshot.json"),
      "--config",
      join(dir, "config.json"),
      "--out",
      site,
    ]);
    if (built.code !== 0) throw new Error(`plugin-catalog build exited with ${String(built.code)}: ${built.stderr}`);
    const server = await serve(site);
    return {
      ...server,
      close: async () => {
        await server.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function serve(site: string): Promise<ServedSite> {
  const server = await startServeProcess(site);
  return { baseUrl: server.baseUrl, printed: server.stdout(), close: server.stop };
}
