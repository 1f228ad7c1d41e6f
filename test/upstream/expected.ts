/**
 * What docs/API.md (#catalog-membership, #field-derivations) says the catalog
 * must hold, computed from the fake world (the ground truth), never from the
 * product's code. Each rule quotes the line it implements.
 */
import type { GitHubRepo, GitLabProject, LicenseField, PackageRecord, World } from "../fakes/index.js";
import { PLUGIN_KEYS } from "../support/fixtures.js";
import type { CatalogConfigFile, PublicPlugin } from "./support.js";

export const NO_README = "ERROR: No README data found!";

export type Repo = { host: "github"; repo: GitHubRepo } | { host: "gitlab"; repo: GitLabProject };

export interface ExpectedPlugin extends Omit<PublicPlugin, "slug"> {
  /** The README text the registry serves, or "" when it has none. */
  readme: string;
  /** Creator logins, as the platforms / registry spell them. */
  creators: string[];
  /** The distinct repositories the package's references (and the config's) reach. */
  repos: Repo[];
}

/** "an array, or a string split at commas and white space), trimmed, empties dropped, duplicates dropped case-insensitively keeping the first spelling, original order" */
export function expectedTags(keywords: PackageRecord["keywords"]): string[] {
  const raw = keywords === undefined ? [] : typeof keywords === "string" ? keywords.split(/[\s,]+/) : keywords;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const word of raw) {
    const tag = word.trim();
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** "A legacy license object { type: … } gives its type; a legacy licenses array gives its types joined with ` OR `." */
export function expectedLicense(license: LicenseField): string {
  switch (license.kind) {
    case "spdx":
      return license.license;
    case "legacy-object":
      return license.license.type;
    case "legacy-array":
      return license.licenses.map((l) => l.type).join(" OR ");
    case "none":
      return "";
  }
}

/** "the latest manifest's homepage when it is an http(s) URL, else null" */
export function expectedHomepage(homepage: string | undefined): string | null {
  if (homepage === undefined) return null;
  try {
    const url = new URL(homepage);
    return url.protocol === "http:" || url.protocol === "https:" ? homepage : null;
  } catch {
    return null;
  }
}

/** The latest version's manifest is deprecated (the world deprecates the then-latest version). */
export function isDeprecatedLatest(pkg: PackageRecord): boolean {
  return pkg.deprecated !== undefined && pkg.deprecated.version === pkg.versions.at(-1)?.version;
}

/** "every package that the registry's search returns for any of keywords (keywords:<k>)" */
export function matchesKeywords(pkg: PackageRecord, keywords: readonly string[]): boolean {
  const wanted = new Set(keywords.map((k) => k.toLowerCase()));
  return expectedTags(pkg.keywords).some((tag) => wanted.has(tag.toLowerCase()));
}

/** The repository a config mirror URL (`https://github.com/o/r`, `https://gitlab.com/g/s/r`) reaches today. */
export function repoOfUrl(world: World, url: string): Repo | undefined {
  const match = /^https:\/\/(github|gitlab)\.com\/(.+?)\/?$/.exec(url);
  if (!match) return undefined;
  const [, host, path] = match;
  if (path === undefined) return undefined;
  if (host === "github") {
    const hit = world.github.find(path);
    return hit ? { host: "github", repo: hit.repo } : undefined;
  }
  const hit = world.gitlab.find(path);
  return hit ? { host: "gitlab", repo: hit.repo } : undefined;
}

/** "Two names for one repository (a renamed or transferred one, different casing) count once." */
export function reposOf(world: World, name: string, configMirrors: readonly string[] = []): Repo[] {
  const found = new Map<string, Repo>();
  for (const { ref, repo } of world.mirrorsOf(name)) {
    if (repo === undefined) continue; // "A mirror that does not exist counts 0."
    found.set(
      `${ref.host}:${repo.id}`,
      ref.host === "github" ? { host: "github", repo: repo as GitHubRepo } : { host: "gitlab", repo: repo as GitLabProject },
    );
  }
  for (const url of configMirrors) {
    const repo = repoOfUrl(world, url);
    if (repo) found.set(`${repo.host}:${repo.repo.id}`, repo);
  }
  return [...found.values()];
}

/** The owner login of a repository as the platform spells it now (GitLab: its top-level namespace). */
export function ownerOf(repo: Repo): string {
  return repo.host === "github" ? repo.repo.owner : (repo.repo.namespace.fullPath.split("/")[0] ?? repo.repo.namespace.fullPath);
}

export interface ExpectOptions {
  /** Counts to use instead of today's, per repository (`github:<id>`): what "yesterday" saw. */
  starsOverride?: ReadonlyMap<string, { stars: number; forks: number }>;
}

export function repoKey(repo: Repo): string {
  return `${repo.host}:${repo.repo.id}`;
}

export function expectedPlugin(world: World, pkg: PackageRecord, config: CatalogConfigFile, options: ExpectOptions = {}): ExpectedPlugin {
  const latest = pkg.versions.at(-1);
  if (!latest) throw new Error(`${pkg.name} has no versions`);
  const tags = expectedTags(pkg.keywords);
  const webUi = new Set((config.webUiKeywords ?? []).map((k) => k.toLowerCase()));
  const repos = reposOf(world, pkg.name, config.mirrors?.[pkg.name] ?? []);
  const counts = repos.map((r) => options.starsOverride?.get(repoKey(r)) ?? { stars: r.repo.stars, forks: r.repo.forks });
  const npmLogins = [...pkg.maintainers.map((m) => m.name), pkg.publisher.name];
  return {
    npmName: pkg.name,
    name: expectedName(pkg, config.displayName ?? ["displayName"]),
    description: pkg.description ?? "",
    version: latest.version,
    license: expectedLicense(pkg.license),
    homepage: expectedHomepage(pkg.homepage),
    totalStars: counts.reduce((sum, c) => sum + c.stars, 0),
    totalForks: counts.reduce((sum, c) => sum + c.forks, 0),
    hasWebUi: tags.some((tag) => webUi.has(tag.toLowerCase())),
    publishedAt: pkg.created,
    updatedAt: latest.time,
    tags,
    readme: pkg.hasReadme ? world.readme(pkg) : "",
    creators: [...new Set([...npmLogins, ...repos.map(ownerOf)])],
    repos,
  };
}

/** The first configured path that leads to a non-blank string in the manifest, else the package name. */
export function expectedName(pkg: PackageRecord, paths: readonly string[]): string {
  const manifest: Record<string, unknown> = { displayName: pkg.displayName, ...pkg.manifestExtras };
  for (const path of paths) {
    let value: unknown = manifest;
    for (const key of path.split("."))
      value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return pkg.name;
}

export interface ExpectedCatalog {
  /** npm name → expected record, members only. */
  members: Map<string, ExpectedPlugin>;
  /** Listed by the search (any keyword), before any exclusion. */
  listed: PackageRecord[];
  excludedByConfig: string[];
  deprecated: string[];
  unpublished: string[];
}

/**
 * "Members: every package that the registry's search returns for any of keywords,
 * minus exclude, minus packages whose latest version is deprecated or that are unpublished."
 */
export function expectedCatalog(
  world: World,
  config: CatalogConfigFile,
  options: ExpectOptions & { skip?: ReadonlySet<string> } = {},
): ExpectedCatalog {
  const exclude = new Set(config.exclude ?? []);
  const listed = [...world.packages()].filter((pkg) => matchesKeywords(pkg, config.keywords));
  const members = new Map<string, ExpectedPlugin>();
  const excludedByConfig: string[] = [];
  const deprecated: string[] = [];
  const unpublished: string[] = [];
  for (const pkg of listed) {
    if (exclude.has(pkg.name)) excludedByConfig.push(pkg.name);
    else if (pkg.unpublished) unpublished.push(pkg.name);
    else if (isDeprecatedLatest(pkg)) deprecated.push(pkg.name);
    else if (!options.skip?.has(pkg.name)) members.set(pkg.name, expectedPlugin(world, pkg, config, options));
  }
  return { members, listed, excludedByConfig, deprecated, unpublished };
}

/** The public fields of an expected record (no slug: its rule is checked separately). */
export function publicFields(plugin: ExpectedPlugin): Omit<PublicPlugin, "slug"> {
  const { readme: _readme, creators: _creators, repos: _repos, ...rest } = plugin;
  return rest;
}

/** The public fields of a record as built (snapshot or API), without the slug. */
export function builtFields(plugin: Record<string, unknown> | PublicPlugin): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(plugin)) {
    if (key !== "slug" && (PLUGIN_KEYS as readonly string[]).includes(key)) out[key] = value;
  }
  return out;
}
