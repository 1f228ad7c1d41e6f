/**
 * What makes a site directory deployable as it is: the CDN configuration
 * from `templates/cloudflare/` and the bundled Worker as `_worker.js`
 * (Cloudflare Pages' advanced mode; `_routes.json` sends only `/api/*` to it).
 */
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SiteFiles } from "../site/build-site.js";

const TEMPLATES = fileURLToPath(new URL("../../../templates/cloudflare/", import.meta.url));
const WORKER_BUNDLE = fileURLToPath(new URL("../../worker/_worker.js", import.meta.url));

export async function addDeployFiles(files: SiteFiles): Promise<void> {
  for (const name of await readdir(TEMPLATES)) files.set(name, await readFile(join(TEMPLATES, name)));
  try {
    files.set("_worker.js", await readFile(WORKER_BUNDLE));
  } catch {
    throw new Error(`the Worker bundle ${WORKER_BUNDLE} is missing: run npm run build:ts`);
  }
}
