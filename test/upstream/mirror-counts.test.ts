import { describe, expect, it } from "vitest";
import type { SnapshotPlugin } from "../../src/snapshot/schema.js";
import { readAllMirrors, renamesKnownFrom } from "../../src/upstream/mirror-counts.js";
import { emptyReport } from "../../src/upstream/report.js";

describe("names that led elsewhere yesterday", () => {
  const yesterday = [
    {
      mirrors: [{ platform: "gitlab", path: "acme/new-name", stars: 5, forks: 1, names: ["gitlab:acme/old-name", "gitlab:acme/new-name"] }],
    },
  ] as unknown as SnapshotPlugin[];

  it("are asked for by the repository's current name", async () => {
    const asked: string[] = [];
    const refs = new Map([
      [
        "pkg",
        [
          { platform: "gitlab" as const, path: "acme/old-name" },
          { platform: "github" as const, path: "u/r" },
        ],
      ],
    ]);
    const outcomes = await readAllMirrors(
      refs,
      async (_platform, paths) => {
        asked.push(...paths);
        return new Map(
          paths.map((path) => [path, { kind: "found" as const, canonicalPath: path, owner: "acme", stars: 7, forks: 2, facts: {} }]),
        );
      },
      emptyReport("2026-01-01T00:00:00.000Z"),
      renamesKnownFrom(yesterday),
    );
    expect(asked.sort()).toEqual(["acme/new-name", "u/r"]);
    expect(outcomes.get("gitlab:acme/old-name")).toMatchObject({ kind: "found", canonicalPath: "acme/new-name", stars: 7 });
  });
});
