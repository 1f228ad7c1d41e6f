/** `/api/status` as the build derives it from a snapshot (docs/API.md#status). */
import { describe, expect, it } from "vitest";
import { catalogStatus } from "../../../src/site/catalog-status.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { makePlugin, makeSnapshot } from "../../support/fixtures.js";

describe("the catalog's status", () => {
  it("reads a generated sample as a fetch writes it: mirrors read by the build carry its time, a few are stale", () => {
    const snapshot = generateSnapshot({ plugins: 300, seed: 1 });
    const { sources } = catalogStatus(snapshot);
    for (const platform of ["github", "gitlab"] as const) {
      const source = sources[platform];
      expect(source.readAt).toBe(snapshot.generatedAt);
      expect(source.stale).toBeGreaterThan(0);
      expect(source.stale / source.items).toBeLessThan(0.15);
      expect(source.staleSince! < snapshot.generatedAt).toBe(true);
    }
  });

  it("counts a repository once, as read when its latest copy was", () => {
    const at = "2025-03-04T02:00:00.000Z";
    const snapshot = makeSnapshot(
      [
        makePlugin({ mirrors: [{ platform: "github", path: "a/r", stars: 1, forks: 0, checkedAt: "2025-03-01T02:00:00.000Z" }] }),
        makePlugin({ mirrors: [{ platform: "github", path: "A/R", stars: 1, forks: 0, checkedAt: at }] }),
      ],
      at,
    );
    expect(catalogStatus(snapshot).sources.github).toEqual({ readAt: at, items: 1, stale: 0, staleSince: null });
  });

  it("an empty catalog: npm read at build time, the platforms never", () => {
    const status = catalogStatus(makeSnapshot([], "2025-03-04T02:00:00.000Z"));
    expect(status).toEqual({
      builtAt: "2025-03-04T02:00:00.000Z",
      plugins: 0,
      sources: {
        npm: { readAt: "2025-03-04T02:00:00.000Z", items: 0, stale: 0, staleSince: null },
        github: { readAt: null, items: 0, stale: 0, staleSince: null },
        gitlab: { readAt: null, items: 0, stale: 0, staleSince: null },
      },
    });
  });
});
