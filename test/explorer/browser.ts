/**
 * What the explorer's browser tests stand on: a site built with the real
 * CLI, `plugin-catalog serve` on an ephemeral port, and one headless
 * Chromium (Debian's, driven by playwright-core) for the whole file.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { CLI, REPO_ROOT, runCli } from "../support/targets.js";

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
    throw new Error(`Chromium at ${CHROMIUM} did not start (${(error as Error).message.split("\n")[0]}); reinstall it with: apt-get install -y chromium`);
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
    const built = await runCli(["build", "--snapshot", join(dir, "catalog.snapshot.json"), "--config", join(dir, "config.json"), "--out", site]);
    if (built.code !== 0) throw new Error(`plugin-catalog build exited with ${String(built.code)}: ${built.stderr}`);
    const server = await serve(site);
    return { ...server, close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    } };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

function serve(site: string): Promise<ServedSite> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "serve", site, "--port", "0", "--host", "127.0.0.1"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    let stdout = "";
    let stderr = "";
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    const close = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`serve printed no API line within 20 s\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 20_000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const api = /^API: (http:\/\/127\.0\.0\.1:\d+)\/api\/plugins$/m.exec(stdout);
      if (api?.[1]) {
        clearTimeout(timer);
        resolve({ baseUrl: api[1], printed: stdout, close });
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${String(code)}\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
}
