/**
 * The bounds of docs/API.md#bounds applied to a snapshot's records, whatever
 * wrote them: a hand-made snapshot, or yesterday's from a version that did not
 * bound them yet (its records are reused while their package is unchanged).
 * Records within the bounds come back as they are (the same object).
 */
import { BOUNDS, boundedLogins, boundedReadme, boundedTags, boundedText, isLongerThan } from "../core/bounds.js";
import type { SnapshotPlugin } from "./schema.js";

export function boundedPlugin(plugin: SnapshotPlugin): SnapshotPlugin {
  const name = boundedText(plugin.name, BOUNDS.name);
  const bounded: SnapshotPlugin = {
    ...plugin,
    name: name.trim() === "" ? plugin.npmName : name,
    description: boundedText(plugin.description, BOUNDS.description),
    version: boundedText(plugin.version, BOUNDS.version),
    license: boundedText(plugin.license, BOUNDS.license),
    homepage: plugin.homepage !== null && isLongerThan(plugin.homepage, BOUNDS.homepage) ? null : plugin.homepage,
    tags: sameOr(plugin.tags, boundedTags(plugin.tags)),
    readme: boundedReadme(plugin.readme),
    creators: sameOr(plugin.creators, boundedLogins(plugin.creators)),
  };
  // The detail shows a README cut here as cut, ending in "…", as one the fetch cut (contract section 11).
  if (isLongerThan(plugin.readme, BOUNDS.readme)) bounded.readmeCut = true;
  const npmLogins = plugin.registry?.npmLogins;
  if (plugin.registry !== undefined && npmLogins !== undefined)
    bounded.registry = { ...plugin.registry, npmLogins: sameOr(npmLogins, boundedLogins(npmLogins)) };
  return unchanged(plugin, bounded) ? plugin : bounded;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item, i) => item === b[i]);

const sameOr = (before: string[], after: string[]): string[] => (sameList(before, after) ? before : after);

function unchanged(before: SnapshotPlugin, after: SnapshotPlugin): boolean {
  return (
    (Object.keys(after) as (keyof SnapshotPlugin)[]).every((key) => key === "registry" || before[key] === after[key]) &&
    before.registry?.npmLogins === after.registry?.npmLogins
  );
}
