/**
 * `GET /-/v1/search` over the world.
 *
 * Shape: npm/registry docs/REGISTRY-API.md "GET /-/v1/search" (objects[].package/score/
 * searchScore, total, time) plus the fields the live endpoint added since and that
 * query-registry v4 validates (`downloads {monthly, weekly}`, `dependents`, `updated`,
 * `flags.insecure`, `package.license`, `package.sanitized_name`); `dependents` is a numeric
 * string as the live endpoint sends it. `size` is clamped to 1..250 (default 20), as the
 * live one does (npm/registry-issue-archive#139).
 *
 * The 10,000-result window: the live search sits on Elasticsearch, whose hard
 * `max_result_window` npm enforces on its side (npms-io/queries#7); `total` still reports
 * the full count (ayagmar/pi-extmgr#25 saw total 10,206). The docs do not say what a
 * request past the window gets; we answer 200 with `objects: []` and the true `total` by
 * default (the trap: a pager that loops `while (from < total)` never ends), or a 400 when
 * `pastWindow: "error"`. A page that straddles the window is cut at it.
 */
import { hash32 } from "./random.js";
import { repoUrl } from "./repo-refs.js";
import type { World } from "./world.js";
import type { PackageRecord } from "./world-types.js";

export interface SearchWindow {
  /** Results reachable through `from`/`size`; default 10,000. */
  resultWindow: number;
  pastWindow: "empty" | "error";
}

type Json = Record<string, unknown>;

/** Keywords as the search index holds them: the legacy string form split, empties dropped. */
export function indexedKeywords(pkg: PackageRecord): string[] {
  const raw = typeof pkg.keywords === "string" ? pkg.keywords.split(/[\s,]+/) : (pkg.keywords ?? []);
  return raw.map((k) => k.trim()).filter((k) => k.length > 0);
}

function scores(pkg: PackageRecord): { final: number; popularity: number; quality: number; maintenance: number } {
  const h = hash32(pkg.name);
  const popularity = Math.min(1, Math.log10(pkg.weeklyDownloads + 1) / 6);
  const quality = 0.5 + (h % 1000) / 2000;
  const maintenance = 0.3 + ((h >>> 10) % 1000) / 1500;
  return { final: 0.3 * quality + 0.4 * popularity + 0.3 * maintenance, popularity, quality, maintenance };
}

function licenseOf(pkg: PackageRecord): string | undefined {
  const l = pkg.license;
  if (l.kind === "spdx") return l.license;
  if (l.kind === "legacy-object") return l.license.type;
  return l.kind === "legacy-array" ? l.licenses[0]?.type : undefined;
}

function searchObject(pkg: PackageRecord): Json {
  const s = scores(pkg);
  const latest = pkg.versions.at(-1);
  const repo = pkg.mirrorRefs.find((r) => r.field === "repository");
  const bugs = typeof pkg.bugs === "string" ? pkg.bugs : pkg.bugs && "url" in pkg.bugs ? pkg.bugs.url : undefined;
  const person = (p: { name: string; email: string }): Json => ({ email: p.email, username: p.name });
  return {
    downloads: { monthly: pkg.monthlyDownloads ?? Math.round(pkg.weeklyDownloads * 4.3), weekly: pkg.weeklyDownloads },
    dependents: String(pkg.dependents),
    updated: pkg.modified,
    searchScore: Math.round(s.final * 1e6) / 1e3,
    package: {
      name: pkg.name,
      keywords: indexedKeywords(pkg),
      version: latest?.version,
      description: pkg.description,
      sanitized_name: pkg.name, // unverified field; nothing should depend on it
      publisher: person(pkg.publisher),
      maintainers: pkg.maintainers.map(person),
      license: licenseOf(pkg),
      date: latest?.time,
      links: {
        homepage: pkg.homepage,
        repository: repo ? repoUrl(repo.host, repo.path) : undefined,
        bugs,
        npm: `https://www.npmjs.com/package/${pkg.name}`,
      },
    },
    score: { final: s.final, detail: { popularity: s.popularity, quality: s.quality, maintenance: s.maintenance } },
    flags: { insecure: 0 },
  };
}

export class SearchIndex {
  readonly #world: World;
  readonly #byQuery = new Map<string, PackageRecord[]>();
  #revision = -1;

  constructor(world: World) {
    this.#world = world;
  }

  /**
   * Packages matching `text`, best first. `keywords:a,b` matches either keyword
   * (case-insensitive); other words must appear in the name. Unpublished packages stay
   * listed (the live index lags); deleted ones are gone. Cached per world revision.
   */
  matching(text: string): PackageRecord[] {
    if (this.#revision !== this.#world.revision) this.#byQuery.clear();
    this.#revision = this.#world.revision;
    const cached = this.#byQuery.get(text);
    if (cached) return cached;
    const wanted = new Set<string>();
    const words: string[] = [];
    for (const term of text.toLowerCase().split(/\s+/).filter(Boolean)) {
      if (term.startsWith("keywords:")) for (const k of term.slice(9).split(",")) wanted.add(k);
      else words.push(term);
    }
    const found = [...this.#world.packages()].filter(
      (pkg) =>
        (wanted.size === 0 || indexedKeywords(pkg).some((k) => wanted.has(k.toLowerCase()))) &&
        words.every((w) => pkg.name.toLowerCase().includes(w)),
    );
    const rank = new Map(found.map((pkg) => [pkg, scores(pkg).final]));
    found.sort((a, b) => (rank.get(b) ?? 0) - (rank.get(a) ?? 0) || (a.name < b.name ? -1 : 1));
    this.#byQuery.set(text, found);
    return found;
  }

  /** The body of one search page, or undefined when the request is past the window in "error" mode. */
  page(text: string, from: number, size: number, window: SearchWindow): Json | undefined {
    const all = this.matching(text);
    if (from >= window.resultWindow && window.pastWindow === "error") return undefined;
    const end = Math.min(from + size, window.resultWindow, all.length);
    const objects = from < end ? all.slice(from, end).map((pkg) => this.#world.searchAnswer(pkg.name, searchObject(pkg))) : [];
    return { objects, total: all.length, time: new Date().toUTCString() };
  }
}
