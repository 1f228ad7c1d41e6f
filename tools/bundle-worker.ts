/**
 * Bundles the three entries that ship inside every site, each into one
 * ES module that imports nothing: the Workers entry (`lib/worker/_worker.js`),
 * the static-host client (`lib/client/client.js`) and the explorer's README
 * renderer with marked and DOMPurify (`lib/explorer/readme.js`). Run by
 * `npm run build:ts` (compiled to `lib/tools/bundle-worker.js`);
 * `plugin-catalog build` copies them into every site, so the site directory
 * deploys as it is. The Worker's tiny site (its warm-up's data) is made here,
 * by the build's encoders, and handed to the bundle as the `TINY_SITE` define.
 * A dev tool: the published package carries the bundles, not this script.
 */

import { fileURLToPath } from "node:url";
import { type BuildOptions, build } from "esbuild";
import { encodeSite, tinySiteFiles } from "./tiny-site.js";

export const WORKER_BUNDLE = fileURLToPath(new URL("../worker/_worker.js", import.meta.url));
export const CLIENT_BUNDLE = fileURLToPath(new URL("../client/client.js", import.meta.url));
export const README_BUNDLE = fileURLToPath(new URL("../explorer/readme.js", import.meta.url));

const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

/** Browsers, Node 20+, Deno and workerd all run ES2022 modules; nothing runtime-specific is imported. */
const COMMON: BuildOptions = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "none",
};

/** What the Worker entry's `declare const`s stand for. */
export function workerDefines(): Record<string, string> {
  return { TINY_SITE: JSON.stringify(encodeSite(tinySiteFiles())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await Promise.all([
    build({ ...COMMON, entryPoints: [source("runtime/worker/index.ts")], outfile: WORKER_BUNDLE, define: workerDefines() }),
    build({ ...COMMON, entryPoints: [source("runtime/client/index.ts")], outfile: CLIENT_BUNDLE }),
    build({ ...COMMON, entryPoints: [source("explorer/readme.ts")], outfile: README_BUNDLE }),
  ]);
}
