/**
 * The product as a package, end to end: `npm pack` it, `init` a catalog
 * repository, install the tarball there without the network, and run that
 * repository's own `plugin-catalog`: build the sample catalog, serve it, ask
 * it over HTTP.
 *
 * Offline: `npm ci` leaves only tarballs in npm's cache, not the registry's
 * package documents that resolving `commander@^14` needs, so a bare
 * `npm install --offline <tarball>` fails with ENOTCACHED. The new
 * repository is therefore given a package-lock.json first: the production
 * part of this repository's own lockfile (the same resolved versions and
 * integrity hashes `npm ci` installed), which npm installs from its cache
 * alone.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmEnv } from "../support/npm.js";
import { makeTempDir, REPO_ROOT, runCli } from "../support/targets.js";

const execFileAsync = promisify(execFile);

async function run(command: string, args: readonly string[], cwd: string, timeout = 60_000): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, { cwd, env: npmEnv(), timeout, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed: ${failure.message}\n${failure.stdout ?? ""}\n${failure.stderr ?? ""}`);
  }
}

interface LockEntry {
  readonly dev?: boolean;
  readonly [key: string]: unknown;
}

/** The production part of this repository's lockfile, for a project that depends on plugin-catalog alone. */
async function lockfileFor(name: string, dependencies: Record<string, string>): Promise<string> {
  const lock = JSON.parse(await readFile(join(REPO_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const packages: Record<string, unknown> = { "": { name, dependencies } };
  for (const [path, entry] of Object.entries(lock.packages)) if (path !== "" && entry.dev !== true) packages[path] = entry;
  return `${JSON.stringify({ name, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}

interface PackResult {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

describe("the packed product, installed into a repository init wrote", () => {
  let root: string;
  let pack: PackResult;
  let catalog: string;
  const timings: Record<string, number> = {};
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[label] = Math.round(performance.now() - started);
    }
  };

  beforeAll(async () => {
    root = await makeTempDir("plugin-catalog-package-");
    const packed = await timed("pack", () =>
      run("npm", ["pack", "--ignore-scripts", "--offline", "--json", "--pack-destination", root], REPO_ROOT),
    );
    pack = (JSON.parse(packed) as PackResult[])[0]!;
    catalog = join(root, "acme-catalog");
    const init = await timed("init", () => runCli(["init", catalog, "--keyword", "acme-plugin", "--category", "acme-category-charts"]));
    if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
  }, 60_000);

  afterAll(async () => {
    console.info(`package end to end, ms: ${JSON.stringify(timings)}`);
    await rm(root, { recursive: true, force: true });
  });

  it("packs the CLI, the Worker bundle, the templates and the browser client, and nothing of the tests, benches or tools", async () => {
    const paths = pack.files.map((file) => file.path);
    for (const path of [
      "package.json",
      "README.md",
      "LICENSE",
      "lib/src/cli/main.js",
      "lib/src/shim/index.js",
      "lib/src/shim/index.d.ts",
      "lib/worker/_worker.js",
      "lib/explorer/readme.js",
      "templates/explorer/index.html",
      "templates/cloudflare/wrangler.jsonc",
      "templates/init/common/README.md",
      "templates/init/common/gitignore",
      "templates/init/github-pages/daily.yml",
      "templates/init/cloudflare/daily.yml",
    ]) {
      expect(paths, path).toContain(path);
    }
    // catalog/client.js's build output, when this checkout has it.
    const client = join(REPO_ROOT, "lib", "client");
    if (existsSync(client)) {
      for (const entry of await readdir(client, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) expect(paths).toContain(relative(REPO_ROOT, join(entry.parentPath, entry.name)));
      }
    }
    expect(paths.filter((path) => /^(lib\/(test|tools)|test|tools|src|examples|docs)\//.test(path))).toStrictEqual([]);
  });

  it("installs from the tarball without the network; the repository's own CLI builds a site and serves its API", async () => {
    const manifest = JSON.parse(await readFile(join(catalog, "package.json"), "utf8")) as {
      name: string;
      dependencies: Record<string, string>;
    };
    await writeFile(join(catalog, "package-lock.json"), await lockfileFor(manifest.name, manifest.dependencies));
    await timed("install", () => run("npm", ["install", "--offline", "--no-audit", "--no-fund", join(root, pack.filename)], catalog));

    const installed = join(catalog, "node_modules", "plugin-catalog");
    const product = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect((JSON.parse(await readFile(join(installed, "package.json"), "utf8")) as { version: string }).version).toBe(product.version);
    expect(existsSync(join(installed, "lib", "test")), "no tests installed").toBe(false);
    expect((await run("npx", ["--no-install", "plugin-catalog", "--version"], catalog)).trim()).toBe(product.version);

    const snapshot = join(REPO_ROOT, "examples", "sample-catalog.snapshot.json");
    const built = await timed("build", () =>
      run("npx", ["--no-install", "plugin-catalog", "build", "--snapshot", snapshot, "--out", "dist"], catalog),
    );
    const plugins = (JSON.parse(await readFile(snapshot, "utf8")) as { plugins: unknown[] }).plugins.length;
    expect(built).toContain(`Built ${plugins} plugins into dist`);
    expect(existsSync(join(catalog, "dist", "_worker.js")), "the Worker bundle, from the installed package").toBe(true);

    await timed("serve", async () => {
      const server = await startServe(catalog);
      try {
        const api = await fetch(`${server.url}/api/plugins?per_page=1`);
        expect(api.status).toBe(200);
        expect(api.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(((await api.json()) as { total: number }).total).toBe(plugins);
        const page = await fetch(`${server.url}/`);
        expect(page.status).toBe(200);
        expect(page.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await page.text()).toContain("explorer.js");
      } finally {
        await server.stop();
      }
    });
  }, 120_000);
});

/** `npx --no-install plugin-catalog serve dist` on a free port of 127.0.0.1, in a process group of its own (npx runs the CLI as its child). */
function startServe(cwd: string): Promise<{ url: string; stop: () => Promise<void> }> {
  return new Promise((resolvePromise, reject) => {
    const child: ChildProcess = spawn("npx", ["--no-install", "plugin-catalog", "serve", "dist", "--port", "0", "--host", "127.0.0.1"], {
      cwd,
      env: npmEnv(),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    const stop = async () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGTERM");
      await exited;
    };
    let output = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`serve printed no address within 20 s: ${output}`));
    }, 20_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ url: match[0], stop });
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${String(code)}: ${output}`));
    });
  });
}
