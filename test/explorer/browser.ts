/**
 * What the explorer's browser tests stand on: a site built with the real
 * CLI, put on a host (`plugin-catalog serve` on an ephemeral port, or a host
 * of static files only, under a path), and one headless Chromium (Debian's,
 * driven by playwright-core) for the whole file.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { startStaticHost } from "../support/static-host.js";
import { runCli, startServeProcess } from "../support/targets.js";

export { type Browser, CHROMIUM, CHROMIUM_ARGS, launchBrowser } from "../support/chromium.js";

export interface ServedSite {
  /** The page's URL, the site's root: `http://127.0.0.1:<port>/`, or one under a path; it ends in `/`. */
  readonly siteUrl: string;
  /** Where the tests ask the API what the page must show: `serve` on the same site (the origin, no final `/`). */
  readonly apiUrl: string;
  /** Whether the site's host answers the API (`serve`), or serves its files only. */
  readonly hostsApi: boolean;
  /** The lines `serve` printed before it was ready. */
  readonly printed: string;
  close(): Promise<void>;
}

/** `build --snapshot FILE --config FILE --out DIR`, then `serve DIR --port 0 --host 127.0.0.1`. */
export async function buildAndServe(snapshot: CatalogSnapshot, config: unknown): Promise<ServedSite> {
  return buildAnd(snapshot, config, async (site) => {
    const server = await startServeProcess(site);
    return { siteUrl: `${server.baseUrl}/`, apiUrl: server.baseUrl, hostsApi: true, printed: server.stdout(), close: server.stop };
  });
}

/**
 * `build …`, then the site's files on a host that serves nothing else, under `/some/path/`: the page finds no API
 * there. `serve` on the same directory is the reference the tests compare the page with.
 */
export async function buildAndHostStatically(snapshot: CatalogSnapshot, config: unknown): Promise<ServedSite> {
  return buildAnd(snapshot, config, async (site) => {
    const host = await startStaticHost(site);
    const server = await startServeProcess(site).catch(async (error: unknown) => {
      await host.close();
      throw error;
    });
    const close = async () => void (await Promise.all([host.close(), server.stop()]));
    return { siteUrl: host.siteUrl, apiUrl: server.baseUrl, hostsApi: false, printed: "", close };
  });
}

async function buildAnd(snapshot: CatalogSnapshot, config: unknown, host: (site: string) => Promise<ServedSite>): Promise<ServedSite> {
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
    const served = await host(site);
    return {
      ...served,
      close: async () => {
        await served.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** An axe-core violation, as the tests report it. */
export interface Violation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/** axe-core's serious and critical WCAG 2.2 AA and best-practice violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const axe = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axe);
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
    const result = await (window as unknown as { axe: { run(options: unknown): Promise<Result> } }).axe.run({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
