/** The changelog's parser and a release's notes, on hand-written and generated changelogs, and on this repository's own. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChangelogError, parseChangelog, releaseNotes } from "../../../tools/release/changelog.js";
import { REPO_ROOT } from "../../support/targets.js";

const CHANGELOG = `# Changelog

Intro text, not a section.

## [Unreleased]

### Added

- Something new.

## [1.1.0] - 2026-12-01

### Added

- \`sort=relevance\` ([#12][pr-12]).

\`\`\`sh
## [9.9.9] - not a heading inside a fence
[fake]: https://example.org/fenced
\`\`\`

### Fixed

- A [real link](https://example.org/inline) and [Semver].

## [1.0.0] - 2026-11-01

- First.

## [0.9.0]

- Undated.

## [0.8.0] - 2026-01-01

[unreleased]: https://example.org/compare/v1.1.0...HEAD
[1.1.0]: https://example.org/v1.1.0
[pr-12]: https://example.org/pull/12
[semver]: https://semver.org
`;

describe("parseChangelog", () => {
  it("reads the sections in order, with their dates, and the link definitions apart", () => {
    const { sections, links } = parseChangelog(CHANGELOG);
    expect(sections.map(({ name, date }) => [name, date])).toStrictEqual([
      ["Unreleased", undefined],
      ["1.1.0", "2026-12-01"],
      ["1.0.0", "2026-11-01"],
      ["0.9.0", undefined],
      ["0.8.0", "2026-01-01"],
    ]);
    expect(sections[2]!.body).toBe("- First.");
    expect(sections[4]!.body).toBe("");
    expect([...links.keys()]).toStrictEqual(["unreleased", "1.1.0", "pr-12", "semver"]);
  });

  it("reads CRLF line ends as LF", () => {
    expect(parseChangelog(CHANGELOG.replaceAll("\n", "\r\n"))).toStrictEqual(parseChangelog(CHANGELOG));
  });

  const line = fc
    .string({ unit: fc.constantFrom("a", " ", "-", "#", "[", "]", ":", "`", "é", "x"), maxLength: 20 })
    .filter((text) => !/^(#|\s{0,3}\[|\s{0,3}(```|~~~))/.test(text));
  const section = fc.record({
    version: fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map((parts) => parts.join(".")),
    date: fc.option(fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), { nil: undefined }),
    lines: fc.array(line, { maxLength: 6 }),
  });

  it("gives back each section's name, date and body, whatever the body's lines", () => {
    fc.assert(
      fc.property(fc.array(section, { maxLength: 5 }), (sections) => {
        const text = sections
          .map(({ version, date, lines }) => {
            const day = date?.toISOString().slice(0, 10);
            return [`## [${version}]${day === undefined ? "" : ` - ${day}`}`, ...lines].join("\n");
          })
          .join("\n");
        expect(parseChangelog(text).sections).toStrictEqual(
          sections.map(({ version, date, lines }) => ({
            name: version,
            date: date?.toISOString().slice(0, 10),
            body: lines.join("\n").trim(),
          })),
        );
      }),
    );
  });

  it("never fails on any text: every section heading is a section, every other line in one or before the first", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const { sections } = parseChangelog(text);
        expect(sections.length).toBeLessThanOrEqual(text.split("\n").length);
      }),
    );
  });
});

describe("releaseNotes", () => {
  it("is the version's section with the link definitions it uses, and only those", () => {
    expect(releaseNotes(CHANGELOG, "1.1.0")).toBe(
      [
        "### Added",
        "",
        "- `sort=relevance` ([#12][pr-12]).",
        "",
        "```sh",
        "## [9.9.9] - not a heading inside a fence",
        "[fake]: https://example.org/fenced",
        "```",
        "",
        "### Fixed",
        "",
        "- A [real link](https://example.org/inline) and [Semver].",
        "",
        "[pr-12]: https://example.org/pull/12",
        "[semver]: https://semver.org",
        "",
      ].join("\n"),
    );
    expect(releaseNotes(CHANGELOG, "1.0.0")).toBe("- First.\n");
  });

  it.each([
    ["2.0.0", 'CHANGELOG.md has no section "## [2.0.0] - YYYY-MM-DD" (its sections: Unreleased, 1.1.0, 1.0.0, 0.9.0, 0.8.0)'],
    ["1.1", 'CHANGELOG.md has no section "## [1.1] - YYYY-MM-DD"'],
    ["0.9.0", 'CHANGELOG.md\'s "## [0.9.0]" has no date: write it "## [0.9.0] - YYYY-MM-DD"'],
    ["0.8.0", "CHANGELOG.md's section [0.8.0] is empty: list what the release changes"],
  ])("refuses %s: %s", (version, message) => {
    expect(() => releaseNotes(CHANGELOG, version)).toThrow(ChangelogError);
    expect(() => releaseNotes(CHANGELOG, version)).toThrow(message);
  });
});

describe("this repository's CHANGELOG.md", () => {
  const read = async () => readFile(join(REPO_ROOT, "CHANGELOG.md"), "utf8");

  it("is in Keep a Changelog form: Unreleased, then dated versions newest first, each heading linked", async () => {
    const { sections, links } = parseChangelog(await read());
    expect(sections[0]?.name).toBe("Unreleased");
    const releases = sections.slice(1);
    expect(releases.length).toBeGreaterThan(0);
    for (const release of releases) {
      expect(release.name, "a version").toMatch(/^\d+\.\d+\.\d+$/);
      expect(release.date, `${release.name} is dated`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(release.body, `${release.name} lists its changes`).not.toBe("");
    }
    const numbers = releases.map((release) => release.name.split(".").map(Number) as [number, number, number]);
    const newestFirst = [...numbers].sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2]);
    expect(numbers).toStrictEqual(newestFirst);
    for (const section of sections) expect(links.get(section.name.toLowerCase()), `[${section.name}] is defined`).toMatch(/^https:\/\//);
    for (const { body } of sections)
      for (const heading of body.match(/^### .*/gm) ?? []) {
        expect(["### Added", "### Changed", "### Deprecated", "### Removed", "### Fixed", "### Security"]).toContain(heading);
      }
  });

  it("has the notes of package.json's version, so that tagging it can publish", async () => {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect(releaseNotes(await read(), version)).not.toBe("");
  });
});
