/**
 * The fake world: N npm packages and the GitHub/GitLab repositories they point to,
 * deterministic per seed, shared by the three fake upstreams, and mutable the ways a
 * day between two catalog builds changes things.
 *
 * @example
 * const world = createWorld({ packages: 500, seed: 7, keywords: ["acme-plugin"] });
 * world.bumpVersion(world.names()[0]!);
 */
import { hash32 } from "./random.js";
import { readmeFor } from "./readme.js";
import { hostPackage } from "./world-host.js";
import { type GenContext, generatePackage } from "./world-packages.js";
import { GitHubHost, GitLabHost } from "./world-repos.js";
import type { AnswerEdit, GitHubRepo, GitLabProject, Host, MirrorRef, PackageRecord, RepoFacts } from "./world-types.js";

export interface WorldOptions {
  packages: number;
  seed: number;
  /** Registry keywords every package carries one of; default `["acme-plugin"]`. */
  keywords?: string[];
  /** The world's "now": versions are published before it, mutations tick after it. */
  epoch?: string;
  /** A host package (config `compatibility.host`) with `versions` versions (default 300), dist-tags `latest` and `next`. */
  host?: { name: string; versions?: number };
}

export interface ResolvedMirror {
  ref: MirrorRef;
  /** The repository the reference reaches today (through renames), or undefined: 404. */
  repo: GitHubRepo | GitLabProject | undefined;
}

/**
 * A packument body sent exactly as written: for documents `JSON.stringify` cannot write
 * (a field nested 100,000 deep overflows its stack) or that are not JSON at all.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * What `World.setPackument` takes: a document (any JSON value), a `RawJson` body, or an
 * edit of the packument the world would serve (it may mutate and return its argument).
 */
export type PackumentOverride = RawJson | ((doc: Record<string, unknown>) => unknown) | unknown;

export class World {
  readonly seed: number;
  readonly keywords: readonly string[];
  readonly github = new GitHubHost();
  readonly gitlab = new GitLabHost();
  readonly #packages = new Map<string, PackageRecord>();
  readonly #packuments = new Map<string, PackumentOverride>();
  readonly #searchEdits = new Map<string, (result: Record<string, unknown>) => unknown>();
  /** The host package's name, if the world has one. */
  readonly hostName: string | undefined;
  #clock: number;
  #revision = 0;

  constructor(options: WorldOptions) {
    this.seed = options.seed;
    this.keywords = options.keywords ?? ["acme-plugin"];
    if (this.keywords.length === 0) throw new Error("a world needs at least one keyword");
    this.#clock = Date.parse(options.epoch ?? "2025-06-01T00:00:00.000Z");
    const ctx: GenContext = {
      seed: this.seed,
      keywords: this.keywords,
      epochMs: this.#clock,
      github: this.github,
      gitlab: this.gitlab,
      shared: [],
      packages: options.packages,
      iso: (ms) => new Date(ms).toISOString(),
    };
    for (let i = 0; i < options.packages; i++) {
      const pkg = generatePackage(ctx, i);
      this.#packages.set(pkg.name, pkg);
    }
    this.hostName = options.host?.name;
    if (options.host !== undefined)
      this.#packages.set(options.host.name, hostPackage(options.host.name, options.host.versions ?? 300, this.#clock));
  }

  /** Bumped by every mutation; caches keyed on it stay valid until the world changes. */
  get revision(): number {
    return this.#revision;
  }

  names(): string[] {
    return [...this.#packages.keys()];
  }

  packages(): IterableIterator<PackageRecord> {
    return this.#packages.values();
  }

  get(name: string): PackageRecord | undefined {
    return this.#packages.get(name);
  }

  readme(pkg: PackageRecord): string {
    return readmeFor(this.seed, pkg.index, pkg.name, pkg.description);
  }

  /** Publishes a new patch version as `latest`; returns it. */
  bumpVersion(name: string): string {
    const pkg = this.#live(name);
    const [major = 0, minor = 0, patch = 0] = (pkg.versions.at(-1)?.version ?? "0.0.0").split(".").map(Number);
    const version = `${major}.${minor}.${patch + 1}`;
    const time = this.#touch(pkg);
    pkg.versions.push({ version, time });
    return version;
  }

  /**
   * Publishes `version` (any string) now and points `tags` at it; other tags stay. For the host's releases and
   * prereleases: `latest` may then point at an earlier version than the last one published.
   */
  publishVersion(name: string, version: string, tags: readonly string[] = ["latest"]): void {
    const pkg = this.#live(name);
    pkg.versions.push({ version, time: this.#touch(pkg) });
    const current = pkg.distTags ?? { latest: pkg.versions.at(-2)?.version ?? version };
    pkg.distTags = { ...current, ...Object.fromEntries(tags.map((tag) => [tag, version])) };
  }

  /**
   * Sets what the registry's search says of a package's downloads and dependents. The packument is untouched
   * (downloads change daily without a new document), so yesterday's record stays reusable.
   */
  setDownloads(name: string, counts: { weekly?: number; monthly?: number; dependents?: number }): void {
    const pkg = this.#live(name);
    if (counts.weekly !== undefined) pkg.weeklyDownloads = counts.weekly;
    if (counts.monthly !== undefined) pkg.monthlyDownloads = counts.monthly;
    if (counts.dependents !== undefined) pkg.dependents = counts.dependents;
    this.#revision++;
  }

  /**
   * Rewrites the package's search result (`objects[i]`) as the registry answers it: counts of any type, missing
   * fields. `undefined` restores the generated one.
   *
   * @example world.editSearchResult(name, (result) => ({ ...result, dependents: -1 }));
   */
  editSearchResult(name: string, edit: ((result: Record<string, unknown>) => unknown) | undefined): void {
    if (edit === undefined) this.#searchEdits.delete(name);
    else this.#searchEdits.set(name, edit);
    this.#revision++;
  }

  /** `result` as the search answers it for `name`: rewritten when a test said so. */
  searchAnswer(name: string, result: Record<string, unknown>): unknown {
    const edit = this.#searchEdits.get(name);
    return edit === undefined ? result : edit(result);
  }

  /** Sets some facts of the repository `path` names (archived, open issues, last push, default branch). */
  setRepoFacts(host: Host, path: string, facts: RepoFacts): void {
    this.#host(host).setFacts(path, facts);
    this.#revision++;
  }

  /**
   * Gives every manifest of the package further fields, as an ecosystem keeps
   * them (`{ signalk: { displayName: "…" } }`). Meant for setting a world up;
   * afterwards it also moves the document's `modified` time, as any change does.
   */
  setManifestFields(name: string, fields: Record<string, unknown>): void {
    const pkg = this.#live(name);
    pkg.manifestExtras = { ...pkg.manifestExtras, ...fields };
    this.#touch(pkg);
  }

  /**
   * Replaces the full packument the registry serves for `name` (the abbreviated one and
   * the search listing stay as generated, so the package is still listed): anything an
   * upstream could send. `undefined` restores the generated document.
   *
   * @example
   * world.setPackument(name, (doc) => ({ ...doc, description: 42 }));
   * world.setPackument(name, new RawJson(`{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`));
   */
  setPackument(name: string, packument: RawJson | ((doc: Record<string, unknown>) => unknown)): void;
  setPackument(name: string, packument: unknown): void;
  setPackument(name: string, packument: PackumentOverride): void {
    const pkg = this.#live(name);
    if (packument === undefined) this.#packuments.delete(name);
    else this.#packuments.set(name, packument);
    this.#touch(pkg);
  }

  /** What `setPackument` put in place of the generated packument of `name`, if anything. */
  packumentOverride(name: string): PackumentOverride | undefined {
    return this.#packuments.get(name);
  }

  /** Deletes one package outright (404, gone from search). */
  removePackage(name: string): void {
    if (!this.#packages.delete(name)) throw new Error(`no package ${name}`);
    this.#packuments.delete(name);
    this.#revision++;
  }

  /** Deletes a deterministic `fraction` of the packages outright (404, gone from search). */
  removePackages(fraction: number): string[] {
    const order = (n: string): number => hash32(`${this.seed}:${n}`);
    const doomed = this.names()
      .filter((name) => name !== this.hostName)
      .sort((a, b) => order(a) - order(b))
      .slice(0, Math.round(fraction * this.#packages.size));
    for (const name of doomed) this.#packages.delete(name);
    this.#revision++;
    return doomed;
  }

  deprecateLatest(name: string, message = "This package is deprecated"): void {
    const pkg = this.#live(name);
    const latest = pkg.versions.at(-1);
    if (!latest) throw new Error(`${name} has no versions`);
    pkg.deprecated = { version: latest.version, message };
    this.#touch(pkg);
  }

  /** Unpublishes every version; the search index still lists it, as the live one lags. */
  unpublish(name: string): void {
    const pkg = this.#live(name);
    const latest = pkg.versions.at(-1)?.version ?? "0.0.0";
    pkg.unpublished = { time: this.#touch(pkg), versions: pkg.versions.map((v) => v.version), latest };
  }

  renameRepo(host: Host, from: string, to: string): void {
    this.#host(host).rename(from, to);
    this.#revision++;
  }

  setStars(host: Host, path: string, stars: number, forks?: number): void {
    this.#host(host).setStars(path, stars, forks);
    this.#revision++;
  }

  /**
   * Rewrites what the host answers for the repository `path` names (GraphQL node or REST
   * object, after the host's own schema): counts of any type, odd owners, missing fields.
   * `edit` returning undefined drops the node from the answer.
   *
   * @example
   * world.editRepoAnswer("github", "acme/x", (node) => ({ ...node, stargazerCount: -1, stargazers_count: -1 }));
   */
  editRepoAnswer(host: Host, path: string, edit: AnswerEdit | undefined): void {
    const repo = this.#host(host).find(path)?.repo;
    if (!repo) throw new Error(`no repository at ${path}`);
    this.#host(host).editAnswer(repo.id, edit);
    this.#revision++;
  }

  deleteRepo(host: Host, path: string): boolean {
    this.#revision++;
    return this.#host(host).delete(path);
  }

  /** Ground truth for tests: what each repository reference of `name` reaches today. */
  mirrorsOf(name: string): ResolvedMirror[] {
    const pkg = this.#packages.get(name);
    return (pkg?.mirrorRefs ?? []).map((ref) => ({ ref, repo: this.#host(ref.host).find(ref.path)?.repo }));
  }

  #host(host: Host): GitHubHost | GitLabHost {
    return host === "github" ? this.github : this.gitlab;
  }

  #live(name: string): PackageRecord {
    const pkg = this.#packages.get(name);
    if (!pkg || pkg.unpublished) throw new Error(`no published package ${name}`);
    return pkg;
  }

  /** Advances the world clock a minute and records a change to `pkg`; returns the time. */
  #touch(pkg: PackageRecord): string {
    this.#clock += 60_000;
    this.#revision++;
    pkg.rev++;
    pkg.modified = new Date(this.#clock).toISOString();
    return pkg.modified;
  }
}

export function createWorld(options: WorldOptions): World {
  return new World(options);
}
