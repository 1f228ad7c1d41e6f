/**
 * CHANGELOG.md in Keep a Changelog 1.1.0 form: `## [Unreleased]`, then one
 * `## [X.Y.Z] - YYYY-MM-DD` section per release, newest first, and link
 * reference definitions at the bottom. A release's GitHub notes are its
 * section's body, with the definitions that body uses.
 */

export interface ChangelogSection {
  /** What the heading names: `Unreleased` or a version. */
  readonly name: string;
  /** `YYYY-MM-DD`, or undefined when the heading has none. */
  readonly date: string | undefined;
  /** The lines under the heading, without the surrounding blank lines and the link definitions. */
  readonly body: string;
}

export interface Changelog {
  readonly sections: readonly ChangelogSection[];
  /** Link reference definitions, by lower-cased label (Markdown matches labels case-insensitively). */
  readonly links: ReadonlyMap<string, string>;
}

/** The changelog has no usable section for a release: the message says what is wrong and what to write. */
export class ChangelogError extends Error {
  override name = "ChangelogError";
}

const HEADING = /^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?[ \t]*$/;
const ANY_SECTION_HEADING = /^## /;
const LINK_DEFINITION = /^ {0,3}\[([^\]]+)\]:[ \t]*(\S+)/;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * @example
 * parseChangelog("## [Unreleased]\n\n## [1.0.0] - 2026-01-02\n\n### Added\n\n- It.\n\n[1.0.0]: https://example.org\n")
 * // { sections: [{ name: "Unreleased", … }, { name: "1.0.0", date: "2026-01-02", body: "### Added\n\n- It." }], links: … }
 */
export function parseChangelog(text: string): Changelog {
  const sections: { name: string; date: string | undefined; lines: string[] }[] = [];
  const links = new Map<string, string>();
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    const definition = fenced ? null : LINK_DEFINITION.exec(line);
    if (heading !== null) sections.push({ name: heading[1]!, date: heading[2], lines: [] });
    else if (!fenced && ANY_SECTION_HEADING.test(line)) sections.push({ name: line.slice(3).trim(), date: undefined, lines: [] });
    else if (definition !== null) links.set(definition[1]!.toLowerCase(), definition[2]!);
    else sections.at(-1)?.lines.push(line);
  }
  return {
    sections: sections.map(({ name, date, lines }) => ({ name, date, body: lines.join("\n").trim() })),
    links,
  };
}

/**
 * The notes of release `version`: its section's body, then the link definitions the body refers to.
 *
 * @throws ChangelogError when the changelog has no dated, non-empty section for `version`.
 */
export function releaseNotes(text: string, version: string): string {
  const changelog = parseChangelog(text);
  const section = changelog.sections.find((candidate) => candidate.name === version);
  if (section === undefined) {
    const names = changelog.sections.map((candidate) => candidate.name);
    throw new ChangelogError(
      `CHANGELOG.md has no section "## [${version}] - YYYY-MM-DD" (its sections: ${names.join(", ") || "none"}): ` +
        `move the entries of [Unreleased] under that heading before tagging`,
    );
  }
  if (section.date === undefined)
    throw new ChangelogError(`CHANGELOG.md's "## [${version}]" has no date: write it "## [${version}] - YYYY-MM-DD"`);
  if (section.body === "") throw new ChangelogError(`CHANGELOG.md's section [${version}] is empty: list what the release changes`);
  const used = usedDefinitions(section.body, changelog.links);
  return used.length === 0 ? `${section.body}\n` : `${section.body}\n\n${used.join("\n")}\n`;
}

/** `[label]: url` for each reference-style link label of `body` that the changelog defines, in order of first use. */
function usedDefinitions(body: string, links: ReadonlyMap<string, string>): string[] {
  const labels = new Set<string>();
  for (const match of body.matchAll(/\[([^\]]+)\](?!\()/g)) {
    const label = match[1]!.toLowerCase();
    if (links.has(label)) labels.add(label);
  }
  return [...labels].map((label) => `[${label}]: ${links.get(label)!}`);
}
