/**
 * What `npm publish` would ship, as `npm pack --dry-run --json` lists it
 * (offline, scripts off, so it packs the lib/ that `npm run build:ts` wrote):
 * the CLI, the Worker bundle, the browser client, the templates, the README,
 * LICENSE and CHANGELOG, the type declarations behind the `./shim` export;
 * nothing of the tests, the dev tools, the docs, the TypeScript sources or
 * their source maps, and no stale build output.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { promisify } from "node:util";
import fg from "fast-glob";
import { beforeAll, describe, expect, it } from "vitest";
import { npmEnv } from "./support/npm.js";
import { REPO_ROOT } from "./support/targets.js";

const execFileAsync = promisify(execFile);

interface Manifest {
  readonly bin: Readonly<Record<string, string>>;
  readonly exports: Readonly<Record<string, { readonly types: string; readonly default: string }>>;
}

/** Every path the package may hold: the compiled product, the templates, and these files at its root. */
const SHIPPED_DIRECTORIES = ["lib/src/", "lib/client/", "lib/worker/", "lib/explorer/", "templates/"];
const ROOT_FILES = ["package.json", "README.md", "LICENSE", "CHANGELOG.md"];

/** The files under a directory of the repository, as paths from its root. */
const filesUnder = (directory: string) => fg(`${directory}/**`, { cwd: REPO_ROOT, dot: true });

describe("npm pack --dry-run", () => {
  let packed: Set<string>;
  let manifest: Manifest;

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, "lib", "src", "cli", "main.js"))) throw new Error("lib/ is missing: run npm run build:ts first");
    const { stdout } = await execFileAsync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--offline"], {
      cwd: REPO_ROOT,
      env: npmEnv(),
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [result] = JSON.parse(stdout) as { files: { path: string }[] }[];
    packed = new Set(result!.files.map((file) => file.path));
    manifest = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as Manifest;
  }, 60_000);

  it("ships the bin, a Node script that the CLI's main module is", async () => {
    expect(manifest.bin).toStrictEqual({ "plugin-catalog": "lib/src/cli/main.js" });
    expect(packed).toContain("lib/src/cli/main.js");
    expect(await readFile(join(REPO_ROOT, "lib/src/cli/main.js"), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it("ships the README, LICENSE and CHANGELOG, the Worker bundle, the browser client and every template", async () => {
    for (const path of [
      ...ROOT_FILES,
      "lib/worker/_worker.js",
      "lib/client/client.js",
      "lib/explorer/readme.js",
      ...(await filesUnder("templates")),
    ]) {
      expect(packed, path).toContain(path);
    }
  });

  it("ships every compiled module of src/ and nothing that is no longer in src/ (stale build output)", async () => {
    const sources = (await filesUnder("src")).filter((path) => path.endsWith(".ts") && !path.endsWith(".d.ts"));
    const compiled = sources.map((path) => `lib/${path.replace(/\.ts$/, ".js")}`);
    expect([...packed].filter((path) => path.startsWith("lib/src/") && path.endsWith(".js")).sort()).toStrictEqual(compiled.sort());
  });

  it("ships nothing else: no tests, dev tools, docs, examples, TypeScript sources or source maps", () => {
    const strays = [...packed].filter(
      (path) => !ROOT_FILES.includes(path) && !SHIPPED_DIRECTORIES.some((directory) => path.startsWith(directory)),
    );
    expect(strays).toStrictEqual([]);
    expect([...packed].filter((path) => /\.map$|(?<!\.d)\.ts$/.test(path))).toStrictEqual([]);
    expect([...packed].filter((path) => /^(lib\/(test|tools)|test|tools|src|docs|examples)\//.test(path))).toStrictEqual([]);
  });

  it("ships the `./shim` export and the declarations its types import, all of them", () => {
    const shim = manifest.exports["./shim"]!;
    expect(packed).toContain(shim.default.replace(/^\.\//, ""));
    const missing: string[] = [];
    const seen = new Set<string>();
    const queue = [shim.types.replace(/^\.\//, "")];
    for (let head = 0; head < queue.length; head++) {
      const path = queue[head]!;
      if (seen.has(path)) continue;
      seen.add(path);
      if (!packed.has(path)) {
        missing.push(path);
        continue;
      }
      queue.push(...declarationImports(path));
    }
    expect(missing).toStrictEqual([]);
    expect(seen.size, "the shim's types import other declarations").toBeGreaterThan(1);
  });
});

/** The `.d.ts` files that a declaration file imports (`./x.js` → `x.d.ts`), read from lib/. */
function declarationImports(path: string): string[] {
  const text = readFileSync(join(REPO_ROOT, path), "utf8");
  return [...text.matchAll(/\bfrom\s+"(\.[^"]+)\.js"/g)].map((match) =>
    posix.normalize(posix.join(posix.dirname(path), `${match[1]!}.d.ts`)),
  );
}
