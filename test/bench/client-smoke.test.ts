import { expect } from "vitest";
import { QUERY_CLASSES, smokeTest } from "./quick-run.js";

smokeTest(["client"], 120_000, {
  finite: [
    "clientJsBytes",
    ...QUERY_CLASSES.flatMap((kind) =>
      ["coldBytes", "coldMs", "repeatMs"].flatMap((key) => [`${key}.${kind}.median`, `${key}.${kind}.max`]),
    ),
  ],
  printed: [
    "Site files a cold query reads",
    /default max .* ≤ 1 MB +(PASS|FAIL)/,
    /Main thread, cold query .*/,
    "Main thread, its next page",
  ],
  measured(run) {
    for (const kind of QUERY_CLASSES) {
      // Every cold answer reads at least the manifest and one data file; every answer costs the page some time.
      expect(run.at(`coldBytes.${kind}.median`), kind).toBeGreaterThan(2_000);
      expect(run.at(`coldMs.${kind}.median`), kind).toBeGreaterThan(0);
      expect(typeof run.at(`slowest.${kind}`), kind).toBe("string");
    }
    expect(run.at("clientJsBytes")).toBeGreaterThan(10_000);
  },
});
