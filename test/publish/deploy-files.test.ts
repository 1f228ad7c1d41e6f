import { execFile } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATIC_PAGES, staticPageCount, staticPagePath } from "../../src/core/site-format.js";
import { addDeployFiles, renderRewriteRules } from "../../src/publish/deploy-files.js";
import { buildSite } from "../../src/site/build-site.js";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { buildSiteWithCli, makeTempDir, REPO_ROOT } from "../support/targets.js";

const execFileAsync = promisify(execFile);

interface Rule {
  expression: string;
}

describe("the deployable site", () => {
  it("carries the Worker, Pages routes that send only /api/* to it, and headers", async () => {
    const files = new Map<string, Uint8Array>();
    await addDeployFiles(files, 10);
    const text = (name: string) => new TextDecoder().decode(files.get(name));
    expect(files.get("_worker.js")?.byteLength).toBeGreaterThan(1000);
    expect(JSON.parse(text("_routes.json"))).toEqual({ version: 1, include: ["/api/*"], exclude: [] });
    expect(text("_headers")).toMatch(/\/catalog\/data\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
    expect(text("404.html")).toContain("<h1>Not found</h1>");
  });

  it("rewrites exactly the plain queries whose static page exists", async () => {
    const plugins = 120;
    const site = await buildSite(generateSnapshot({ plugins, seed: 4 }));
    await addDeployFiles(site, plugins);
    const rules = JSON.parse(new TextDecoder().decode(site.get("_deploy/cloudflare-url-rewrite-rules.json"))) as { rules: Rule[] };
    const pattern = new RegExp(/matches "(.*)"\)$/.exec(rules.rules[1]!.expression)![1]!);
    for (const sort of ["stars", "recent", "name", "downloads"] as const) {
      for (const page of [1, 2, 3]) {
        expect(pattern.test(`sort=${sort}&page=${page}`)).toBe(true);
        expect(site.has(staticPagePath(sort, page))).toBe(true);
      }
      expect(pattern.test(`sort=${sort}&page=4`)).toBe(false);
      expect(site.has(staticPagePath(sort, 4))).toBe(false);
    }
    expect(pattern.test("sort=stars&page=1&q=x")).toBe(false);
  });

  it("rewrites no page past an order's static pages: a larger catalog's deep pages reach the shim", () => {
    const rules = JSON.parse(renderRewriteRules(JSON.stringify({ expression: "^sort=(s)&page=({{PAGES}})$" }), 50_000)) as {
      expression: string;
    };
    const pattern = new RegExp(rules.expression);
    expect(staticPageCount(50_000)).toBe(STATIC_PAGES);
    expect(pattern.test(`sort=s&page=${STATIC_PAGES}`)).toBe(true);
    expect(pattern.test(`sort=s&page=${STATIC_PAGES + 1}`)).toBe(false);
    expect([staticPageCount(0), staticPageCount(120), staticPageCount(50 * STATIC_PAGES)]).toEqual([1, 3, STATIC_PAGES]);
  });
});

/**
 * Wrangler's view of a built site, offline: no account, no token, no
 * telemetry, no update check (the banner is hidden and any registry look-up
 * would go to a closed local port).
 */
function offlineWranglerEnv(scratch: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(CLOUDFLARE_|CF_)/.test(name)) env[name] = value;
  return {
    ...env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    WRANGLER_HIDE_BANNER: "true",
    WRANGLER_LOG_PATH: join(scratch, "wrangler-logs"),
    XDG_CONFIG_HOME: join(scratch, "config"),
    npm_config_registry: "http://127.0.0.1:9/",
    NO_COLOR: "1",
  };
}

describe("the site as a Workers deployment (wrangler.jsonc)", () => {
  let dir: string;
  let site: string;

  beforeAll(async () => {
    dir = await makeTempDir("plugin-catalog-wrangler-");
    site = await buildSiteWithCli(generateSnapshot({ plugins: 120, seed: 5 }), dir);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reads, in wrangler's own terms, as the bundled Worker in front of the site's files for /api/* only", async () => {
    const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
    const configured = unstable_getMiniflareWorkerOptions(join(site, "wrangler.jsonc"));
    expect(configured.main).toBe(join(site, "_worker.js"));
    expect(configured.workerOptions.compatibilityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(configured.workerOptions.assets).toMatchObject({
      directory: site,
      binding: "ASSETS",
      routerConfig: { has_user_worker: true, static_routing: { user_worker: ["/api/*"], asset_worker: [] } },
      assetConfig: { not_found_handling: "404-page" },
    });
  });

  it("keeps the Worker, its configuration and the deploy tooling out of the public files", async () => {
    const lines = (await readFile(join(site, ".assetsignore"), "utf8")).split("\n");
    const ignored = lines.filter((line) => line !== "" && !line.startsWith("#"));
    expect(ignored).toEqual(expect.arrayContaining(["_worker.js", "wrangler.jsonc", "_deploy", "_routes.json", ".wrangler"]));
  });

  it("passes `wrangler deploy --dry-run`: the configuration is valid and the Worker is uploaded exactly as built", async () => {
    const out = join(dir, "dry-run");
    const wrangler = join(REPO_ROOT, "node_modules", ".bin", "wrangler");
    const options = { cwd: site, env: offlineWranglerEnv(dir), timeout: 120_000 };
    const run = await execFileAsync(wrangler, ["deploy", "--dry-run", "--outdir", out], options);
    const log = `${run.stdout}\n${run.stderr}`;
    expect(log).toContain("--dry-run: exiting now.");
    expect(log).toMatch(/env\.ASSETS\s+Assets/);
    expect(log, "wrangler warns about nothing (an unknown field would be a warning)").not.toMatch(/WARNING/i);
    expect(await readdir(out)).toContain("_worker.js");
    expect(await readFile(join(out, "_worker.js"))).toEqual(await readFile(join(site, "_worker.js")));
    expect(
      (await readdir(out)).filter((name) => name.endsWith(".html")),
      "no page of the site is attached as a module",
    ).toEqual([]);
    expect(await readdir(site), "the dry run leaves the site as it was").not.toContain(".wrangler");
  }, 150_000);
});
