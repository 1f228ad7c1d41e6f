import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasEveryFact, repositoryFacts } from "../../../src/upstream/mirrors/facts.js";

const WELL_FORMED = {
  url: "https://github.com/acme/x",
  archived: false,
  openIssues: 3,
  pushedAt: "2026-11-19T10:00:00Z",
  defaultBranch: "main",
};

describe("a repository's facts as a platform answered them", () => {
  it("keeps the well-formed ones, dates in one format", () => {
    const facts = repositoryFacts(WELL_FORMED);
    expect(facts).toEqual({ ...WELL_FORMED, pushedAt: "2026-11-19T10:00:00.000Z" });
    expect(hasEveryFact(facts)).toBe(true);
  });

  it("keeps a null last push and a null default branch (an empty repository): an answer, not a missing one", () => {
    expect(repositoryFacts({ ...WELL_FORMED, pushedAt: null, defaultBranch: null })).toMatchObject({ pushedAt: null, defaultBranch: null });
  });

  it("leaves out each malformed one on its own", () => {
    const cases: [keyof typeof WELL_FORMED, unknown][] = [
      ["url", "javascript:alert(1)"],
      ["url", "https://github.com/a b"],
      ["url", `https://github.com/${"x".repeat(3000)}`],
      ["url", 42],
      ["archived", "true"],
      ["archived", null],
      ["openIssues", -1],
      ["openIssues", 1.5],
      ["openIssues", "3"],
      ["openIssues", 1e12],
      ["pushedAt", "yesterday"],
      ["pushedAt", 1_700_000_000],
      ["pushedAt", "+275760-09-13T00:00:00.000Z"],
      ["defaultBranch", ""],
      ["defaultBranch", "main\u0000"],
      ["defaultBranch", "a b"],
      ["defaultBranch", "b".repeat(300)],
      ["defaultBranch", { name: "main" }],
    ];
    for (const [key, value] of cases) {
      const facts = repositoryFacts({ ...WELL_FORMED, [key]: value });
      expect(facts, `${key}: ${JSON.stringify(value)}`).not.toHaveProperty(key);
      expect(Object.keys(facts)).toHaveLength(4);
      expect(hasEveryFact(facts)).toBe(false);
    }
  });

  it("property: whatever the values, the facts kept are of their types and within bounds", () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        (url, archived, openIssues, pushedAt, defaultBranch) => {
          const facts = repositoryFacts({ url, archived, openIssues, pushedAt, defaultBranch });
          if (facts.url !== undefined) expect(facts.url).toMatch(/^https?:\/\/\S+$/i);
          if (facts.archived !== undefined) expect(typeof facts.archived).toBe("boolean");
          if (facts.openIssues !== undefined) expect(Number.isSafeInteger(facts.openIssues) && facts.openIssues >= 0).toBe(true);
          if (typeof facts.pushedAt === "string") expect(new Date(facts.pushedAt).toISOString()).toBe(facts.pushedAt);
          if (typeof facts.defaultBranch === "string") expect(facts.defaultBranch.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
