/**
 * Bundles the Workers entry into one ES module (`lib/worker/_worker.js`), run
 * by `npm run build:ts` (compiled to `lib/tools/bundle-worker.js`).
 * `plugin-catalog build` copies the bundle into every site, so the site
 * directory deploys as it is. A dev tool: the published package carries the
 * bundle, not this script.
 */

import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const WORKER_BUNDLE = fileURLToPath(new URL("../worker/_worker.js", import.meta.url));

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({
    entryPoints: [fileURLToPath(new URL("../../src/runtime/worker/index.ts", import.meta.url))],
    outfile: WORKER_BUNDLE,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
  });
}
