/**
 * Shared plumbing for the fetch tests: the three fake upstreams over one world,
 * the real CLI run asynchronously (the fakes live in this process, so a blocking
 * spawn would deadlock them), the built site read back, and a directory hashed
 * file by file.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { readPreviousSnapshot } from "../../src/publish/previous-site.js";
import type { CatalogSnapshot, SnapshotPlugin as TypedPlugin } from "../../src/snapshot/schema.js";
import type { BuildReport } from "../../src/upstream/report.js";
import {
  type FakeGitHub,
  type FakeGitHubOptions,
  type FakeGitLab,
  type FakeGitLabOptions,
  type FakeRegistryOptions,
  type FaultRule,
  type RequestMatch,
  type RunningFake,
  startFakeGitHub,
  startFakeGitLab,
  startFakeRegistry,
  type World,
} from "../fakes/index.js";
import type { WirePlugin as PublicPlugin } from "../support/fixtures.js";
import { startServeProcess } from "../support/targets.js";

/** What a fault rule's `where` sees of a request. */
export type MatchableRequestLike = Parameters<NonNullable<RequestMatch["where"]>>[0];

export const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const CLI = join(REPO_ROOT, "lib", "src", "cli", "main.js");

// ---------------------------------------------------------------------------
// Upstreams
// ---------------------------------------------------------------------------

export interface Upstreams {
  world: World;
  registry: RunningFake;
  github: FakeGitHub;
  gitlab: FakeGitLab;
  /** Every request each fake received, in order, with the time it arrived. */
  log: { registry: LoggedRequest[]; github: LoggedRequest[]; gitlab: LoggedRequest[] };
  /** `--registry … --github-url … --gitlab-url …` */
  args(): string[];
  close(): Promise<void>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  search: string;
  at: number;
}

/** Fake options, minus faults: add those through `fake.faults.add` after the recorder. */
export interface UpstreamOptions {
  registry?: Omit<FakeRegistryOptions, "world" | "faults">;
  github?: Omit<FakeGitHubOptions, "world" | "faults">;
  gitlab?: Omit<FakeGitLabOptions, "world" | "faults">;
}

/**
 * A rule that never fires but records every request it sees. Added first, so it
 * sees all of them (rules are tried in order; a non-matching rule passes on).
 */
function recorder(into: LoggedRequest[]): FaultRule {
  return {
    match: {
      where: (req: MatchableRequestLike) => {
        into.push({ method: req.method, path: req.path, search: req.url.search, at: Date.now() });
        return false;
      },
    },
    action: { kind: "hang" },
  };
}

export async function startUpstreams(world: World, options: UpstreamOptions = {}): Promise<Upstreams> {
  const log = { registry: [] as LoggedRequest[], github: [] as LoggedRequest[], gitlab: [] as LoggedRequest[] };
  const registry = await startFakeRegistry({ ...options.registry, world });
  const github = await startFakeGitHub({ ...options.github, world });
  const gitlab = await startFakeGitLab({ ...options.gitlab, world });
  // Recorders go in front of whatever rules the options brought.
  // Options carry no fault rules here, so the recorders are the first rule of each plan.
  registry.faults.add(recorder(log.registry));
  github.faults.add(recorder(log.github));
  gitlab.faults.add(recorder(log.gitlab));
  return {
    world,
    registry,
    github,
    gitlab,
    log,
    args: () => ["--registry", registry.url, "--github-url", github.url, "--gitlab-url", gitlab.url],
    close: async () => {
      await Promise.all([registry.close(), github.close(), gitlab.close()]);
    },
  };
}

/** The package name a registry request asks for (`/@scope%2fname` → `@scope/name`), or undefined for search. */
export function packumentName(path: string): string | undefined {
  if (path.startsWith("/-/")) return undefined;
  try {
    return decodeURIComponent(path.slice(1));
  } catch {
    return undefined;
  }
}

/** Matches GET requests for the packument of `name`, however the client encodes it. */
export function packumentOf(name: string): { method: string; where: (req: MatchableRequestLike) => boolean } {
  return { method: "GET", where: (req) => packumentName(req.path) === name };
}

export const SEARCH_PATH = "/-/v1/search";

// ---------------------------------------------------------------------------
// The CLI
// ---------------------------------------------------------------------------

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  /** Added to the environment; GITHUB_TOKEN and GITLAB_TOKEN are never inherited. */
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
}

/** `node lib/src/cli/main.js ...args`, asynchronously. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run "npm run build:ts" first`);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
  delete env["GITHUB_TOKEN"];
  delete env["GITLAB_TOKEN"];
  Object.assign(env, options.env);
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const limit = options.timeoutMs ?? 45_000;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`plugin-catalog ${args.join(" ")} did not finish within ${limit} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, limit);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

export interface CatalogConfigFile {
  keywords: string[];
  categories?: string[];
  webUiKeywords?: string[];
  exclude?: string[];
  displayName?: string[];
  mirrors?: Record<string, string[]>;
  compatibility?: { host: string; ranges: string[] };
  siteUrl?: string;
}

export async function writeConfig(dir: string, config: CatalogConfigFile | string, name = "catalog.config.json"): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, typeof config === "string" ? config : JSON.stringify(config, null, 2));
  return path;
}

/**
 * `build --config F --out DIR` against the fakes, with the fast settings the tests
 * use (`--search-interval 0`, `--timeout 2000`) unless `extra` overrides them.
 */
export function runBuild(
  upstreams: Upstreams,
  config: string,
  out: string,
  extra: readonly string[] = [],
  options: RunOptions = {},
): Promise<CliResult> {
  const fast = [
    ...(extra.includes("--search-interval") ? [] : ["--search-interval", "0"]),
    ...(extra.includes("--timeout") ? [] : ["--timeout", "2000"]),
  ];
  return runCli(["build", "--config", config, "--out", out, ...upstreams.args(), ...fast, ...extra], options);
}

export function describeRun(result: CliResult): string {
  return `exit ${String(result.code)} after ${result.ms} ms\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
}

export async function makeTempDir(prefix = "plugin-catalog-fetch-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(dir: string | undefined): Promise<void> {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------
// The built site
// ---------------------------------------------------------------------------

export { PLUGIN_KEYS } from "../support/fixtures.js";
export type { PublicPlugin };

export interface SnapshotPlugin extends PublicPlugin {
  readme: string;
  creators: string[];
  mirrors: { platform: string; path: string; stars: number; forks: number; owner?: string; names?: string[] }[];
}

export type { BuildReport, MirrorTally } from "../../src/upstream/report.js";

export interface Site {
  manifest: { snapshot: string | string[]; plugins: number };
  plugins: SnapshotPlugin[];
  byName: Map<string, SnapshotPlugin>;
  report: BuildReport;
}

export async function readSite(dir: string): Promise<Site> {
  const manifest = JSON.parse(await readFile(join(dir, "catalog", "manifest.json"), "utf8")) as Site["manifest"];
  if (manifest.snapshot === undefined) throw new Error(`${dir}: the manifest names no snapshot`);
  const snapshot = (await readPreviousSnapshot(dir)) as { plugins: SnapshotPlugin[] } | undefined;
  if (snapshot === undefined) throw new Error(`${dir}: no snapshot could be read`);
  const report = JSON.parse(await readFile(join(dir, "catalog", "report.json"), "utf8")) as BuildReport;
  return { manifest, plugins: snapshot.plugins, byName: new Map(snapshot.plugins.map((p) => [p.npmName, p])), report };
}

/** A build's snapshot as the next build reads it, typed, its records by npm name, and its report. */
export interface BuiltSnapshot {
  snapshot: CatalogSnapshot;
  byName: Map<string, TypedPlugin>;
  report: BuildReport;
}

export async function readBuiltSnapshot(out: string): Promise<BuiltSnapshot> {
  const snapshot = await readPreviousSnapshot(out);
  if (snapshot === undefined) throw new Error(`no snapshot in ${out}`);
  const report = JSON.parse(await readFile(join(out, "catalog", "report.json"), "utf8")) as BuildReport;
  return { snapshot, byName: new Map(snapshot.plugins.map((p) => [p.npmName, p])), report };
}

/** Relative path → SHA-256 of every file under `root` (directories included as entries). */
export async function hashTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = relative(root, join(entry.parentPath, entry.name));
    if (entry.isDirectory()) out.set(`${path}/`, "dir");
    else
      out.set(
        path,
        createHash("sha256")
          .update(await readFile(join(root, path)))
          .digest("hex"),
      );
  }
  return out;
}

/** Every file under `root`, as bytes. */
export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(root, path), await readFile(path));
  }
  return out;
}

// ---------------------------------------------------------------------------
// serve
// ---------------------------------------------------------------------------

export interface Served {
  baseUrl: string;
  get(pathAndQuery: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** `serve DIR --port 0 --host 127.0.0.1` (the shared spawner), with a JSON getter. */
export async function serve(dir: string, timeoutMs = 20_000): Promise<Served> {
  const server = await startServeProcess(dir, timeoutMs);
  return {
    baseUrl: server.baseUrl,
    stop: server.stop,
    get: async (pathAndQuery) => {
      const response = await fetch(`${server.baseUrl}${pathAndQuery}`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET ${pathAndQuery}: ${response.status} ${text}`);
      return JSON.parse(text) as unknown;
    },
  };
}

export interface PluginsPage {
  total: number;
  page: number;
  perPage: number;
  pages: number;
  plugins: Record<string, unknown>[];
}

/** Every plugin `/api/plugins?<query>` matches, across all pages. */
export async function allPlugins(served: Served, query = ""): Promise<{ total: number; plugins: Record<string, unknown>[] }> {
  const plugins: Record<string, unknown>[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const body = (await served.get(`/api/plugins?per_page=100&page=${page}${query ? `&${query}` : ""}`)) as PluginsPage;
    total = body.total;
    plugins.push(...body.plugins);
    if (page >= body.pages) break;
  }
  return { total, plugins };
}

// ---------------------------------------------------------------------------
// What a test file starts, and the checks several files share
// ---------------------------------------------------------------------------

/** Fake upstreams and temp dirs a test file starts; `cleanup()` (in `afterAll`) stops and removes them all. */
export class Scratch {
  private readonly dirs: string[] = [];
  private readonly upstreams: Upstreams[] = [];

  async upstreamsFor(world: World, options?: UpstreamOptions): Promise<Upstreams> {
    const up = await startUpstreams(world, options);
    this.upstreams.push(up);
    return up;
  }

  async dir(): Promise<string> {
    const dir = await makeTempDir();
    this.dirs.push(dir);
    return dir;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.upstreams.map((up) => up.close()));
    await Promise.all(this.dirs.map((dir) => removeDir(dir)));
  }
}

export interface DayOne {
  up: Upstreams;
  dir: string;
  /** The config file's path. */
  config: string;
  /** The site day one built, and how its build went. */
  out: string;
  first: CliResult;
}

/** Fakes over `world`, `config` written to a fresh dir, and a first build into `<dir>/<name>` that must succeed. */
export async function buildDayOne(
  scratch: Scratch,
  world: World,
  config: CatalogConfigFile,
  env: Record<string, string>,
  name = "site",
): Promise<DayOne> {
  const up = await scratch.upstreamsFor(world);
  const dir = await scratch.dir();
  const configPath = await writeConfig(dir, config);
  const out = `${dir}/${name}`;
  const first = await runBuild(up, configPath, out, [], { env });
  if (first.code !== 0) throw new Error(`day one's build failed: ${describeRun(first)}`);
  return { up, dir, config: configPath, out, first };
}

export const STACK_TRACE = /\n\s+at\s|node:internal|\.js:\d+:\d+/;

/** Exit 1 with one line on stderr (progress lines aside) and no stack trace; returns that line. */
export function expectOneLineFailure(result: CliResult): string {
  expect(result.code, describeRun(result)).toBe(1);
  const message = result.stderr
    .trim()
    .split("\n")
    .filter((line) => !/^\s*\w[\w -]*: \d+\/\d+$/.test(line));
  expect(message, result.stderr).toHaveLength(1);
  expect(result.stderr).not.toMatch(STACK_TRACE);
  return message[0] ?? "";
}
