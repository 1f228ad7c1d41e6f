/**
 * What a full packument says about one catalog member (docs/API.md#field-derivations):
 * pure, so every derivation rule is unit-tested on plain objects. Anything
 * the registry documents as possible but odd (legacy license forms, keyword
 * strings) is accepted; anything that makes a record meaningless (no latest
 * version, no dates) makes it malformed.
 */
import { z } from "zod";
import { type MirrorRef, mirrorFromRepository, mirrorFromWebUrl, mirrorKey } from "../mirrors/parse.js";
import { DEFAULT_DISPLAY_NAME_PATHS, displayNameAt } from "./display-name.js";

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
  /** npm logins: the packument's maintainers and the latest version's publisher. */
  readonly npmLogins: string[];
  readonly mirrors: MirrorRef[];
}

export type Derivation =
  | { readonly kind: "member"; readonly record: PackageRecord }
  | { readonly kind: "unpublished" | "deprecated" }
  | { readonly kind: "malformed"; readonly reason: string };

const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "not a date");
const packumentSchema = z.object({
  name: z.string().min(1),
  "dist-tags": z.object({ latest: z.string().min(1) }),
  versions: z.record(z.string(), z.record(z.string(), z.unknown())),
  time: z.record(z.string(), z.unknown()).and(z.object({ created: timestamp })),
  maintainers: z.array(z.unknown()).optional(),
  readme: z.unknown().optional(),
});

/** What the configuration says about deriving a record (docs/API.md#field-derivations). */
export interface DerivationRules {
  /** Dotted paths into the latest manifest, tried in order for `name`. */
  readonly displayName: readonly string[];
}

const DEFAULT_RULES: DerivationRules = { displayName: DEFAULT_DISPLAY_NAME_PATHS };

export function derivePackage(packument: unknown, rules: DerivationRules = DEFAULT_RULES): Derivation {
  if (isUnpublished(packument)) return { kind: "unpublished" };
  const parsed = packumentSchema.safeParse(packument);
  if (!parsed.success) return { kind: "malformed", reason: describe(parsed.error) };
  const doc = parsed.data;
  const version = doc["dist-tags"].latest;
  const manifest = doc.versions[version];
  if (manifest === undefined) return { kind: "malformed", reason: `dist-tags.latest ${version} is not in versions` };
  const published = doc.time[version];
  if (typeof published !== "string" || Number.isNaN(Date.parse(published)))
    return { kind: "malformed", reason: `time["${version}"] is missing or not a date` };
  if (isDeprecated(manifest["deprecated"])) return { kind: "deprecated" };
  return {
    kind: "member",
    record: {
      npmName: doc.name,
      name: displayNameAt(manifest, rules.displayName) ?? doc.name,
      description: typeof manifest["description"] === "string" ? manifest["description"] : "",
      version,
      license: licenseOf(manifest),
      homepage: httpUrl(manifest["homepage"]),
      publishedAt: new Date(doc.time.created).toISOString(),
      updatedAt: new Date(published).toISOString(),
      tags: tagsOf(manifest["keywords"]),
      readme: typeof doc.readme === "string" && doc.readme !== NO_README ? doc.readme : "",
      npmLogins: loginsOf(doc.maintainers, manifest["_npmUser"]),
      mirrors: mirrorsOf(manifest),
    },
  };
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
  if (Array.isArray(licenses))
    return licenses
      .map(typeOf)
      .filter((type): type is string => type !== undefined)
      .join(" OR ");
  return "";
}

function typeOf(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  const type = typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  return typeof type === "string" && type.trim() !== "" ? type.trim() : undefined;
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? value.trim() : null;
  } catch {
    return null;
  }
}

/** An array, or a string split at commas and white space; trimmed, de-duplicated case-insensitively. */
export function tagsOf(keywords: unknown): string[] {
  const raw =
    typeof keywords === "string"
      ? keywords.split(/[\s,]+/)
      : Array.isArray(keywords)
        ? keywords.filter((k): k is string => typeof k === "string")
        : [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of raw.map((k) => k.trim())) {
    const key = tag.toLowerCase();
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

function loginsOf(maintainers: readonly unknown[] | undefined, npmUser: unknown): string[] {
  const names = [...(maintainers ?? []), npmUser].map((person) =>
    typeof person === "object" && person !== null ? (person as { name?: unknown }).name : undefined,
  );
  return [...new Set(names.filter((name): name is string => typeof name === "string" && name !== ""))];
}

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
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(document)"}: ${issue.message}`)
    .join("; ");
}
