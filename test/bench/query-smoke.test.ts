import { type ExecFileException, execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { QUERY_CLASSES, smokeTest } from "./quick-run.js";

const figures =
  "buildMs buildPeakRssMb siteFiles siteBytes siteGzipBytes largestFileBytes searchGzipBytes heapMb httpRps.default httpRps.q";
smokeTest([], 180_000, {
  finite: [
    ...figures.split(" "),
    "coldUnfilteredMs",
    "coldQueryMs",
    "coldQueryBytesRead",
    "bundles.worker.bytes",
    "bundles.client.gzipBytes",
  ],
  printed: [
    /build wall time .* ≤ 60 s +(PASS|FAIL)/,
    /largest file, raw .* ≤ 25 MB +(PASS|FAIL)/,
    /author median \/ max .* ≤ 1\.00 MB +(PASS|FAIL)/,
  ],
  measured(run) {
    for (const key of ["p50Ms", "p99Ms"]) expect(Object.keys(run.at(key) as object).sort()).toEqual([...QUERY_CLASSES].sort());
    for (const key of QUERY_CLASSES.flatMap((kind) => [`p50Ms.${kind}`, `p99Ms.${kind}`])) expect(run.at(key)).toBeGreaterThan(0);
    for (const kind of QUERY_CLASSES) {
      const { median, max } = run.at(`coldReadBytes.${kind}`) as { median: number; max: number };
      expect(median, kind).toBeGreaterThan(0);
      expect(max, kind).toBeGreaterThanOrEqual(median);
    }
    expect(run.at("siteBytes")).toBeGreaterThan(run.at("siteGzipBytes") as number);
    expect(run.at("largestFileBytes")).toBeGreaterThanOrEqual(run.at("largestSearchFileBytes") as number);
    for (const key of ["httpRps.default", "httpRps.q"]) expect(run.at(key)).toBeGreaterThan(0);
  },
});

it("refuses a bad flag with exit code 2, naming what it accepts", async () => {
  const run = new URL("../../lib/test/bench/run.js", import.meta.url).pathname;
  const failed = (await promisify(execFile)(process.execPath, [run, "--seed", "x"]).catch((error: unknown) => error)) as ExecFileException;
  expect([failed.code, failed.stderr]).toEqual([
    2,
    expect.stringContaining("'--seed <s>' argument 'x' is invalid. expected an integer 0 … 4294967295"),
  ]);
});
