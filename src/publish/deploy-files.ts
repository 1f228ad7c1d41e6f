/**
 * What makes a site directory deployable as it is: the CDN configuration
 * rendered from `templates/cloudflare/`, the bundled Worker as
 * `_worker.js`, and the bundled client as `catalog/client.js`, which
 * answers the API from the site's files where no Worker runs (a host of
 * static files only, docs/API.md#the-client). Primary: Workers with static assets (`wrangler.jsonc`:
 * only `/api/*` runs the Worker, `.assetsignore` keeps the non-public files
 * out, `404.html` answers other misses). Second: Cloudflare Pages (advanced
 * mode, `_routes.json`). Both read `_headers`. The URL rewrite rules, which
 * are applied through Cloudflare's API rather than deployed as a file, go
 * to `_deploy/`.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { staticPageCount } from "../core/site-format.js";
import type { SiteSink } from "../site/build-site.js";
import { packageRoot } from "./package-root.js";

const TEMPLATES = join(packageRoot(), "templates", "cloudflare");
const WORKER_BUNDLE = join(packageRoot(), "lib", "worker", "_worker.js");
const CLIENT_BUNDLE = join(packageRoot(), "lib", "client", "client.js");
/** Where every site serves the client: public, next to the files it reads. */
export const CLIENT_PATH = "catalog/client.js";
const REWRITE_RULES = "url-rewrite-rules.json";

export async function addDeployFiles(files: SiteSink, plugins: number): Promise<void> {
  for (const name of await readdir(TEMPLATES)) {
    const text = await readFile(join(TEMPLATES, name), "utf8");
    if (name === REWRITE_RULES) files.set(`_deploy/cloudflare-${name}`, new TextEncoder().encode(renderRewriteRules(text, plugins)));
    else files.set(name, new TextEncoder().encode(text));
  }
  files.set("_worker.js", await readBundle(WORKER_BUNDLE, "Worker"));
  files.set(CLIENT_PATH, await readBundle(CLIENT_BUNDLE, "client"));
}

async function readBundle(file: string, what: string): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch {
    throw new Error(`the ${what} bundle ${file} is missing: run npm run build:ts`);
  }
}

/** Only pages that exist are rewritten: a page past them must reach the shim (past the end, it answers 200 and no plugins). */
export function renderRewriteRules(template: string, plugins: number): string {
  return template.replace("{{PAGES}}", Array.from({ length: staticPageCount(plugins) }, (_, i) => String(i + 1)).join("|"));
}
