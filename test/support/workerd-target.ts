/**
 * The shim inside workerd itself (Miniflare ships the workerd binary and runs
 * offline): the site built by the real CLI is served through a real static
 * assets binding, and `/api/*` by the bundled `_worker.js`.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { REPO_ROOT, buildSiteWithCli, makeTempDir, type StartTarget, type Target } from "./targets.js";

export const WORKER_SCRIPT = join(REPO_ROOT, "lib", "worker", "_worker.js");

export async function startWorkerd(siteDir: string): Promise<{ target: Target; miniflare: Miniflare }> {
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: WORKER_SCRIPT,
    compatibilityDate: "2025-07-01",
    assets: { directory: siteDir, binding: "ASSETS", routerConfig: { has_user_worker: true } },
  });
  await miniflare.ready;
  const target: Target = {
    fetch: async (pathAndQuery, init) => {
      // Miniflare answers with its own Response class; hand the suite a standard one.
      const answer = await miniflare.dispatchFetch(`http://localhost${pathAndQuery}`, { redirect: "manual", ...(init as object) });
      const body = answer.status === 204 || answer.status === 304 || init?.method === "HEAD" ? null : await answer.arrayBuffer();
      return new Response(body, { status: answer.status, headers: new Headers([...answer.headers.entries()]) });
    },
    close: () => miniflare.dispose(),
  };
  return { target, miniflare };
}

export const startWorkerdTarget: StartTarget = async (snapshot) => {
  const dir = await makeTempDir("plugin-catalog-workerd-");
  const { target } = await startWorkerd(await buildSiteWithCli(snapshot, dir));
  return { fetch: target.fetch, close: async () => (await target.close(), await rm(dir, { recursive: true, force: true })) };
};
