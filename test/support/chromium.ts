/**
 * One headless Chromium (Debian's, driven by playwright-core) with a profile of its own: for the explorer's browser
 * tests and the client bench. Never downloaded: a missing binary fails, naming the setup step.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

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
