/**
 * What a full packument says about one catalog member (docs/API.md#field-derivations):
 * pure, so every derivation rule is unit-tested on plain objects. Anything
 * the registry documents as possible but odd (legacy license forms, keyword
 * strings) is accepted; anything that makes a record meaningless (no latest
 * version, no dates) makes it malformed.
 */
import { z } from "zod";
import { BOUNDS, boundedLogins, boundedReadme, boundedTags, boundedText, cleanText, isLongerThan } from "../../core/bounds.js";
import type { Releases } from "../../snapshot/schema.js";
import { type MirrorRef, mirrorFromRepository, mirrorFromWebUrl, mirrorKey } from "../mirrors/parse.js";
import { isDate } from "./dates.js";
import { DEFAULT_DISPLAY_NAME_PATHS, displayNameAt } from "./display-name.js";
import { type Engines, enginesOf, type Trust, trustOf } from "./manifest-facts.js";
import { releasesOf } from "./releases.js";

export const NO_README = "ERROR: No README data found!";

export interface PackageRecord {
  readonly npmName: string;
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly license: string;
  readonly homepage: string | null;
  readonly publishedAt: string;
  readonly updatedAt: string;
  readonly tags: string[];
  readonly readme: string;
  /** The README was longer than `BOUNDS.readme` code points: `readme` is its head. */
  readonly readmeCut: boolean;
  /** npm logins: the packument's maintainers and the latest version's publisher. */
  readonly npmLogins: string[];
  readonly mirrors: MirrorRef[];
  /** The facts of docs/API.md#releases and #engines-and-trust; absent only in a record kept from an older snapshot. */
  readonly releases?: Releases;
  readonly engines?: Engines;
  readonly trust?: Trust;
}

export type Derivation =
  | { readonly kind: "member"; readonly record: PackageRecord }
  | { readonly kind: "unpublished" | "deprecated" }
  | { readonly kind: "malformed"; readonly reason: string };

const timestamp = z.string().refine((value) => isDate(value), "not a date");
const packumentSchema = z.object({
  name: z.string().min(1),
  "dist-tags": z.object({ latest: z.string().min(1) }),
  // Only the latest version's manifest is read: an odd old version leaves the package alone.
  versions: z.record(z.string(), z.unknown()),
  time: z.record(z.string(), z.unknown()).and(z.object({ created: timestamp })),
  maintainers: z.unknown().optional(),
  readme: z.unknown().optional(),
});

/** What the configuration says about deriving a record (docs/API.md#field-derivations). */
export interface DerivationRules {
  /** Dotted paths into the latest manifest, tried in order for `name`. */
  readonly displayName: readonly string[];
  /** Config `compatibility.ranges`: dotted paths tried in order for `engines.host`; none when no host is configured. */
  readonly hostRanges: readonly string[];
}

const DEFAULT_RULES: DerivationRules = { displayName: DEFAULT_DISPLAY_NAME_PATHS, hostRanges: [] };

/**
 * @param readAt when the packument was read (epoch ms): `releases.times` reaches a year back from it
 */
export function derivePackage(packument: unknown, rules: DerivationRules = DEFAULT_RULES, readAt = Date.now()): Derivation {
  if (isUnpublished(packument)) return { kind: "unpublished" };
  const parsed = packumentSchema.safeParse(packument);
  if (!parsed.success) return { kind: "malformed", reason: describe(parsed.error) };
  const doc = parsed.data;
  const version = doc["dist-tags"].latest;
  const manifest = Object.hasOwn(doc.versions, version) ? doc.versions[version] : undefined;
  if (manifest === undefined) return { kind: "malformed", reason: `dist-tags.latest ${quoted(version)} is not in versions` };
  if (!isManifest(manifest)) return { kind: "malformed", reason: `versions[${quoted(version)}] is not an object` };
  const published = Object.hasOwn(doc.time, version) ? doc.time[version] : undefined;
  if (typeof published !== "string" || !isDate(published))
    return { kind: "malformed", reason: `time[${quoted(version)}] is missing or not a date` };
  if (isDeprecated(manifest["deprecated"])) return { kind: "deprecated" };
  const badName = badPackageName(doc.name);
  if (badName !== undefined) return { kind: "malformed", reason: badName };
  return {
    kind: "member",
    record: {
      npmName: doc.name,
      name: boundedText(displayNameAt(manifest, rules.displayName) ?? doc.name, BOUNDS.name),
      description: typeof manifest["description"] === "string" ? boundedText(manifest["description"], BOUNDS.description) : "",
      version: boundedText(version, BOUNDS.version),
      license: boundedText(licenseOf(manifest), BOUNDS.license),
      homepage: httpUrl(manifest["homepage"]),
      publishedAt: new Date(doc.time.created).toISOString(),
      updatedAt: new Date(published).toISOString(),
      tags: tagsOf(manifest["keywords"]),
      readme: readmeOf(doc.readme),
      readmeCut: typeof doc.readme === "string" && doc.readme !== NO_README && isLongerThan(doc.readme, BOUNDS.readme),
      npmLogins: loginsOf(Array.isArray(doc.maintainers) ? doc.maintainers : [], manifest["_npmUser"]),
      mirrors: mirrorsOf(manifest),
      releases: releasesOf(doc.versions, doc.time, readAt),
      engines: enginesOf(manifest, rules.hostRanges),
      trust: trustOf(manifest),
    },
  };
}

/** The name is the record's key (its slug, its registry path): it is refused, never cut or cleaned. */
function badPackageName(name: string): string | undefined {
  if (isLongerThan(name, BOUNDS.npmName)) return `name is longer than ${BOUNDS.npmName} characters`;
  if (cleanText(name) !== name || name.trim() !== name) return "name has control characters, white space at an end or a lone surrogate";
  return undefined;
}

function readmeOf(readme: unknown): string {
  return typeof readme !== "string" || readme === NO_README ? "" : boundedReadme(readme);
}

function isManifest(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value from the packument, shown in a reason: JSON-quoted and cut, whatever it holds. */
function quoted(value: string): string {
  return JSON.stringify(boundedText(value, 80));
}

function isUnpublished(packument: unknown): boolean {
  const doc = packument as { time?: { unpublished?: unknown }; versions?: unknown } | null;
  return typeof doc === "object" && doc !== null && doc.time?.unpublished !== undefined;
}

function isDeprecated(value: unknown): boolean {
  return value === true || (typeof value === "string" && value.length > 0);
}

/** SPDX string; legacy `{ type }`; legacy `licenses: [{ type }]` joined with " OR ". */
export function licenseOf(manifest: Record<string, unknown>): string {
  const license = manifest["license"];
  if (typeof license === "string") return license.trim();
  const legacyType = typeOf(license);
  if (legacyType !== undefined) return legacyType;
  const licenses = manifest["licenses"];
  if (!Array.isArray(licenses)) return "";
  // Past the bound the rest would be cut away: a list of a million entries costs no more than a few.
  const types: string[] = [];
  let length = 0;
  for (let i = 0; i < licenses.length && length <= BOUNDS.license; i++) {
    const type = typeOf(licenses[i]);
    if (type === undefined) continue;
    types.push(type);
    length += type.length + 4;
  }
  return types.join(" OR ");
}

function typeOf(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  const type = typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  return typeof type === "string" && type.trim() !== "" ? type.trim() : undefined;
}

/** An http(s) URL with no white space inside, at most `BOUNDS.homepage` long; anything else is no homepage. */
function httpUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > BOUNDS.homepage * 2) return null;
  const text = cleanText(value).trim();
  if (isLongerThan(text, BOUNDS.homepage) || /\s/.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? text : null;
  } catch {
    return null;
  }
}

/** An array, or a string split at commas and white space; then `boundedTags`. */
export function tagsOf(keywords: unknown): string[] {
  return boundedTags(typeof keywords === "string" ? keywords.split(/[\s,]+/) : Array.isArray(keywords) ? keywords : []);
}

/** The maintainers' names, then the publisher's (`boundedLogins`). */
function loginsOf(people: readonly unknown[], npmUser: unknown): string[] {
  // Only as many people as could give the logins kept: a list of a million maintainers costs no more.
  const candidates = people.slice(0, BOUNDS.logins * 2).map(nameOf);
  candidates.push(nameOf(npmUser));
  return boundedLogins(candidates);
}

const nameOf = (person: unknown): unknown =>
  typeof person === "object" && person !== null ? (person as { name?: unknown }).name : undefined;

/** The config's extra mirrors are added later, per build (mirror-counts.ts), so yesterday's record stays reusable. */
function mirrorsOf(manifest: Record<string, unknown>): MirrorRef[] {
  const candidates = [
    mirrorFromRepository(manifest["repository"]),
    mirrorFromWebUrl(manifest["homepage"]),
    mirrorFromWebUrl(manifest["bugs"]),
  ];
  const unique = new Map<string, MirrorRef>();
  for (const mirror of candidates) if (mirror !== undefined && !unique.has(mirrorKey(mirror))) unique.set(mirrorKey(mirror), mirror);
  return [...unique.values()];
}

function describe(error: z.ZodError): string {
  const reason = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(document)"}: ${issue.message}`)
    .join("; ");
  return boundedText(reason, 300);
}
