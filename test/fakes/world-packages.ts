/**
 * Generates one package of the world from (seed, index): name, versions and their times,
 * keywords, license, people, flags, and (through world-mirrors) its repositories. The
 * odd-but-real shapes appear at fixed rates, so any world of a few hundred packages has
 * each of them.
 */
import { type Rng, rngFor } from "./random.js";
import { PEOPLE, SCOPES, TAGS, WORDS } from "./vocabulary.js";
import { drawFacts } from "./world-facts.js";
import { type MirrorContext, mirrorFields } from "./world-mirrors.js";
import type { LicenseField, PackageRecord, Person, VersionRecord } from "./world-types.js";

export interface GenContext extends MirrorContext {
  seed: number;
  keywords: readonly string[];
  epochMs: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const NAME_WORDS = WORDS.filter((w) => /^[a-z0-9]+$/.test(w) && w.length > 3);

function packageName(rng: Rng, index: number): { name: string; base: string } {
  const base = `${rng.pick(NAME_WORDS)}-${rng.pick(NAME_WORDS)}-${index.toString(36)}`;
  const roll = rng.float();
  if (roll < 0.15) return { name: `@${rng.pick(SCOPES)}/${base}`, base };
  if (roll < 0.16) return { name: `Legacy-${base.toUpperCase()}`, base }; // pre-2017 names may have capitals
  return { name: base, base };
}

function versions(rng: Rng, epochMs: number): VersionRecord[] {
  const count = 1 + Math.floor(rng.float() ** 2 * 8);
  // Draw in minutes: ranges past 2^32 send pure-rand down a path ~50x slower.
  const spanMinutes = rng.int(30, 5 * 365) * (DAY / MINUTE);
  const created = epochMs - spanMinutes * MINUTE - rng.int(0, MINUTE - 1);
  const times = [created];
  for (let i = 1; i < count; i++) times.push(created + rng.int(1, spanMinutes - DAY / MINUTE) * MINUTE + rng.int(0, MINUTE - 1));
  times.sort((a, b) => a - b);
  let [major, minor, patch] = rng.chance(0.5) ? [0, 1, 0] : [1, 0, 0];
  return times.map((ms, i) => {
    if (i > 0) {
      const bump = rng.float();
      if (bump < 0.1) [major, minor, patch] = [major + 1, 0, 0];
      else if (bump < 0.35) [minor, patch] = [minor + 1, 0];
      else patch += 1;
    }
    return { version: `${major}.${minor}.${patch}`, time: new Date(ms).toISOString() };
  });
}

function keywords(rng: Rng, worldKeywords: readonly string[]): string[] | string {
  const list = [rng.pick(worldKeywords)];
  if (worldKeywords.length > 1 && rng.chance(0.1)) list.push(rng.pick(worldKeywords));
  for (let i = rng.int(0, 4); i > 0; i--) list.splice(rng.int(0, list.length), 0, rng.pick(TAGS));
  if (rng.chance(0.05)) list.push(rng.pick(["", "  padded  "]));
  const form = rng.float();
  if (form < 0.85) return list;
  return form < 0.95 ? list.join(", ") : list.map((k) => k.trim()).join(" ");
}

function license(rng: Rng): LicenseField {
  const roll = rng.float();
  if (roll < 0.7) return { kind: "spdx", license: "MIT" };
  if (roll < 0.8) return { kind: "spdx", license: rng.pick(["Apache-2.0", "ISC", "(MIT OR Apache-2.0)", "GPL-3.0-only"]) };
  if (roll < 0.87) return { kind: "legacy-object", license: { type: "MIT", url: "https://opensource.org/licenses/MIT" } };
  if (roll < 0.92) {
    const types = rng.chance(0.5) ? ["MIT"] : ["MIT", "Apache-2.0"];
    return { kind: "legacy-array", licenses: types.map((type) => ({ type, url: `https://opensource.org/licenses/${type}` })) };
  }
  return { kind: "none" };
}

function people(rng: Rng): Person[] {
  const names = new Set<string>();
  for (let i = rng.int(1, 3); i > 0; i--) names.add(rng.pick(PEOPLE));
  return [...names].map((name) => ({ name, email: `${name}@example.org` }));
}

function titleCase(base: string): string {
  return base
    .split("-")
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Package number `index` of the world described by `ctx`. */
export function generatePackage(ctx: GenContext, index: number): PackageRecord {
  const rng = rngFor(ctx.seed, "package", index);
  const { name, base } = packageName(rng, index);
  const history = versions(rng, ctx.epochMs);
  const maintainers = people(rng);
  const first = history[0];
  const last = history[history.length - 1];
  if (!first || !last) throw new Error("a package has at least one version");
  const { facts, versions: published } = drawFacts(ctx.seed, index, history);
  const record: PackageRecord = {
    index,
    name,
    description: rng.chance(0.9) ? `${titleCase(base)}: ${rng.pick(WORDS)} ${rng.pick(WORDS)} for your boat.` : undefined,
    keywords: keywords(rng, ctx.keywords),
    license: license(rng),
    displayName: rng.chance(0.2) ? titleCase(base) : rng.chance(0.04) ? "" : undefined,
    maintainers,
    publisher: rng.pick(maintainers),
    versions: published,
    created: first.time,
    modified: last.time,
    deprecated: rng.chance(0.03) ? { version: last.version, message: `No longer maintained; use ${base}-ng` } : undefined,
    unpublished: undefined,
    hasReadme: rng.chance(0.95),
    weeklyDownloads: Math.floor(Math.exp(rng.float() * 12)),
    dependents: Math.floor(Math.exp(rng.float() * 5)) - 1,
    facts,
    rev: 1,
    ...mirrorFields(rng, ctx, base, index),
  };
  if (rng.chance(0.02)) {
    const time = new Date(Date.parse(last.time) + DAY).toISOString();
    record.unpublished = { time, versions: published.map((v) => v.version), latest: last.version };
    record.modified = time;
  }
  return record;
}
