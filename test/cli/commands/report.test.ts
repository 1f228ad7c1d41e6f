/**
 * `plugin-catalog report FILE [--markdown OUT]`, in process: the build report's
 * summary on stdout, and with --markdown appended as a table (the daily
 * workflow's step summary). main.test.ts runs it once through the binary.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type BuildReport, emptyReport } from "../../../src/upstream/report.js";
import { makeTempDir } from "../../support/targets.js";
import { expectOneLineFailure, runInProcess } from "../run-in-process.js";

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function reportFile(content: BuildReport | string | object): Promise<string> {
  const file = join(dir, `report-${counter++}.json`);
  await writeFile(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

function troubledReport(): BuildReport {
  const report = emptyReport("2026-01-02T02:00:00.000Z");
  report.members = 9876;
  report.listed = 10000;
  report.mirrors.github = { found: 0, missing: 0, keptPrevious: 7200, unreadNoPrevious: 3, partial: 0 };
  report.rateLimits.registry = { pauses: 1, pausedMs: 2000 };
  report.platformsDown.github = "down: 5 requests in a row failed, the last with HTTP 503 (POST https://api.github.com/graphql)";
  report.phasesMs = { listing: 8100, packuments: 30200, mirrors: 4000 };
  return report;
}

describe("report FILE", () => {
  it("prints the summary: counts, the pauses, the platform given up and why", async ({ expect }) => {
    const result = await runInProcess(["report", await reportFile(troubledReport())]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("members: 9,876 (listed 10,000)");
    expect(lines).toContain("GitHub mirrors: 0 found, 0 missing, 7,200 kept previous counts, 3 unread");
    expect(lines).toContain("rate limits: registry paused once, 2.0 s in all");
    const why = "down: 5 requests in a row failed, the last with HTTP 503 (POST https://api.github.com/graphql)";
    expect(lines).toContain(`GitHub given up: ${why}; its remaining mirrors kept their last known counts`);
    expect(lines.at(-1)).toBe("time: listing 8.1 s, packuments 30.2 s, mirrors 4.0 s");
  });

  it("a quiet build's summary has no rate-limit or given-up lines", async ({ expect }) => {
    const result = await runInProcess(["report", await reportFile({ ...emptyReport("2026-01-02T02:00:00.000Z"), members: 3, listed: 3 })]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/rate limits|given up/);
  });

  it("reads a report written before the rate-limit and outage fields existed", async ({ expect }) => {
    const { rateLimits: _r, platformsDown: _p, ...older } = troubledReport();
    const result = await runInProcess(["report", await reportFile(older)]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("members: 9,876 (listed 10,000)");
    expect(result.stdout).not.toMatch(/undefined|NaN|rate limits|given up/);
  });
});

describe("report FILE --markdown OUT", () => {
  it("appends a Markdown table to OUT (a step summary collects every step's), and still prints the summary", async ({ expect }) => {
    const out = join(dir, "summary.md");
    await writeFile(out, "## Earlier step\n");
    const file = await reportFile(troubledReport());
    for (let i = 0; i < 2; i++) expect((await runInProcess(["report", file, "--markdown", out])).code).toBe(0);
    const text = await readFile(out, "utf8");
    expect(text.startsWith("## Earlier step\n## Catalog build report\n")).toBe(true);
    expect(text.match(/## Catalog build report/g)).toHaveLength(2);
    expect(text).toContain("| | |\n|---|---|\n| members | 9,876 (listed 10,000) |\n");
    expect(text).toContain(
      "| GitHub given up | down: 5 requests in a row failed, the last with HTTP 503 (POST https://api.github.com/graphql); its",
    );
  });

  it("keeps a table cell whole when a value holds a pipe", async ({ expect }) => {
    const report = troubledReport();
    report.platformsDown.gitlab = "down: the last with a|b";
    const out = join(dir, "pipes.md");
    expect((await runInProcess(["report", await reportFile(report), "--markdown", out])).code).toBe(0);
    expect(await readFile(out, "utf8")).toContain("| GitLab given up | down: the last with a\\|b; ");
  });
});

describe("report failures: exit 1, one line naming the file", () => {
  it.for([
    ["no such file", null, /cannot read the build report .*missing\.json: no such file/],
    ["not JSON", "{ members: ", /cannot read the build report .*: .*JSON/],
    ["not a build report", JSON.stringify({ startedAt: "x", members: "many" }), /is not a build report \(members: /],
  ] as const)("%s", async ([, content, message], { expect }) => {
    const file = content === null ? join(dir, "missing.json") : await reportFile(content);
    const line = expectOneLineFailure(expect, await runInProcess(["report", file]));
    expect(line).toMatch(message);
  });
});
