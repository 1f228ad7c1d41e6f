/**
 * One Miniflare instance running the bundled Worker over a real assets
 * binding, set up as `test/support/workerd-target.ts` does. That helper finds
 * the bundle from the repository root, which only works from the sources
 * (compiled, it looks in `lib/lib/worker`), so the bench names the bundle
 * relative to itself: `lib/test/bench` → `lib/worker/_worker.js`.
 */
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";

export const WORKER_BUNDLE = fileURLToPath(new URL("../../worker/_worker.js", import.meta.url));

/** Resolves once workerd runs and has loaded the Worker (`ready`). */
export async function startMiniflare(siteDir: string): Promise<Miniflare> {
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: WORKER_BUNDLE,
    compatibilityDate: "2025-07-01",
    assets: { directory: siteDir, binding: "ASSETS", routerConfig: { has_user_worker: true } },
  });
  try {
    await miniflare.ready;
  } catch (error) {
    await miniflare.dispose().catch(() => undefined);
    throw error;
  }
  return miniflare;
}
