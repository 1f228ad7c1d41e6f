/**
 * For each host version, the plugins that `compat` drops (docs/API.md#compat):
 * those whose declared range does not include it. npm's semver decides, not
 * loose, a prerelease version matched with prereleases included; a plugin
 * whose range is missing or not valid is never dropped (it is not known to
 * fail). Versions that drop the same plugins share one set: a host with
 * hundreds of versions gives a few dozen sets, not hundreds.
 */
import semver from "semver";

export interface DropSets {
  /** The distinct sets, each in ascending ordinals, in the order their first version comes. */
  readonly sets: readonly (readonly number[])[];
  /** `setOf[i]`: the index of the set `versions[i]` drops. */
  readonly setOf: readonly number[];
}

/**
 * @param versions versions that `semver.parse` accepts
 * @param rangeOf each plugin's declared range, by ordinal (null: none)
 * @example
 * dropSets(["2.0.0", "1.0.0"], ["^1", null, ">=2"]) // { sets: [[0], [2]], setOf: [0, 1] }
 */
export function dropSets(versions: readonly string[], rangeOf: readonly (string | null)[]): DropSets {
  const ranges = distinctRanges(rangeOf);
  const sets: number[][] = [];
  const indexOf = new Map<string, number>();
  const setOf = versions.map((text) => {
    const version = new semver.SemVer(text);
    const prerelease = version.prerelease.length > 0;
    // One bit per distinct range that excludes the version: equal patterns are equal sets.
    const excluding = new Uint16Array(Math.ceil(ranges.length / 16));
    ranges.forEach((range, i) => {
      if (!range.includes(version, prerelease)) excluding[i >>> 4]! |= 1 << (i & 15);
    });
    const pattern = Buffer.from(excluding.buffer).toString("base64");
    let index = indexOf.get(pattern);
    if (index === undefined) {
      indexOf.set(pattern, (index = sets.length));
      sets.push(ranges.flatMap((range, i) => (bitAt(excluding, i) ? range.ordinals : [])).sort((a, b) => a - b));
    }
    return index;
  });
  return { sets, setOf };
}

const bitAt = (bits: Uint16Array, i: number): boolean => (bits[i >>> 4]! & (1 << (i & 15))) !== 0;

/** A range as plugins declare it, parsed once for releases and once, when asked, for prereleases. */
class DeclaredRange {
  readonly ordinals: number[] = [];
  private forPrereleases: semver.Range | undefined;

  constructor(
    private readonly text: string,
    private readonly forReleases: semver.Range,
  ) {}

  includes(version: semver.SemVer, prerelease: boolean): boolean {
    if (!prerelease) return this.forReleases.test(version);
    this.forPrereleases ??= new semver.Range(this.text, { includePrerelease: true });
    return this.forPrereleases.test(version);
  }
}

/** The valid ranges, each with the plugins that declare it. */
function distinctRanges(rangeOf: readonly (string | null)[]): DeclaredRange[] {
  const byText = new Map<string, DeclaredRange | null>();
  rangeOf.forEach((text, ordinal) => {
    if (text === null) return;
    let range = byText.get(text);
    if (range === undefined) byText.set(text, (range = parsedRange(text)));
    range?.ordinals.push(ordinal);
  });
  return [...byText.values()].filter((range) => range !== null);
}

/** Null for a range npm's semver refuses (`validRange`, not loose): its plugins are kept. */
function parsedRange(text: string): DeclaredRange | null {
  try {
    return new DeclaredRange(text, new semver.Range(text));
  } catch {
    return null;
  }
}
