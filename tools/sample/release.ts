/**
 * Manifest fields with skewed but simple distributions: version, license,
 * homepage, and the registry validators a real fetch would keep.
 */
import type { SnapshotPlugin } from "../../src/snapshot/schema.js";
import type { Random } from "./random.js";
import { WeightedTable } from "./weighted.js";

const majors = new WeightedTable<number>([
  [0, 25],
  [1, 35],
  [2, 15],
  [3, 9],
  [4, 6],
  [5, 4],
  [6, 2],
  [7, 1],
  [8, 1],
  [9, 1],
  [10, 1],
]);
const PRERELEASES = ["alpha", "beta", "rc", "next"];

const licenses = new WeightedTable<string>([
  ["MIT", 57],
  ["Apache-2.0", 15],
  ["ISC", 12],
  ["(MIT OR Apache-2.0)", 5],
  ["", 5],
  ["BSD-3-Clause", 3],
  ["GPL-3.0-only", 2],
  ["MPL-2.0", 1],
]);

export function version(random: Random): string {
  const major = majors.draw(random);
  // Small minors and patches are far more common than large ones.
  const minor = Math.floor(random.float() ** 2 * 24);
  const patch = Math.floor(random.float() ** 3 * 40);
  const base = `${major}.${minor}.${patch}`;
  return random.chance(0.06) ? `${base}-${random.pick(PRERELEASES)}.${random.int(0, 12)}` : base;
}

export function license(random: Random): string {
  return licenses.draw(random);
}

/** About 30% null; otherwise the repository's README anchor (what `npm init` writes) or a project site. */
export function homepage(random: Random, repositoryUrl: string | undefined, npmName: string): string | null {
  if (random.chance(0.3)) return null;
  const site = npmName.replace(/^@/, "").replace(/[/_.]/g, "-").toLowerCase();
  if (repositoryUrl !== undefined && random.chance(0.75)) return `${repositoryUrl}#readme`;
  return random.chance(0.5) ? `https://${site}.example.dev/` : `https://docs.example.com/plugins/${site}`;
}

/** Omitted for some packages (first fetch, or a registry that sent none), else a strong ETag. */
export function registry(random: Random): SnapshotPlugin["registry"] {
  return random.chance(0.25) ? undefined : { etag: `"${random.hex(32)}"` };
}
