/**
 * The order of version strings that tie on their publication time
 * (docs/API.md#releases): npm's semver order when both parse with `semver`
 * (strict, as npm publishes them), else plain code-unit order. Comparing a
 * version that parses with one that does not by code units would make the
 * order cyclic (1.10.0 > 1.9.0 by semver, "1.5x" between them by code
 * units), so the two kinds are kept apart: every version that parses ranks
 * above every one that does not.
 */
import { parse, type SemVer } from "semver";

/** A version string with its semver parse, made once however often it is compared. */
export class RankedVersion {
  #parsed: SemVer | null | undefined;

  constructor(readonly version: string) {}

  get semver(): SemVer | null {
    this.#parsed ??= parse(this.version);
    return this.#parsed;
  }
}

/** Positive when `a` ranks above `b` (a later version), negative below, 0 only for the same string. */
export function compareVersions(a: RankedVersion, b: RankedVersion): number {
  const [x, y] = [a.semver, b.semver];
  if (x !== null && y === null) return 1;
  if (x === null && y !== null) return -1;
  // A leading "v" can make two strings the same semver: code units settle it.
  // SemVer#compareBuild compares build metadata only: `compare` first.
  const bySemver = x !== null && y !== null ? x.compare(y) || x.compareBuild(y) : 0;
  return bySemver !== 0 ? bySemver : codeUnitOrder(a.version, b.version);
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
