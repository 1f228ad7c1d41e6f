/** Whether a tag may be published: each check on its own, all problems at once, and npm's version compared. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareVersions, releaseProblems, TRUSTED_PUBLISHING_NPM } from "../../../tools/release/release-check.js";

const CHANGELOG = "## [Unreleased]\n\n## [1.2.3] - 2026-12-01\n\n### Fixed\n\n- A bug.\n\n[1.2.3]: https://example.org\n";
const READY = {
  tag: "v1.2.3",
  manifest: {
    name: "plugin-catalog",
    version: "1.2.3",
    repository: { type: "git", url: "git+https://github.com/acme/plugin-catalog.git" },
  },
  changelog: CHANGELOG,
  repository: "acme/plugin-catalog",
  npmVersion: "11.6.2",
};

describe("releaseProblems", () => {
  it("has none for a tag that matches package.json, the changelog, the repository and a recent npm", () => {
    expect(releaseProblems(READY)).toStrictEqual([]);
    const { repository: _repository, npmVersion: _npm, ...withoutOptional } = READY;
    expect(releaseProblems(withoutOptional), "the repository and npm are checked only when given").toStrictEqual([]);
  });

  it.each(["1.2.3", "v1.2", "v1.2.3.4", "v01.2.3", "v1.2.3-rc.1", "v1.2.3+build", "vfoo.bar.baz", ""])(
    "refuses the tag %j as no release tag, and says why",
    (tag) => {
      const problems = releaseProblems({ ...READY, tag });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain("is not a release tag: a release is tagged v<major>.<minor>.<patch>");
    },
  );

  it("refuses a tag that is not package.json's version, saying how to bump it", () => {
    expect(releaseProblems({ ...READY, manifest: { ...READY.manifest, version: "1.2.2" } })).toStrictEqual([
      'the tag v1.2.3 is not package.json\'s version ("1.2.2"): run "npm version 1.2.3 --no-git-tag-version", commit, and tag that commit',
    ]);
    expect(releaseProblems({ ...READY, manifest: null })[0]).toContain("is not package.json's version (undefined)");
  });

  it("refuses a version the changelog has no section for", () => {
    expect(releaseProblems({ ...READY, changelog: "## [Unreleased]\n\n- A bug.\n" })).toStrictEqual([
      'CHANGELOG.md has no section "## [1.2.3] - YYYY-MM-DD" (its sections: Unreleased): move the entries of [Unreleased] under that heading before tagging',
    ]);
  });

  it.each([
    ["git+https://github.com/acme/plugin-catalog.git", true],
    ["https://github.com/Acme/Plugin-Catalog", true],
    ["git@github.com:acme/plugin-catalog.git", true],
    ["github:acme/plugin-catalog", true],
    ["https://github.com/acme/plugin-catalog-fork", false],
    ["https://gitlab.com/acme/plugin-catalog", false],
    ["not a url", false],
  ])("takes the repository %j as github.com/acme/plugin-catalog: %s", (url, names) => {
    for (const repository of [url, { type: "git", url }]) {
      const problems = releaseProblems({ ...READY, manifest: { ...READY.manifest, repository } });
      expect(problems.length === 0).toBe(names);
    }
  });

  it("refuses a package.json without a repository, with the command that adds it", () => {
    const { repository: _repository, ...manifest } = READY.manifest;
    expect(releaseProblems({ ...READY, manifest })).toStrictEqual([
      "package.json's repository (null) does not name github.com/acme/plugin-catalog, which npm's provenance check requires: " +
        'run "npm pkg set repository.type=git repository.url=git+https://github.com/acme/plugin-catalog.git" and commit',
    ]);
  });

  it.each([
    ["10.9.2", false],
    ["11.5.0", false],
    ["11.5.1", true],
    ["11.6.0", true],
    ["12.0.0", true],
  ])("npm %s can publish through trusted publishing: %s", (npmVersion, can) => {
    const problems = releaseProblems({ ...READY, npmVersion });
    expect(problems).toStrictEqual(
      can
        ? []
        : [
            `npm ${npmVersion} cannot publish through npm's trusted publishing, which needs npm 11.5.1 or later: publish with Node.js 24, whose npm is recent enough`,
          ],
    );
  });

  it("lists every problem at once", () => {
    const problems = releaseProblems({
      tag: "v2.0.0",
      manifest: READY.manifest,
      changelog: CHANGELOG,
      repository: "acme/other",
      npmVersion: "10.0.0",
    });
    expect(problems.map((problem) => problem.split(" ").slice(0, 3).join(" "))).toStrictEqual([
      "the tag v2.0.0",
      "CHANGELOG.md has no",
      'package.json\'s repository ("git+https://github.com/acme/plugin-catalog.git")',
      "npm 10.0.0 cannot",
    ]);
  });
});

describe("compareVersions", () => {
  const version = fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30));
  const text = ([major, minor, patch]: [number, number, number]) => `${major}.${minor}.${patch}`;

  it("orders versions as their numbers, not as text (11.10.0 after 11.9.9)", () => {
    expect(compareVersions("11.10.0", "11.9.9")).toBe(1);
    expect(compareVersions(`${TRUSTED_PUBLISHING_NPM}\n`, TRUSTED_PUBLISHING_NPM)).toBe(0);
    fc.assert(
      fc.property(version, version, (a, b) => {
        const expected = Math.sign(a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
        expect(compareVersions(text(a), text(b))).toBe(expected);
        expect(compareVersions(text(b), text(a))).toBe(-expected);
      }),
    );
  });
});
