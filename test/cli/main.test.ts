/**
 * The real binary, once per command: what `run` in process cannot show —
 * main.js starts, reads its version from package.json, turns run's result
 * into the exit code and hides tokens from both streams. (`serve` runs
 * until a signal, so commands/serve/binary.test.ts drives the binary throughout.)
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { emptyReport, reportMarkdown, summarizeReport } from "../../src/upstream/report.js";
import { CORE } from "../support/fixtures.js";
import { type CliResult, makeTempDir, REPO_ROOT, runCli } from "../support/targets.js";
import { expectOneLineFailure } from "./run-in-process.js";

describe.concurrent("the plugin-catalog binary", () => {
  let dir: string;
  let site: string;
  let build: CliResult;
  beforeAll(async () => {
    dir = await makeTempDir();
    site = join(dir, "site");
    await writeFile(join(dir, "ok.json"), JSON.stringify(CORE));
    build = await runCli(["build", "--snapshot", join(dir, "ok.json"), "--out", site]);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("--help lists every command; --version is package.json's", async ({ expect }) => {
    const [help, version] = await Promise.all([runCli(["--help"]), runCli(["--version"])]);
    expect(help.code, help.stderr).toBe(0);
    for (const command of ["build", "serve", "query", "report"]) expect(help.stdout).toContain(command);
    const manifest = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(manifest.version);
  });

  it("build: exit 0 with its summary; a bad record: exit 1, one line naming the field", async ({ expect }) => {
    expect(build.code, build.stderr).toBe(0);
    expect(build.stdout).toContain(`Built ${CORE.plugins.length} plugins into ${site}`);
    const bad = JSON.parse(JSON.stringify(CORE)) as { plugins: Array<Record<string, unknown>> };
    Object.assign(bad.plugins[1] ?? {}, { hasWebUi: "yes" });
    await writeFile(join(dir, "bad.json"), JSON.stringify(bad));
    const message = expectOneLineFailure(expect, await runCli(["build", "--snapshot", join(dir, "bad.json"), "--out", join(dir, "x")]));
    expect(message).toContain('plugins[1] (slug "beta-maps").hasWebUi');
  });

  it("query: the body on stdout, exit 0; a bad query: exit 1", async ({ expect }) => {
    const [ok, bad] = await Promise.all([runCli(["query", site, "per_page=1"]), runCli(["query", site, "page=0"])]);
    expect(ok.code, ok.stderr).toBe(0);
    expect((JSON.parse(ok.stdout) as { total: number }).total).toBe(CORE.plugins.length);
    expect(expectOneLineFailure(expect, bad)).toMatch(/^plugin-catalog: 400: /);
  });

  it("report: the summary on stdout and appended as Markdown, exit 0", async ({ expect }) => {
    const report = { ...emptyReport("2025-03-04T02:00:00.000Z"), members: 12, listed: 14 };
    const [file, markdown] = [join(dir, "report.json"), join(dir, "summary.md")];
    await writeFile(file, JSON.stringify(report));
    await writeFile(markdown, "earlier step\n");
    const result = await runCli(["report", file, "--markdown", markdown]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${summarizeReport(report)}\n`);
    expect(await readFile(markdown, "utf8")).toBe(`earlier step\n${reportMarkdown(report)}`);
  });

  it("a usage error: exit 2", async ({ expect }) => {
    const result = await runCli(["build", "--bogus"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--bogus");
  });

  it("a token from the environment never reaches the output", async ({ expect }) => {
    const token = "ghp_binary_smoke_token_1234";
    const args = ["build", "--snapshot", join(dir, `${token}.json`), "--out", join(dir, "y")];
    const result = await runCli(args, { env: { GITHUB_TOKEN: token } });
    expect(expectOneLineFailure(expect, result)).toContain("***.json");
    expect(result.stderr + result.stdout).not.toContain(token);
  });
});
