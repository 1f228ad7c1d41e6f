/**
 * The manifest fields of contract section 11 for one package: Node.js and
 * host ranges (Node-RED's two conventions, `"node-red": { version }` and
 * `engines["node-red"]`, some valid, some not), install scripts and
 * provenance; and for some packages a release candidate published before
 * the latest version. Drawn from their own stream per package (`facts`), so
 * adding them changed no other value a seed gives.
 */
import { type Rng, rngFor } from "./random.js";
import type { PackageFacts, VersionRecord } from "./world-types.js";

const NODE_RANGES = [">=14", ">=16.0.0", "^18 || ^20", ">=20.19", "18.x", "node >= 12"];
const HOST_FIELD_RANGES = [">=3.0.0", ">=2.0.0", "^4.0.0", ">=1.3.7", "3.x || 4.x"];
const HOST_ENGINE_RANGES = [">=3", "^3.1 || ^4", ">=4.0.0-beta.1", "*"];

/** The facts of package `index`, and the versions with a release candidate put in where one fits. */
export function drawFacts(seed: number, index: number, versions: VersionRecord[]): { facts: PackageFacts; versions: VersionRecord[] } {
  const rng = rngFor(seed, "facts", index);
  const facts: PackageFacts = { provenance: rng.chance(0.15) };
  const engines = enginesOf(rng);
  if (engines !== undefined) facts.engines = engines;
  const host = rng.float();
  if (host < 0.25) facts.nodeRed = { version: rng.pick(HOST_FIELD_RANGES) };
  else if (host < 0.4) facts.engines = { ...facts.engines, "node-red": rng.pick(HOST_ENGINE_RANGES) };
  else if (host < 0.45) {
    // The first path holds no valid range: the second one is the package's.
    facts.nodeRed = { version: rng.pick(["latest", "not a range", 3]) };
    facts.engines = { ...facts.engines, "node-red": ">=3" };
  }
  const scripts = scriptsOf(rng);
  if (scripts !== undefined) facts.scripts = scripts;
  if (rng.chance(0.03)) facts.hasInstallScript = true;
  return { facts, versions: rng.chance(0.12) ? withReleaseCandidate(versions) : versions };
}

function enginesOf(rng: Rng): Record<string, unknown> | undefined {
  const roll = rng.float();
  if (roll < 0.55) return { node: rng.pick(NODE_RANGES) };
  if (roll < 0.6) return { npm: ">=9" };
  return roll < 0.62 ? { node: 20 } : undefined;
}

function scriptsOf(rng: Rng): Record<string, unknown> | undefined {
  const roll = rng.float();
  if (roll < 0.08) return { test: "mocha", postinstall: "node setup.js" };
  if (roll < 0.11) return { install: "node-gyp rebuild" };
  if (roll < 0.13) return { test: "mocha", preinstall: "" };
  return roll < 0.8 ? { test: "mocha" } : undefined;
}

/** `<latest>-rc.1`, an hour before the latest, when the one before it is older still. */
function withReleaseCandidate(versions: VersionRecord[]): VersionRecord[] {
  const latest = versions.at(-1);
  const previous = versions.at(-2);
  if (latest === undefined || previous === undefined) return versions;
  const at = Date.parse(latest.time) - 3_600_000;
  if (at <= Date.parse(previous.time)) return versions;
  return [...versions.slice(0, -1), { version: `${latest.version}-rc.1`, time: new Date(at).toISOString() }, latest];
}
