/**
 * The shim inside workerd, run the way the built site's own `wrangler.jsonc`
 * describes it: wrangler turns that file into Miniflare options (the same
 * function Cloudflare's Vitest integration uses), so the assets binding,
 * `run_worker_first`, `not_found_handling`, `.assetsignore` and `_headers`
 * are wrangler's reading of what `wrangler deploy` uploads. Miniflare runs
 * offline and serves the Worker's `caches.default` too.
 *
 * The Miniflare is the one wrangler depends on (4.x), so the configuration
 * and the runtime that reads it always come from one wrangler release. The
 * workerd bench runs the Worker through this module too.
 */
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildSiteWithCli, makeTempDir, type StartTarget, type Target } from "./targets.js";

export interface WorkerdOptions {
  /**
   * Source of an entry module to run instead of the configured `main`; it
   * may import the configured one as `./_worker.js` (a test's wrapper).
   */
  readonly entrySource?: string;
  /** A directory that keeps `caches.default` across instances (default: in memory, per instance). */
  readonly cachePersist?: string;
}

/** What the tests use of a Miniflare instance. */
export interface Workerd {
  readonly ready: Promise<URL>;
  dispatchFetch(url: string, init?: RequestInit): Promise<Response>;
  getCaches(): Promise<{ readonly default: Pick<Cache, "match"> }>;
  dispose(): Promise<void>;
}

type WorkerdConstructor = new (options: Readonly<Record<string, unknown>>) => Workerd;

export async function startWorkerd(siteDir: string, options: WorkerdOptions = {}): Promise<{ target: Target; workerd: Workerd }> {
  const workerd = new (miniflareOfWrangler())(await configuredOptions(siteDir, options));
  try {
    await workerd.ready;
  } catch (error) {
    await workerd.dispose().catch(() => undefined);
    throw error;
  }
  const target: Target = {
    fetch: async (pathAndQuery, init) => {
      // Miniflare answers with its own Response class; hand the suite a standard one.
      const answer = await workerd.dispatchFetch(`http://localhost${pathAndQuery}`, { redirect: "manual", ...init });
      const body = answer.status === 204 || answer.status === 304 || init?.method === "HEAD" ? null : await answer.arrayBuffer();
      return new Response(body, { status: answer.status, headers: new Headers([...answer.headers.entries()]) });
    },
    close: () => workerd.dispose(),
  };
  return { target, workerd };
}

export const startWorkerdTarget: StartTarget = async (snapshot) => {
  const dir = await makeTempDir("plugin-catalog-workerd-");
  const { target } = await startWorkerd(await buildSiteWithCli(snapshot, dir));
  return {
    fetch: target.fetch,
    close: async () => {
      await target.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** The site's `wrangler.jsonc` as wrangler reads it into Miniflare's options (the bench's bare workerd reads it too). */
export async function wranglerConfiguration(siteDir: string) {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  return unstable_getMiniflareWorkerOptions(join(siteDir, "wrangler.jsonc"));
}

async function configuredOptions(siteDir: string, options: WorkerdOptions): Promise<Record<string, unknown>> {
  const configured = await wranglerConfiguration(siteDir);
  if (configured.main === undefined) throw new Error(`${siteDir}/wrangler.jsonc names no main module`);
  return {
    ...configured.workerOptions,
    modules: entryModules(configured.main, options.entrySource),
    modulesRoot: dirname(configured.main),
    // Never fetch Cloudflare's request.cf data: these tests run offline.
    cf: false,
    ...(options.cachePersist === undefined ? {} : { cachePersist: options.cachePersist }),
  };
}

interface ModuleSource {
  readonly type: "ESModule";
  readonly path: string;
  readonly contents?: string;
}

/** The first module is the entry. A replacement entry is named beside `main` (and never written): `./_worker.js` reaches it. */
function entryModules(main: string, entrySource: string | undefined): ModuleSource[] {
  const configured: ModuleSource = { type: "ESModule", path: main };
  if (entrySource === undefined) return [configured];
  return [{ type: "ESModule", path: join(dirname(main), "test-entry.js"), contents: entrySource }, configured];
}

/** Miniflare 4 as wrangler itself resolves it (nested under wrangler, or hoisted). */
function miniflareOfWrangler(): WorkerdConstructor {
  return wranglerDependency<{ Miniflare: WorkerdConstructor }>("miniflare").Miniflare;
}

/** A package as wrangler itself resolves it (nested under wrangler, or hoisted): Miniflare, workerd. */
export function wranglerDependency<T>(name: string): T {
  const wranglerMain = createRequire(import.meta.url).resolve("wrangler");
  return createRequire(wranglerMain)(name) as T;
}
