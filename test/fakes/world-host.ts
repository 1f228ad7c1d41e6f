/**
 * The host a catalog's plugins run in (config `compatibility`), as a package
 * of the world: hundreds of versions in semver order, a few betas before each
 * major, and a beta of the next major published after the latest release,
 * which `next` points to (as Node-RED's dist-tags do). Not listed by the
 * catalog's keywords. Deterministic, no random stream.
 */
import type { PackageRecord, VersionRecord } from "./world-types.js";

const DAY_MS = 86_400_000;

/** `count` versions (at least 2), the last published 30 days before `epochMs`, five days apart. */
export function hostPackage(name: string, count: number, epochMs: number): PackageRecord {
  const versions = hostVersions(Math.max(2, count), epochMs);
  const stable = versions.filter((v) => !v.version.includes("-")).at(-1);
  const last = versions.at(-1);
  const first = versions[0];
  if (stable === undefined || last === undefined || first === undefined) throw new Error("a host has a stable version");
  const team = { name: `${name.replace(/^@[^/]+\//, "")}-team`, email: "team@example.org" };
  return {
    index: -1,
    name,
    description: `The ${name} runtime`,
    keywords: ["runtime", "flow"],
    license: { kind: "spdx", license: "Apache-2.0" },
    homepage: `https://${name.replace(/[@/]/g, "")}.example.org/`,
    repository: undefined,
    bugs: undefined,
    displayName: undefined,
    maintainers: [team],
    publisher: team,
    versions,
    created: first.time,
    modified: last.time,
    deprecated: undefined,
    unpublished: undefined,
    hasReadme: false,
    mirrorRefs: [],
    weeklyDownloads: 120_000,
    dependents: 4_000,
    facts: { provenance: true, engines: { node: ">=18.5" } },
    distTags: { latest: stable.version, next: last.version },
    rev: 1,
  };
}

function hostVersions(count: number, epochMs: number): VersionRecord[] {
  const names: string[] = [];
  let [major, minor, patch] = [0, 1, 0];
  for (let i = 0; names.length < count - 1; i++) {
    if (i > 0 && i % 60 === 0) {
      for (let beta = 1; beta <= 3 && names.length < count - 1; beta++) names.push(`${major + 1}.0.0-beta.${beta}`);
      [major, minor, patch] = [major + 1, 0, 0];
    } else if (i > 0 && i % 8 === 0) [minor, patch] = [minor + 1, 0];
    else if (i > 0) patch++;
    if (names.length < count - 1) names.push(`${major}.${minor}.${patch}`);
  }
  names.push(`${major + 1}.0.0-beta.1`);
  const end = epochMs - 30 * DAY_MS;
  return names.map((version, i) => ({ version, time: new Date(end - (names.length - 1 - i) * 5 * DAY_MS).toISOString() }));
}
