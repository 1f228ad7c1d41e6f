/**
 * One plugin's detail as the build writes it, field by field against the model of section 11
 * (test/support/detail-model.ts): the README cut at its bound (surrogate pairs, CR, controls), bounded facts, the
 * releases of the last year, the key order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detailContext, detailReadme, pluginDetail } from "../../../src/site/detail/plugin-detail.js";
import { DETAIL_KEYS, modelDetailJson, modelReadme } from "../../support/detail-model.js";
import { makePlugin, PLUGIN_KEYS } from "../../support/fixtures.js";

const BOUND = 65_536;
const BUILT_AT = "2026-11-20T02:00:00.000Z";
const DAY = 86_400_000;
const isWellFormed = (text: string): boolean =>
  (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed.call(text);

/** READMEs around the bound, with pairs, lone surrogates, CR line ends and controls where it is cut. */
const readmeNearBound = fc
  .tuple(
    fc.integer({ min: BOUND - 12, max: BOUND + 4 }),
    fc.array(fc.constantFrom("a", "😀", "\r\n", "\r", "\u0007", "\ud800", "\udc00", "é", "\n"), { maxLength: 16 }),
  )
  .map(([length, tail]) => "x".repeat(length) + tail.join(""));

describe("the README", () => {
  it("is the model's: cleaned, at most 65,536 code points, cut ones keep 65,535 and end with …, never inside a pair", () => {
    fc.assert(
      fc.property(readmeNearBound, fc.boolean(), (readme, flagged) => {
        const plugin = flagged ? { readme, readmeCut: true as const } : { readme };
        const shown = detailReadme(plugin);
        expect(shown).toBe(modelReadme(makePlugin(plugin)));
        expect(Array.from(shown ?? "").length).toBeLessThanOrEqual(BOUND);
        expect(isWellFormed(shown ?? "")).toBe(true);
        expect(shown?.endsWith("…"), "cut exactly when flagged or longer").toBe(flagged || Array.from(readme).length > BOUND);
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a pair whole at the cut: the 65,535th code point is a pair", () => {
    const readme = `${"x".repeat(BOUND - 2)}😀😀tail`;
    expect(detailReadme({ readme })).toBe(`${"x".repeat(BOUND - 2)}😀…`);
    expect(detailReadme({ readme: `${"x".repeat(BOUND - 1)}😀`, readmeCut: true })).toBe(`${"x".repeat(BOUND - 1)}…`);
  });

  it("is null when empty, or empty once cleaned; a README of exactly 65,536 code points is whole", () => {
    expect(detailReadme({ readme: "" })).toBeNull();
    expect(detailReadme({ readme: "\u0000\u0007" })).toBeNull();
    expect(detailReadme({ readme: "😀".repeat(BOUND) })).toBe("😀".repeat(BOUND));
  });
});

describe("the detail", () => {
  const build = (overrides: Parameters<typeof makePlugin>[0]) => {
    const plugin = makePlugin(overrides);
    return { plugin, detail: pluginDetail(plugin, detailContext([plugin], BUILT_AT)) };
  };

  it("has the Plugin's keys, then the detail's, in the contract's order, and is the model's to the byte", () => {
    const { plugin, detail } = build({
      readme: "# Hi",
      downloads: { lastWeek: 1, lastMonth: 4, weekly: [{ date: "2026-11-16", count: 1 }] },
    });
    expect(Object.keys(detail)).toEqual([...PLUGIN_KEYS, ...DETAIL_KEYS]);
    expect(JSON.stringify(detail)).toBe(modelDetailJson(plugin, { plugins: [plugin], builtAt: BUILT_AT }));
  });

  it("counts the releases of the 365 days before the build, both ends included, and none after it", () => {
    const built = Date.parse(BUILT_AT);
    const times = [built + 1, built, built - 365 * DAY, built - 365 * DAY - 1].map((t) => new Date(t).toISOString());
    const { detail } = build({ releases: { count: 9, recent: [], times } });
    expect(detail.releases).toEqual({ count: 9, lastYear: 2, recent: [] });
  });

  it("bounds what a stranger wrote: ranges and versions cut at 256 with …, a longer branch name unknown", () => {
    const long = `>=${"1.".repeat(200)}0`;
    const { detail } = build({
      engines: { node: long, host: null },
      releases: { count: 1, recent: [{ version: "9".repeat(300), publishedAt: BUILT_AT }], times: [] },
      mirrors: [{ platform: "github", path: "a/b", stars: 0, forks: 0, defaultBranch: "b".repeat(257) }],
    });
    expect(detail.engines).toEqual({ node: `${long.slice(0, 255)}…`, host: null });
    expect(detail.releases.recent[0]?.version).toBe(`${"9".repeat(255)}…`);
    expect(detail.repositories[0]?.defaultBranch).toBeNull();
  });

  it("gives a repository the host's URL and facts, and the fallbacks of absent ones", () => {
    const { detail } = build({
      mirrors: [
        { platform: "gitlab", path: "g/s/p", stars: 2, forks: 1 },
        {
          platform: "github",
          path: "o/r",
          stars: 3,
          forks: 0,
          url: "https://github.com/O/R",
          archived: true,
          openIssues: 4,
          pushedAt: BUILT_AT,
          defaultBranch: "main",
        },
      ],
    });
    expect(detail.repositories).toEqual([
      {
        url: "https://gitlab.com/g/s/p",
        host: "gitlab",
        stars: 2,
        forks: 1,
        archived: false,
        openIssues: 0,
        pushedAt: null,
        defaultBranch: null,
      },
      {
        url: "https://github.com/O/R",
        host: "github",
        stars: 3,
        forks: 0,
        archived: true,
        openIssues: 4,
        pushedAt: BUILT_AT,
        defaultBranch: "main",
      },
    ]);
  });

  it("scores a plugin every one of whose repositories is archived 0 on maintenance, whatever its age", () => {
    const archived = { platform: "github" as const, path: "o/r", stars: 0, forks: 0, archived: true };
    expect(build({ updatedAt: BUILT_AT, mirrors: [archived] }).detail.score.maintenance).toBe(0);
    expect(
      build({ updatedAt: BUILT_AT, mirrors: [archived, { ...archived, path: "o/s", archived: false }] }).detail.score.maintenance,
    ).toBe(100);
    expect(build({ updatedAt: BUILT_AT, mirrors: [] }).detail.score.maintenance).toBe(100);
  });

  it("checks the license with the contract's SPDX parser", () => {
    const spdx = (license: string) => build({ license }).detail.trust.spdxLicense;
    expect([spdx("MIT"), spdx("(MIT OR Apache-2.0)"), spdx("GPL-2.0+"), spdx(""), spdx("mit"), spdx("SEE LICENSE IN LICENSE")]).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
