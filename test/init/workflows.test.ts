/**
 * The daily workflows `plugin-catalog init` writes, one per host: valid for
 * GitHub, and held to the same checks as this repository's own daily
 * workflow (workflow-checks.ts), plus what each host adds.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { ValidateFunction } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../cli/run-in-process.js";
import { makeTempDir, REPO_ROOT } from "../support/targets.js";
import {
  allJobs,
  allSteps,
  buildJob,
  compileWorkflowSchema,
  describeCloudflareDeploy,
  describeDailyWorkflow,
  describeWorkflowBasics,
  expectValid,
  findStep,
  isCloudflareDeploy,
  readWorkflow,
  readWorkflowDocument,
  runScript,
  runsCatalogBuild,
  standIn,
  stepIndex,
  usesAction,
} from "../workflows/workflow-checks.js";

const HOSTS = ["github-pages", "cloudflare"] as const;
const root = await makeTempDir("plugin-catalog-init-workflows-");
for (const host of HOSTS) {
  // A keyword that would break YAML if it were pasted into the workflow.
  const result = await runInProcess(["init", join(root, host), "--keyword", 'acme:"#x"', "--host", host]);
  if (result.code !== 0) throw new Error(`init --host ${host} failed: ${result.stderr}`);
}
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const workflowPath = (host: (typeof HOSTS)[number]) => join(root, host, ".github", "workflows", "daily.yml");
const pages = readWorkflow(workflowPath("github-pages"));
const cloudflare = readWorkflow(workflowPath("cloudflare"));

describe("SchemaStore's github-workflow.json", () => {
  let validate: ValidateFunction;
  beforeAll(async () => {
    validate = await compileWorkflowSchema();
  });

  it.each(HOSTS)("accepts the %s workflow", (host) => {
    expectValid(validate, readWorkflowDocument(workflowPath(host)));
  });
});

describeWorkflowBasics("github-pages", () => pages);
describeDailyWorkflow("github-pages", () => pages, { siteUrl: "${{ steps.pages.outputs.base_url }}", siteUrlAlwaysKnown: true });
describeWorkflowBasics("cloudflare", () => cloudflare);
describeDailyWorkflow("cloudflare", () => cloudflare, { siteUrl: "${{ vars.SITE_URL }}" });
describeCloudflareDeploy(
  "cloudflare",
  () => cloudflare,
  () => join(root, "cloudflare", "package.json"),
);

describe("the cloudflare workflow", () => {
  it("is this repository's own daily workflow, comments aside", () => {
    expect(cloudflare).toStrictEqual(readWorkflow(join(REPO_ROOT, ".github", "workflows", "daily.yml")));
  });
});

describe("the github-pages workflow", () => {
  const build = buildJob(pages);
  const steps = build.steps ?? [];
  const deploy = pages.jobs["deploy"];

  it("builds in one job and publishes in another, each with only the permissions it needs", () => {
    expect(Object.keys(pages.jobs)).toStrictEqual(["build", "deploy"]);
    expect(pages.permissions).toStrictEqual({ contents: "read" });
    expect(build.permissions).toStrictEqual({ contents: "read", pages: "read" });
    expect(deploy?.permissions).toStrictEqual({ pages: "write", "id-token": "write" });
  });

  it("publishes only what a successful build uploaded, with deploy-pages in the github-pages environment", () => {
    const buildIndex = stepIndex(steps, runsCatalogBuild, "builds the catalog");
    const upload = findStep(steps, usesAction("actions/upload-pages-artifact"), "uploads the site for Pages");
    expect(steps.indexOf(upload)).toBeGreaterThan(buildIndex);
    expect(upload.uses).toBe("actions/upload-pages-artifact@v5");
    expect(upload.with).toStrictEqual({ path: "dist" });
    expect(String(upload.if ?? "")).not.toMatch(/\b(always|failure|cancelled)\s*\(/);

    expect(deploy?.needs).toBe("build");
    expect(deploy?.environment).toStrictEqual({ name: "github-pages", url: "${{ steps.deployment.outputs.page_url }}" });
    expect(deploy?.steps).toStrictEqual([{ name: "Deploy to GitHub Pages", id: "deployment", uses: "actions/deploy-pages@v5" }]);
    expect(allSteps(pages).some(isCloudflareDeploy)).toBe(false);
  });

  it("builds from the site's address as GitHub reports it (configure-pages), custom domains included", () => {
    const configure = findStep(steps, usesAction("actions/configure-pages"), "asks for the site's address");
    expect(configure.uses).toBe("actions/configure-pages@v5");
    expect(configure.id).toBe("pages");
    expect(steps.indexOf(configure)).toBeLessThan(stepIndex(steps, runsCatalogBuild, "builds the catalog"));
  });

  it("gives the tokens only to the build, never to the publishing job", () => {
    for (const job of allJobs(pages).filter((each) => each !== build)) expect(JSON.stringify(job)).not.toMatch(/secrets\./);
  });

  describe("the settings check", () => {
    let dir: string;
    beforeAll(async () => {
      dir = await makeTempDir("plugin-catalog-workflow-");
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    /** Runs the check with a stand-in `gh` that answers `.build_type` (or fails like gh on a 404 when given null). */
    async function check(buildType: string | null, hasToken = "true") {
      const script = findStep(steps, (step) => /::error/.test(step.run ?? ""), "checks the repository settings");
      expect(script.env).toStrictEqual({
        GH_TOKEN: "${{ github.token }}",
        HAS_CATALOG_GITHUB_TOKEN: "${{ secrets.CATALOG_GITHUB_TOKEN != '' }}",
      });
      const bin = join(dir, "bin");
      const answer = buildType === null ? `echo "gh: Not Found (HTTP 404)" >&2; exit 1` : `echo "${buildType}"`;
      await standIn(bin, "gh", `printf '%s\\n' "$@" > "${join(dir, "gh-args")}"\n${answer}`);
      const path = `${bin}:${process.env["PATH"] ?? ""}`;
      return runScript(script.run!, dir, { PATH: path, GITHUB_REPOSITORY: "acme/plugins", HAS_CATALOG_GITHUB_TOKEN: hasToken });
    }

    it("passes silently when Pages deploys from GitHub Actions, asking GitHub for this repository's Pages settings", async () => {
      expect(await check("workflow")).toMatchObject({ code: 0, stdout: "" });
      expect((await readFile(join(dir, "gh-args"), "utf8")).trim().split("\n")).toStrictEqual([
        "api",
        "repos/acme/plugins/pages",
        "--jq",
        ".build_type",
      ]);
    });

    it("fails naming the setting when Pages is off or deploys from a branch; only warns without the PAT", async () => {
      const off = await check(null);
      expect(off.code).toBe(1);
      expect(off.stdout).toContain("::error title=GitHub Pages is not enabled::");
      expect(off.stdout).toContain("set Source to GitHub Actions");
      const branch = await check("legacy");
      expect(branch.code).toBe(1);
      expect(branch.stdout).toContain("::error title=GitHub Pages does not deploy from GitHub Actions::");
      expect(branch.stdout).toContain("legacy");
      const withoutPat = await check("workflow", "false");
      expect(withoutPat.code).toBe(0);
      expect(withoutPat.stdout).toContain("::warning title=CATALOG_GITHUB_TOKEN is not set::");
    });
  });
});
