/** The release tool as the release workflow runs it: `node lib/tools/release/main.js check|notes`, in a checkout's root. */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, REPO_ROOT } from "../../support/targets.js";

const TOOL = join(REPO_ROOT, "lib", "tools", "release", "main.js");
const execFileAsync = promisify(execFile);

async function release(args: readonly string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [TOOL, ...args], { cwd, timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failure.code !== "number") throw error;
    return { code: failure.code, stdout: failure.stdout ?? "", stderr: failure.stderr ?? "" };
  }
}

describe("lib/tools/release/main.js", () => {
  let root: string;
  beforeAll(async () => {
    if (!existsSync(TOOL)) throw new Error(`${TOOL} is missing: run npm run build:ts first`);
    root = await makeTempDir("plugin-catalog-release-");
    const manifest = {
      name: "plugin-catalog",
      version: "1.2.3",
      repository: { type: "git", url: "git+https://github.com/acme/plugin-catalog.git" },
    };
    await writeFile(join(root, "package.json"), JSON.stringify(manifest));
    await writeFile(
      join(root, "CHANGELOG.md"),
      "# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2026-12-01\n\n### Fixed\n\n- A bug ([#4][4]).\n\n[4]: https://example.org/4\n",
    );
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("check: exit 0 and one line when the tag may be published", async () => {
    const result = await release(["check", "--tag", "v1.2.3", "--repository", "acme/plugin-catalog", "--npm-version", "11.6.0"], root);
    expect(result).toStrictEqual({ code: 0, stdout: "v1.2.3: package.json, CHANGELOG.md and the release tooling agree\n", stderr: "" });
  });

  it("check: exit 1 with every problem on stderr", async () => {
    const result = await release(["check", "--tag", "v1.2.4", "--repository", "acme/other", "--npm-version", "10.9.2"], root);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe("v1.2.4 cannot be released:");
    expect(lines.slice(1).map((line) => line.slice(0, 24))).toStrictEqual([
      "- the tag v1.2.4 is not ",
      "- CHANGELOG.md has no se",
      "- package.json's reposit",
      "- npm 10.9.2 cannot publ",
    ]);
  });

  it("notes: the version's section on stdout, as the GitHub release's body", async () => {
    expect(await release(["notes", "--version", "1.2.3"], root)).toStrictEqual({
      code: 0,
      stdout: "### Fixed\n\n- A bug ([#4][4]).\n\n[4]: https://example.org/4\n",
      stderr: "",
    });
    const missing = await release(["notes", "--version", "9.9.9", "--root", root], REPO_ROOT);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('CHANGELOG.md has no section "## [9.9.9] - YYYY-MM-DD"');
  });

  it.each([
    [[], "expected one command, check or notes"],
    [["publish"], 'unknown command "publish"'],
    [["check"], "--tag is required"],
    [["notes", "--version", ""], "--version is required"],
    [["check", "--tag", "v1.2.3", "--force"], "Unknown option '--force'"],
  ])("usage errors exit 2 with the usage: %j", async (args, message) => {
    const result = await release(args, root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("usage: main.js check --tag vX.Y.Z");
  });
});
