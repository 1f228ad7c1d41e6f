/**
 * Shared by the hostile-input tests (contract section 5, "Untrusted input"): a built site
 * read back raw (no bounds applied on the way, unlike `readSite`, whose snapshot reader
 * bounds every record), every bound checked on every record, and the site's sizes.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { gunzipSync } from "node:zlib";
import type { SnapshotPlugin as RecordWithFacts } from "../../src/snapshot/schema.js";
import type { BuildReport } from "../../src/upstream/report.js";
import type { SnapshotPlugin } from "./support.js";

/** The bounds as docs/API.md#bounds states them, written out again so a changed constant in src/ cannot move them. */
export const LIMITS = {
  name: 200,
  description: 2_000,
  version: 256,
  license: 256,
  homepage: 2_048,
  tags: 100,
  tag: 100,
  readme: 65_536,
  logins: 100,
} as const;

/** The most one file of a site may have: CDNs refuse larger assets (Cloudflare at 25 MiB). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface RawSite {
  /** `/api/catalog.json`'s body, parsed. */
  catalog: { builtAt: string; total: number; plugins: Record<string, unknown>[] };
  /** The snapshot as written, not bounded again on reading. */
  snapshot: { plugins: SnapshotPlugin[] };
  report: BuildReport;
}

export async function readRawSite(dir: string): Promise<RawSite> {
  const manifest = JSON.parse(await readFile(join(dir, "catalog", "manifest.json"), "utf8")) as {
    catalog: string[];
    snapshot: string | string[];
  };
  const join_ = async (parts: readonly string[]) => Buffer.concat(await Promise.all(parts.map((part) => readFile(join(dir, part)))));
  const catalog = JSON.parse((await join_(manifest.catalog)).toString("utf8")) as RawSite["catalog"];
  const snapshotParts = typeof manifest.snapshot === "string" ? [manifest.snapshot] : manifest.snapshot;
  const snapshot = JSON.parse(gunzipSync(await join_(snapshotParts)).toString("utf8")) as RawSite["snapshot"];
  const report = JSON.parse(await readFile(join(dir, "catalog", "report.json"), "utf8")) as BuildReport;
  return { catalog, snapshot, report };
}

export interface SiteSize {
  total: number;
  /** Bytes by kind of file (`catalog/data/postings`, `catalog/pages`, …). */
  byKind: Record<string, number>;
  largest: { path: string; bytes: number };
  files: number;
}

export async function siteSize(dir: string): Promise<SiteSize> {
  const size: SiteSize = { total: 0, byKind: {}, largest: { path: "", bytes: 0 }, files: 0 };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size: bytes } = await stat(path);
    size.total += bytes;
    const kind = relative(dir, path).replace(/^(catalog\/data\/[a-z]+|catalog\/pages|[^/]+).*$/, "$1");
    size.byKind[kind] = (size.byKind[kind] ?? 0) + bytes;
    size.files++;
    if (bytes > size.largest.bytes) size.largest = { path: relative(dir, path), bytes };
  }
  return size;
}

export const codePoints = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** `String.prototype.isWellFormed` (Node 20), which the project's ES2023 lib does not declare. */
export const isWellFormed = (text: string): boolean =>
  (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed.call(text);

// Controls other than tab and line feed: C0, DEL, C1.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function textProblems(field: string, value: unknown, max: number | undefined, problems: string[]): void {
  if (typeof value !== "string") {
    problems.push(`${field} is ${typeof value}`);
    return;
  }
  if (!isWellFormed(value)) problems.push(`${field} has a lone surrogate`);
  if (CONTROL.test(value)) problems.push(`${field} has a control character`);
  if (max !== undefined) {
    const length = codePoints(value);
    if (length > max) problems.push(`${field} has ${length} code points, over ${max}`);
  }
}

const isCount = (value: unknown): boolean => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** Every bound of docs/API.md#bounds a public record (one plugin of `/api/catalog.json`) breaks. */
export function wireProblems(plugin: Record<string, unknown>): string[] {
  const problems: string[] = [];
  textProblems("name", plugin["name"], LIMITS.name, problems);
  textProblems("description", plugin["description"], LIMITS.description, problems);
  textProblems("version", plugin["version"], LIMITS.version, problems);
  textProblems("license", plugin["license"], LIMITS.license, problems);
  textProblems("npmName", plugin["npmName"], 214, problems);
  textProblems("slug", plugin["slug"], undefined, problems);
  const homepage = plugin["homepage"];
  if (homepage !== null) {
    textProblems("homepage", homepage, LIMITS.homepage, problems);
    if (typeof homepage === "string" && !/^https?:\/\/\S+$/i.test(homepage))
      problems.push(`homepage ${JSON.stringify(homepage.slice(0, 80))} is no http(s) URL`);
  }
  const tags = plugin["tags"];
  if (!Array.isArray(tags)) problems.push("tags is no array");
  else {
    if (tags.length > LIMITS.tags) problems.push(`${tags.length} tags, over ${LIMITS.tags}`);
    tags.forEach((tag, i) => {
      textProblems(`tags[${i}]`, tag, LIMITS.tag, problems);
      if (typeof tag === "string" && (tag === "" || tag.trim() !== tag)) problems.push(`tags[${i}] is empty or untrimmed`);
    });
  }
  for (const count of ["totalStars", "totalForks"]) if (!isCount(plugin[count])) problems.push(`${count} is ${String(plugin[count])}`);
  for (const time of ["publishedAt", "updatedAt"]) {
    const value = plugin[time];
    if (typeof value !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)) problems.push(`${time} is ${String(value)}`);
  }
  if (typeof plugin["hasWebUi"] !== "boolean") problems.push("hasWebUi is no boolean");
  return problems;
}

/** The bounds on what a record carries but never shows: searchable README, creator logins, mirror counts. */
export function snapshotProblems(plugin: SnapshotPlugin): string[] {
  const problems = wireProblems(plugin as unknown as Record<string, unknown>);
  textProblems("readme", plugin.readme, LIMITS.readme, problems);
  if (plugin.creators.length > LIMITS.logins) problems.push(`${plugin.creators.length} creators, over ${LIMITS.logins}`);
  plugin.creators.forEach((login, i) => {
    textProblems(`creators[${i}]`, login, 256, problems);
  });
  for (const mirror of plugin.mirrors) {
    if (!isCount(mirror.stars) || !isCount(mirror.forks)) problems.push(`mirror ${mirror.path} counts ${mirror.stars}/${mirror.forks}`);
    if (mirror.path.split("/").some((segment) => segment === "." || segment === ".." || segment === ""))
      problems.push(`mirror path ${JSON.stringify(mirror.path)}`);
  }
  factProblems(plugin as unknown as RecordWithFacts, problems);
  return problems;
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY = /^\d{4}-\d\d-\d\d$/;

/** The bounds of contract section 11's facts: counts, versions and ranges as long as `version`, dates in one format, few weeks and releases. */
function factProblems(plugin: RecordWithFacts, problems: string[]): void {
  const { downloads, releases, engines, trust } = plugin;
  if (downloads !== undefined) {
    if (!isCount(downloads.lastWeek) || !isCount(downloads.lastMonth))
      problems.push(`downloads ${downloads.lastWeek}/${downloads.lastMonth}`);
    if (downloads.weekly.length > 26) problems.push(`${downloads.weekly.length} weeks of downloads, over 26`);
    for (const week of downloads.weekly) if (!DAY.test(week.date) || !isCount(week.count)) problems.push(`weekly ${JSON.stringify(week)}`);
  }
  if (plugin.dependents !== undefined && !isCount(plugin.dependents)) problems.push(`dependents ${plugin.dependents}`);
  if (releases !== undefined) {
    if (!isCount(releases.count) || releases.recent.length > 10 || releases.times.length > 10_000)
      problems.push(`releases ${releases.count}, ${releases.recent.length} recent, ${releases.times.length} times`);
    releases.recent.forEach((release, i) => {
      textProblems(`releases.recent[${i}].version`, release.version, LIMITS.version, problems);
      if (release.version === "" || !TIMESTAMP.test(release.publishedAt)) problems.push(`releases.recent[${i}] ${JSON.stringify(release)}`);
    });
    if (!releases.times.every((time) => TIMESTAMP.test(time))) problems.push("releases.times holds no timestamp");
  }
  for (const key of ["node", "host"] as const)
    if (engines !== undefined && engines[key] !== null) textProblems(`engines.${key}`, engines[key], LIMITS.version, problems);
  if (trust !== undefined && (typeof trust.provenance !== "boolean" || typeof trust.installScripts !== "boolean"))
    problems.push("trust is no booleans");
  for (const mirror of plugin.mirrors) {
    if (mirror.url !== undefined) {
      textProblems(`mirror ${mirror.path} url`, mirror.url, LIMITS.homepage, problems);
      if (!/^https?:\/\/\S+$/i.test(mirror.url)) problems.push(`mirror ${mirror.path} url ${JSON.stringify(mirror.url.slice(0, 80))}`);
    }
    if (typeof mirror.defaultBranch === "string")
      textProblems(`mirror ${mirror.path} defaultBranch`, mirror.defaultBranch, LIMITS.version, problems);
    if (typeof mirror.pushedAt === "string" && !TIMESTAMP.test(mirror.pushedAt))
      problems.push(`mirror ${mirror.path} pushedAt ${mirror.pushedAt}`);
    if (mirror.openIssues !== undefined && !isCount(mirror.openIssues))
      problems.push(`mirror ${mirror.path} openIssues ${mirror.openIssues}`);
    if (mirror.archived !== undefined && typeof mirror.archived !== "boolean") problems.push(`mirror ${mirror.path} archived`);
  }
}

/** Problems of every record, keyed by npm name; empty when all are within bounds. */
export function siteProblems(site: RawSite): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (name: unknown, problems: string[]) => {
    if (problems.length > 0) out[String(name)] = [...(out[String(name)] ?? []), ...problems];
  };
  for (const plugin of site.catalog.plugins) add(plugin["npmName"], wireProblems(plugin));
  for (const plugin of site.snapshot.plugins) add(plugin.npmName, snapshotProblems(plugin));
  const slugs = site.catalog.plugins.map((p) => p["slug"]);
  if (new Set(slugs).size !== slugs.length) add("(catalog)", ["two records share a slug"]);
  return out;
}

/** Each public record as the bytes `/api/catalog.json` holds for it, by npm name. */
export function wireRecords(site: RawSite): Map<string, string> {
  return new Map(site.catalog.plugins.map((p) => [String(p["npmName"]), JSON.stringify(p)]));
}

/** The contract's cleaning, code unit by code unit: a pair is kept, a lone surrogate becomes U+FFFD, controls but tab and line feed go. */
export function modelClean(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += text.slice(i, i + 2);
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) out += "\ufffd";
    else if (!CONTROL.test(text[i] ?? "")) out += text[i];
  }
  return out;
}

/** The contract's cut: at most `max` code points, a longer text cut at a code-point boundary and ending with "…". */
export function modelCut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

/** The contract's tags from a manifest's `keywords`: an array, or a string split at commas and white space; then cleaned, trimmed, first spelling, at most 100 of at most 100 characters. */
export function modelTags(keywords: unknown): string[] {
  const list: unknown[] = typeof keywords === "string" ? keywords.split(/[\s,]+/) : Array.isArray(keywords) ? keywords : [];
  const out: string[] = [];
  for (const keyword of list) {
    if (out.length === LIMITS.tags) break;
    if (typeof keyword !== "string") continue;
    const tag = modelClean(keyword).trim();
    if (tag === "" || codePoints(tag) > LIMITS.tag || out.some((t) => t.toLowerCase() === tag.toLowerCase())) continue;
    out.push(tag);
  }
  return out;
}

/** About `bytes` of distinct words, a paragraph every 100. */
export function textOfDistinctWords(bytes: number): string {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const word = `zq${i.toString(36)}x`;
    words.push(i % 100 === 99 ? `${word}\n\n` : word);
    length += word.length + 1;
  }
  return words.join(" ");
}
