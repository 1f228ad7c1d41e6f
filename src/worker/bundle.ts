/**
 * Bundles the Workers entry into one ES module (`lib/worker/_worker.js`), run
 * by `npm run build:ts`. `plugin-catalog build` copies it into every site as
 * `_worker.js`, so the site directory deploys as it is.
 */
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

export const WORKER_BUNDLE = fileURLToPath(new URL("../../worker/_worker.js", import.meta.url));

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({
    entryPoints: [fileURLToPath(new URL("../../../src/worker/index.ts", import.meta.url))],
    outfile: WORKER_BUNDLE,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
  });
}
