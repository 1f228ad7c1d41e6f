/**
 * `plugin-catalog init`: the repository it writes for each host, the config
 * from the flags (read back by the product's own config loader), a
 * non-empty directory left untouched, `--force`, usage errors, and the
 * README's Signal K command run for real. Driven in process; the binary once.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../../src/upstream/config.js";
import { makeTempDir, REPO_ROOT, runCli } from "../../support/targets.js";
import { expectOneLineFailure, runInProcess, STACK_TRACE } from "../run-in-process.js";

const FILES = ["package.json", "plugin-catalog.config.json", ".github/workflows/daily.yml", "README.md", ".gitignore"];

interface Manifest {
  name?: string;
  version: string;
  private?: boolean;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const product = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as Manifest;

let root: string;
beforeAll(async () => {
  root = await makeTempDir("plugin-catalog-init-");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file under `dir`, relative path → bytes. */
async function tree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(dir, join(entry.parentPath, entry.name)), await readFile(join(entry.parentPath, entry.name)));
  }
  return files;
}

const readJson = async <T>(path: string) => JSON.parse(await readFile(path, "utf8")) as T;

describe.each(["github-pages", "cloudflare"] as const)("init --host %s", (host) => {
  let dir: string;
  let stdout: string;
  beforeAll(async () => {
    dir = join(root, `${host}-Catalog`);
    const result = await runInProcess([
      "init",
      dir,
      "--keyword",
      "acme-plugin",
      "--keyword",
      "acme-webapp",
      "--category",
      "acme-category-charts",
      "--category",
      "acme-category-ais",
      "--web-ui-keyword",
      "acme-webapp",
      "--display-name",
      "acme.displayName",
      "--host",
      host,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    stdout = result.stdout;
  });

  it("writes exactly the repository's files", async () => {
    expect([...(await tree(dir)).keys()].sort()).toStrictEqual([...FILES].sort());
  });

  it("writes the config from the flags, which the product's own loader reads", async () => {
    expect(await readConfig(join(dir, "plugin-catalog.config.json"))).toStrictEqual({
      keywords: ["acme-plugin", "acme-webapp"],
      categories: ["acme-category-charts", "acme-category-ais"],
      webUiKeywords: ["acme-webapp"],
      displayName: ["acme.displayName"],
      exclude: [],
      mirrors: {},
    });
  });

  it("writes a private package.json that pins the plugin-catalog that ran init", async () => {
    const manifest = await readJson<Manifest>(join(dir, "package.json"));
    expect(manifest.private).toBe(true);
    expect(manifest.name, "a valid package name from the directory's").toBe(`${host}-catalog`);
    expect(manifest.dependencies).toStrictEqual({ "plugin-catalog": product.version });
    expect(manifest.scripts?.["build"]).toBe("plugin-catalog build --config plugin-catalog.config.json --out dist");
    if (host === "cloudflare") expect(manifest.devDependencies).toStrictEqual({ wrangler: product.devDependencies?.["wrangler"] });
    else expect(manifest.devDependencies).toBeUndefined();
  });

  it("writes the host's workflow as it is in templates/init/", async () => {
    expect(await readFile(join(dir, ".github/workflows/daily.yml"), "utf8")).toBe(
      await readFile(join(REPO_ROOT, "templates", "init", host, "daily.yml"), "utf8"),
    );
  });

  it("ignores the installed packages and what a build writes", async () => {
    const lines = (await readFile(join(dir, ".gitignore"), "utf8")).split("\n").filter((line) => line !== "" && !line.startsWith("#"));
    expect(lines).toStrictEqual(["node_modules/", "dist/", "build-report.json"]);
  });

  it("writes a README: the catalog, the first deploy in at most ten steps, how to change the config, what the host serves", async () => {
    const readme = await readFile(join(dir, "README.md"), "utf8");
    expect(readme).not.toContain("{{");
    expect(readme).toContain("`acme-plugin` or `acme-webapp`");
    expect(readme).toContain("`acme-category-charts` and `acme-category-ais`");
    expect(readme).toContain(`\`plugin-catalog@${product.version}\``);
    const firstDeploy = readme.slice(readme.indexOf("## First deploy"), readme.indexOf("## Changing the catalog"));
    const steps = firstDeploy.match(/^\d+\. /gm) ?? [];
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.length).toBeLessThanOrEqual(10);
    expect(steps).toStrictEqual(steps.map((_, i) => `${i + 1}. `));
    for (const key of ["keywords", "categories", "webUiKeywords", "displayName", "exclude", "mirrors"])
      expect(readme).toContain(`\`${key}\``);
    if (host === "github-pages") {
      expect(firstDeploy).toContain("Source_: **GitHub\n   Actions**");
      expect(readme).toContain("## What GitHub Pages serves, and what needs Cloudflare");
      expect(readme).toContain("catalog/client.js");
      expect(readme).toContain(`wrangler@${product.devDependencies?.["wrangler"]}`);
    } else {
      for (const setting of ["WORKER_NAME", "SITE_URL", "CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID", "CATALOG_GITHUB_TOKEN"]) {
        expect(firstDeploy).toContain(`\`${setting}\``);
      }
      expect(readme).toContain("## What the site serves");
    }
  });

  it("writes how to upgrade plugin-catalog: the changelog, the install, and what a new site format means on this host", async () => {
    const readme = await readFile(join(dir, "README.md"), "utf8");
    const upgrading = readme.slice(readme.indexOf("## Upgrading plugin-catalog"));
    expect(upgrading.slice(0, upgrading.indexOf("\n## ", 1)), "a section of its own").toContain("CHANGELOG.md");
    const steps = upgrading.match(/^\d+\. /gm) ?? [];
    expect(steps.slice(0, 3)).toStrictEqual(["1. ", "2. ", "3. "]);
    expect(upgrading).toContain("`npm install plugin-catalog@latest`");
    expect(upgrading).toContain('"site format N"');
    const wrangler = "`npm install --save-dev wrangler@$(npm view plugin-catalog@latest devDependencies.wrangler)`";
    if (host === "cloudflare") {
      expect(upgrading).toContain(wrangler);
      expect(upgrading).toContain("Rollback");
    } else {
      expect(upgrading).not.toContain(wrangler);
      expect(upgrading).toContain("10\nminutes");
    }
  });

  it("prints the next steps, numbered", () => {
    expect(stdout).toContain(`into ${dir}: ${FILES.join(", ")}`);
    const steps = stdout.split("\n").filter((line) => /^ {2}\d\. /.test(line));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(steps[0]).toBe(`  1. cd ${dir} && npm install   # writes package-lock.json`);
    expect(stdout).toContain("first-build");
  });
});

describe("init: values from the flags", () => {
  it("are written as they are, whatever their characters: JSON-escaped, code spans in the README, never in the workflow", async () => {
    const dir = join(root, "odd values");
    const odd = ['acme"plugin#1', "a`b``c", "{{KEYWORDS}}", "$&-<b>|x|"];
    const args = ["init", dir, ...odd.flatMap((keyword) => ["--keyword", keyword]), "--category", "`cat`", "--host", "github-pages"];
    const result = await runInProcess(args);
    expect(result.code, result.stderr).toBe(0);
    const config = await readConfig(join(dir, "plugin-catalog.config.json"));
    expect(config.keywords).toStrictEqual(odd);
    expect(config.categories).toStrictEqual(["`cat`"]);
    expect(config.displayName, "the default display-name path").toStrictEqual(["displayName"]);
    const readme = await readFile(join(dir, "README.md"), "utf8");
    expect(readme).toContain('`acme"plugin#1`, ```a`b``c```, `{{KEYWORDS}}` or `$&-<b>|x|`');
    expect(readme).toContain("`` `cat` ``");
    expect(await readFile(join(dir, ".github/workflows/daily.yml"), "utf8")).toBe(
      await readFile(join(REPO_ROOT, "templates/init/github-pages/daily.yml"), "utf8"),
    );
    expect((await readJson<Manifest>(join(dir, "package.json"))).name).toBe("odd-values");
    expect(result.stdout).toContain(`1. cd '${dir}' && npm install`);
  });

  it("default to GitHub Pages", async () => {
    const dir = join(root, "default-host");
    expect((await runInProcess(["init", dir, "--keyword", "acme-plugin"])).code).toBe(0);
    expect(await readFile(join(dir, ".github/workflows/daily.yml"), "utf8")).toContain("actions/deploy-pages@");
  });
});

describe("init --compat-host and --compat-range", () => {
  const configOf = async (dir: string) => readJson<Record<string, unknown>>(join(dir, "plugin-catalog.config.json"));

  it("write the config's compatibility, ranges in the order given, and the README says what compat does", async () => {
    const dir = join(root, "compat");
    const args = [
      "init",
      dir,
      "--keyword",
      "k",
      "--compat-host",
      "@acme/host",
      "--compat-range",
      "acme.host",
      "--compat-range",
      "engines.x",
    ];
    const result = await runInProcess(args);
    expect(result.code, result.stderr).toBe(0);
    expect((await configOf(dir))["compatibility"]).toStrictEqual({ host: "@acme/host", ranges: ["acme.host", "engines.x"] });
    const readme = await readFile(join(dir, "README.md"), "utf8");
    expect(readme).toContain("the plugins run in `@acme/host`: a plugin's `acme.host` or `engines.x` says which of its versions");
    expect(readme).toContain("`compatibility`");
  });

  it("without --compat-range, the ranges are npm's own engines field for that host", async () => {
    const dir = join(root, "compat-default");
    expect((await runInProcess(["init", dir, "--keyword", "k", "--compat-host", "homebridge"])).code).toBe(0);
    expect((await configOf(dir))["compatibility"]).toStrictEqual({ host: "homebridge", ranges: ["engines.homebridge"] });
  });

  it("without either, the config names no host and the README says compat is not offered", async () => {
    const dir = join(root, "compat-none");
    expect((await runInProcess(["init", dir, "--keyword", "k"])).code).toBe(0);
    expect(await configOf(dir)).not.toHaveProperty("compatibility");
    expect(await readFile(join(dir, "README.md"), "utf8")).toContain("no host is named (`compatibility`)");
  });

  it("--help's Node-RED command writes the compatibility of examples/node-red.config.json", async () => {
    const help = (await runInProcess(["init", "--help"])).stdout;
    const command = /^ {2}plugin-catalog init node-red-catalog (?:.*\\\n)*.*$/m.exec(help)?.[0];
    expect(command, "init --help has a Node-RED example").toBeDefined();
    const words = command!.replace(/\\\n/g, " ").trim().split(/\s+/);
    const dir = join(root, words[2]!);
    const result = await runInProcess(["init", dir, ...words.slice(3)]);
    expect(result.code, result.stderr).toBe(0);
    const example = await readJson<Record<string, unknown>>(join(REPO_ROOT, "examples", "node-red.config.json"));
    const written = await configOf(dir);
    for (const key of ["keywords", "compatibility"]) expect(written[key], key).toStrictEqual(example[key]);
  });
});

describe("init: the directory", () => {
  async function occupied(name: string): Promise<string> {
    const dir = join(root, name);
    await mkdir(join(dir, "notes"), { recursive: true });
    await writeFile(join(dir, "README.md"), "mine\n");
    await writeFile(join(dir, "notes", "todo.txt"), "keep me\n");
    return dir;
  }

  it("writes into an existing empty directory", async () => {
    const dir = join(root, "empty");
    await mkdir(dir);
    const result = await runInProcess(["init", dir, "--keyword", "acme-plugin"]);
    expect(result.code, result.stderr).toBe(0);
    expect((await tree(dir)).size).toBe(FILES.length);
  });

  it("refuses a directory that is not empty: exit 1, one line saying so, not a byte changed", async () => {
    const dir = await occupied("occupied");
    const before = await tree(dir);
    const modified = (await stat(join(dir, "README.md"))).mtimeMs;
    const result = await runInProcess(["init", dir, "--keyword", "acme-plugin"]);
    expect(expectOneLineFailure(expect, result)).toBe(
      `plugin-catalog: ${dir} exists and is not empty; nothing was written (--force writes the catalog's files into it)`,
    );
    expect(await tree(dir)).toStrictEqual(before);
    expect((await stat(join(dir, "README.md"))).mtimeMs).toBe(modified);
  });

  it("refuses a path that is a file", async () => {
    const file = join(root, "a-file");
    await writeFile(file, "x");
    const result = await runInProcess(["init", file, "--keyword", "acme-plugin", "--force"]);
    expect(expectOneLineFailure(expect, result)).toContain("exists and is not a directory");
    expect(await readFile(file, "utf8")).toBe("x");
  });

  it("with --force writes its files into it, replacing those of the same names and keeping the others", async () => {
    const dir = await occupied("forced");
    const result = await runInProcess(["init", dir, "--keyword", "acme-plugin", "--force"]);
    expect(result.code, result.stderr).toBe(0);
    const after = await tree(dir);
    expect([...after.keys()].sort()).toStrictEqual([...FILES, "notes/todo.txt"].sort());
    expect(after.get("notes/todo.txt")?.toString()).toBe("keep me\n");
    expect(after.get("README.md")?.toString()).toContain("# Plugin catalog");
  });
});

describe.concurrent("init: usage errors exit 2", () => {
  it.for([
    [["init"]],
    [["init", "x"]],
    [["init", "x", "--keyword"]],
    [["init", "x", "--keyword", ""]],
    [["init", "x", "--keyword", "two words"]],
    [["init", "x", "--keyword", "tab\there"]],
    [["init", "x", "--keyword", "k", "--category", "a b"]],
    [["init", "x", "--keyword", "k", "--web-ui-keyword", " "]],
    [["init", "x", "--keyword", "k", "--display-name", "signalk..displayName"]],
    [["init", "x", "--keyword", "k", "--display-name", ".displayName"]],
    [["init", "x", "--keyword", "k", "--host", "netlify"]],
    [["init", "x", "--keyword", "k", "--bogus"]],
    [["init", "x", "--keyword", "k", "--compat-range", "engines.node-red"]],
    [["init", "x", "--keyword", "k", "--compat-host", "node red"]],
    [["init", "x", "--keyword", "k", "--compat-host", ".hidden"]],
    [["init", "x", "--keyword", "k", "--compat-host", "node-red", "--compat-range", "engines..node-red"]],
    [["init", "x", "y", "--keyword", "k"]],
  ] as const)("%j", async ([args], { expect }) => {
    const dir = join(root, "never-written");
    const result = await runInProcess(args.map((arg) => (arg === "x" ? dir : arg)));
    expect(result.code, `stdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(2);
    expect(result.stderr.trim()).not.toBe("");
    expect(result.stderr).not.toMatch(STACK_TRACE);
    await expect(stat(dir)).rejects.toThrow();
  });
});

describe("init --help", () => {
  it("lists every flag, the hosts and why GitHub Pages is the default", async () => {
    const result = await runInProcess(["init", "--help"]);
    expect(result.code).toBe(0);
    for (const flag of [
      "--keyword",
      "--category",
      "--web-ui-keyword",
      "--display-name",
      "--compat-host",
      "--compat-range",
      "--host",
      "--force",
    ])
      expect(result.stdout).toContain(flag);
    expect(result.stdout).toMatch(/github-pages +\(default\) free, no account beyond GitHub, where Signal K publishes/);
    expect((await runInProcess(["--help"])).stdout).toMatch(/^ {2}init \[options\] <dir>/m);
  });
});

describe("the binary", () => {
  it("writes a repository that pins its own package.json's version", async () => {
    const dir = join(root, "by-the-binary");
    const result = await runCli(["init", dir, "--keyword", "acme-plugin", "--host", "cloudflare"]);
    expect(result.code, result.stderr).toBe(0);
    expect((await readJson<Manifest>(join(dir, "package.json"))).dependencies).toStrictEqual({ "plugin-catalog": product.version });
  });
});

describe("the README's Signal K command", () => {
  it("run for real, writes the config of examples/signalk.config.json", async () => {
    const readme = await readFile(join(REPO_ROOT, "README.md"), "utf8");
    const command = /^npx plugin-catalog init (?:.*\\\n)*.*$/m.exec(readme)?.[0];
    expect(command, "README.md has an `npx plugin-catalog init` command").toBeDefined();
    const words = command!.replace(/\\\n/g, " ").trim().split(/\s+/);
    expect(words.join(" "), "no quoting to interpret").not.toMatch(/["'$`]/);
    expect(words.slice(0, 3)).toStrictEqual(["npx", "plugin-catalog", "init"]);
    const dir = join(root, words[3]!);
    const result = await runCli(["init", dir, ...words.slice(4)]);
    expect(result.code, result.stderr).toBe(0);
    const written = await readConfig(join(dir, "plugin-catalog.config.json"));
    const example = await readConfig(join(REPO_ROOT, "examples", "signalk.config.json"));
    for (const key of ["keywords", "categories", "webUiKeywords", "displayName"] as const)
      expect(written[key], key).toStrictEqual(example[key]);
    expect(await readFile(join(dir, ".github/workflows/daily.yml"), "utf8")).toContain("actions/deploy-pages@");
  });
});
