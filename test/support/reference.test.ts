/** A check of the test suite itself: the reference model's indexed search agrees with its naive per-plugin rule. */
import { describe, expect, it } from "vitest";
import { LARGE } from "./large-catalog.js";
import { referenceAnswer, referenceMatches, referenceSorted } from "./reference.js";

describe("reference model", () => {
  it("indexed and naive matching agree", () => {
    const plugins = LARGE.snapshot.plugins;
    const sorted = [...LARGE.vocabulary].sort();
    for (let i = 0; i < sorted.length; i += Math.floor(sorted.length / 40)) {
      const word = sorted[i] ?? "";
      for (const q of [word, [...word].slice(0, 2).join(""), `${word} ${sorted[i + 1] ?? ""}`, "the", "!!"]) {
        const naive = referenceSorted(plugins, "stars")
          .filter((p) => referenceMatches(p, { q }))
          .map((p) => p.slug);
        expect(referenceAnswer(plugins, { q, perPage: plugins.length }).slugs, q).toEqual(naive);
      }
    }
  });
});
