/**
 * `.github/workflows/release.yml`: a pushed version tag is checked, tested on
 * Node 20, 22 and 24, published to npm with provenance through trusted
 * publishing (an OIDC token, never an npm token), and made a GitHub release
 * whose notes are the changelog's section. The schema check is in
 * workflows.test.ts with the other workflows; the step scripts are run here
 * with stand-ins for npm and gh, and the real release tool.
 */
import { readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, REPO_ROOT } from "../support/targets.js";
import {
  allJobs,
  describeWorkflowBasics,
  findStep,
  type Job,
  readWorkflow,
  runScript,
  runsExactly,
  type Step,
  standIn,
  stepIndex,
  strings,
  usesAction,
} from "./workflow-checks.js";

const release = readWorkflow(join(REPO_ROOT, ".github/workflows/release.yml"));
const job = (name: string): Job => {
  const found = release.jobs[name];
  expect(found, `a job "${name}"`).toBeDefined();
  return found!;
};
const steps = (name: string): readonly Step[] => job(name).steps ?? [];
const needs = (name: string): string[] => [job(name).needs ?? []].flat().map(String);

/** Every job that must finish before `name` starts, through `needs`. */
function before(name: string): Set<string> {
  const found = new Set<string>();
  const queue = needs(name);
  for (let head = 0; head < queue.length; head++) {
    const next = queue[head]!;
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...needs(next));
  }
  return found;
}

const runsTool = (command: "check" | "notes") => (step: Step) =>
  new RegExp(`node lib/tools/release/main\\.js ${command}\\b`).test(step.run ?? "");
const runsPublish = (step: Step) => /\bnpm publish\b/.test(step.run ?? "");
const runsGhRelease = (step: Step) => /\bgh release create\b/.test(step.run ?? "");

describeWorkflowBasics("release.yml", () => release);

describe("release.yml", () => {
  it("runs on a pushed version tag, and on nothing else", () => {
    expect(release.on).toStrictEqual({ push: { tags: ["v*.*.*"] } });
  });

  it("releases a tag once at a time and never cancels a publish", () => {
    const concurrency = release.concurrency as { group: string; "cancel-in-progress"?: unknown };
    expect(concurrency.group).toContain("${{ github.ref }}");
    expect(concurrency["cancel-in-progress"]).toBe(false);
  });

  it("checks, tests, publishes and creates the release, in that order", () => {
    expect(Object.keys(release.jobs)).toStrictEqual(["check", "test", "publish", "github-release"]);
    expect(before("test")).toStrictEqual(new Set(["check"]));
    expect(before("publish")).toStrictEqual(new Set(["check", "test"]));
    expect(before("github-release")).toStrictEqual(new Set(["check", "test", "publish"]));
  });

  it("tests as ci.yml and .ci/run do, on Node 20, 22 and 24, with Chromium for the browser tests", () => {
    const matrix = job("test").strategy?.matrix ?? {};
    expect((matrix["node"] as unknown[]).map(String)).toStrictEqual(["20", "22", "24"]);
    expect(findStep(steps("test"), usesAction("actions/setup-node"), "sets up Node").with?.["node-version"]).toBe("${{ matrix.node }}");
    const install = stepIndex(steps("test"), runsExactly("npm ci"), "runs npm ci");
    const chromium = stepIndex(steps("test"), (step) => /\bcommand -v chromium\b/.test(step.run ?? ""), "installs Chromium");
    const test = stepIndex(steps("test"), runsExactly("npm test"), "runs npm test");
    expect(install).toBeLessThan(chromium);
    expect(chromium).toBeLessThan(test);
  });

  it("grants contents: read, and widens it only for the publish (id-token) and the release (contents: write)", () => {
    expect(release.permissions).toStrictEqual({ contents: "read" });
    expect(job("check").permissions).toBeUndefined();
    expect(job("test").permissions).toBeUndefined();
    expect(job("publish").permissions).toStrictEqual({ contents: "read", "id-token": "write" });
    expect(job("github-release").permissions).toStrictEqual({ contents: "write" });
  });

  it("publishes with provenance, with no npm token anywhere: the OIDC token of trusted publishing", () => {
    const publish = findStep(steps("publish"), runsPublish, "publishes to npm");
    expect(publish.run).toMatch(/^npm publish "release\/plugin-catalog-\$\{TAG#v\}\.tgz" --provenance --access public$/);
    const texts = strings(release).map(({ text }) => text);
    expect(texts.filter((text) => /NPM_TOKEN|NODE_AUTH_TOKEN|_authToken|\bsecrets\./.test(text))).toStrictEqual([]);
    const setupNode = findStep(steps("publish"), usesAction("actions/setup-node"), "sets up Node");
    expect(setupNode.with).toMatchObject({ "node-version": 24, "registry-url": "https://registry.npmjs.org" });
  });

  it("publishes the tarball packed in the check job, running no code of the repository or its dependencies", () => {
    expect(steps("publish").map((step) => step.uses?.split("@")[0] ?? step.run?.split(" ").slice(0, 2).join(" "))).toStrictEqual([
      "actions/setup-node",
      "actions/download-artifact",
      "npm publish",
    ]);
    const upload = findStep(steps("check"), usesAction("actions/upload-artifact"), "keeps the tarball");
    const download = findStep(steps("publish"), usesAction("actions/download-artifact"), "takes the tarball");
    expect(download.with?.["name"]).toBe(upload.with?.["name"]);
    expect(download.with?.["path"]).toBe("release");
    expect(upload.with?.["path"]).toBe("release/");
  });

  it("checks the tag, the repository and npm's version with the publish job's Node, before packing", () => {
    const check = stepIndex(steps("check"), runsTool("check"), "checks the tag");
    const pack = stepIndex(steps("check"), (step) => /\bnpm pack\b/.test(step.run ?? ""), "packs");
    expect(check).toBeLessThan(pack);
    expect(steps("check")[check]!.run).toBe(
      'node lib/tools/release/main.js check --tag "$TAG" --repository "$REPOSITORY" --npm-version "$(npm --version)"',
    );
    expect(steps("check")[check]!.env).toStrictEqual({ TAG: "${{ github.ref_name }}", REPOSITORY: "${{ github.repository }}" });
    const nodeOf = (name: string) => findStep(steps(name), usesAction("actions/setup-node"), "sets up Node").with?.["node-version"];
    expect(nodeOf("check"), "the npm checked is the npm that publishes").toBe(nodeOf("publish"));
  });

  it("creates the GitHub release with the changelog's section as its notes, with the workflow's own token", () => {
    const notes = findStep(steps("check"), runsTool("notes"), "writes the notes");
    expect(notes.run).toContain('node lib/tools/release/main.js notes --version "${TAG#v}" > release/release-notes.md');
    const create = findStep(steps("github-release"), runsGhRelease, "creates the release");
    expect(create.run).toBe(
      'gh release create "$TAG" --repo "$REPOSITORY" --title "$TAG" --notes-file release/release-notes.md --verify-tag',
    );
    expect(create.env).toStrictEqual({
      GH_TOKEN: "${{ github.token }}",
      TAG: "${{ github.ref_name }}",
      REPOSITORY: "${{ github.repository }}",
    });
    expect(stepIndex(steps("github-release"), usesAction("actions/download-artifact"), "takes the notes")).toBeLessThan(
      steps("github-release").indexOf(create),
    );
  });

  it("lets a failure stop the release (no continue-on-error, no condition)", () => {
    for (const job of allJobs(release)) {
      expect(job["continue-on-error"]).toBeUndefined();
      for (const step of job.steps ?? []) {
        expect(step["continue-on-error"], step.name).toBeUndefined();
        expect(step.if, step.name).toBeUndefined();
      }
    }
  });

  describe("its scripts, run", () => {
    let dir: string;
    let bin: string;
    let argsFile: string;
    let manifest: { name: string };
    const changelog = "# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2026-12-01\n\n### Fixed\n\n- A bug.\n";
    const env = (extra: Record<string, string>) => ({ PATH: `${bin}:${process.env["PATH"] ?? ""}`, ...extra });
    const recorded = async () => (await readFile(argsFile, "utf8")).trimEnd().split("\n");

    beforeAll(async () => {
      dir = await makeTempDir("plugin-catalog-release-workflow-");
      bin = join(dir, "bin");
      argsFile = join(dir, "args");
      manifest = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as { name: string };
      // A checkout of version 1.2.3 of this repository, its lib/ the one npm run build:ts wrote.
      const repository = { type: "git", url: "git+https://github.com/acme/plugin-catalog.git" };
      await writeFile(join(dir, "package.json"), JSON.stringify({ ...manifest, version: "1.2.3", repository }));
      await writeFile(join(dir, "CHANGELOG.md"), changelog);
      await symlink(join(REPO_ROOT, "lib"), join(dir, "lib"), "dir");
      // Stand-ins that record their arguments, one per line; npm answers --version as npm 11.6.0 does.
      await standIn(bin, "npm", `if [ "$1" = --version ]; then echo 11.6.0; else printf '%s\\n' "$@" > "${argsFile}"; fi`);
      await standIn(bin, "gh", `printf '%s\\n' "$@" > "${argsFile}"`);
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it("the check passes the tag of package.json's version, and fails any other", async () => {
      const check = findStep(steps("check"), runsTool("check"), "checks the tag");
      const passed = await runScript(check.run!, dir, env({ TAG: "v1.2.3", REPOSITORY: "acme/plugin-catalog" }));
      expect(passed.code, passed.stderr).toBe(0);
      for (const [tag, repository] of [
        ["v1.2.4", "acme/plugin-catalog"],
        ["v1.2.3", "someone/else"],
      ]) {
        const failed = await runScript(check.run!, dir, env({ TAG: tag!, REPOSITORY: repository! }));
        expect(failed.code).toBe(1);
        expect(failed.stderr).toContain(`${tag} cannot be released:`);
      }
    });

    it("packs into release/ and writes the version's changelog section beside the tarball", async () => {
      const pack = findStep(steps("check"), (step) => /\bnpm pack\b/.test(step.run ?? ""), "packs");
      const result = await runScript(pack.run!, dir, env({ TAG: "v1.2.3" }));
      expect(result.code, result.stderr).toBe(0);
      expect(await recorded()).toStrictEqual(["pack", "--pack-destination", "release"]);
      expect(await readFile(join(dir, "release", "release-notes.md"), "utf8")).toBe("### Fixed\n\n- A bug.\n");
    });

    it("publishes the tarball npm pack names for the version (<name>-<version>.tgz)", async () => {
      const publish = findStep(steps("publish"), runsPublish, "publishes to npm");
      const result = await runScript(publish.run!, dir, env({ TAG: "v1.2.3" }));
      expect(result.code, result.stderr).toBe(0);
      expect(await recorded()).toStrictEqual(["publish", `release/${manifest.name}-1.2.3.tgz`, "--provenance", "--access", "public"]);
    });

    it("creates the release of the tag, in this repository, with the notes file", async () => {
      const create = findStep(steps("github-release"), runsGhRelease, "creates the release");
      const result = await runScript(create.run!, dir, env({ TAG: "v1.2.3", REPOSITORY: "acme/plugin-catalog" }));
      expect(result.code, result.stderr).toBe(0);
      expect(await recorded()).toStrictEqual([
        "release",
        "create",
        "v1.2.3",
        "--repo",
        "acme/plugin-catalog",
        "--title",
        "v1.2.3",
        "--notes-file",
        "release/release-notes.md",
        "--verify-tag",
      ]);
    });
  });
});
