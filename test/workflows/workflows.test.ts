/**
 * This repository's GitHub Actions workflows: `.github/workflows/daily.yml`
 * (the daily catalog build and Cloudflare Workers deploy) and `ci.yml` (the
 * test suite on Node 20, 22 and 24); every one of them, `release.yml`
 * included (release.test.ts), against GitHub's workflow schema. The checks
 * shared with the workflows that `plugin-catalog init` writes are in
 * workflow-checks.ts.
 */
import { join } from "node:path";
import type { ValidateFunction } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "../support/targets.js";
import {
  allJobs,
  compileWorkflowSchema,
  describeCloudflareDeploy,
  describeDailyWorkflow,
  describeWorkflowBasics,
  expectValid,
  findStep,
  onlyJob,
  readWorkflow,
  readWorkflowDocument,
  runsExactly,
  stepIndex,
  usesAction,
} from "./workflow-checks.js";

const WORKFLOW_FILES = {
  daily: ".github/workflows/daily.yml",
  ci: ".github/workflows/ci.yml",
  release: ".github/workflows/release.yml",
} as const;
type WorkflowName = keyof typeof WORKFLOW_FILES;
const pathOf = (name: WorkflowName) => join(REPO_ROOT, WORKFLOW_FILES[name]);

const daily = readWorkflow(pathOf("daily"));
const ci = readWorkflow(pathOf("ci"));

describe("SchemaStore's github-workflow.json", () => {
  let validate: ValidateFunction;
  beforeAll(async () => {
    validate = await compileWorkflowSchema();
  });

  it.each(Object.keys(WORKFLOW_FILES) as WorkflowName[])("accepts %s.yml", (name) => {
    expectValid(validate, readWorkflowDocument(pathOf(name)));
  });

  it("rejects a workflow with a misspelt key (the validation is not vacuous)", () => {
    const broken = parse("on: push\njobs:\n  test:\n    runs_on: ubuntu-latest\n    steps:\n      - run: npm test\n");
    expect(validate(broken)).toBe(false);
  });
});

describe.each([
  ["daily", daily],
  ["ci", ci],
] as const)("%s.yml", (_name, workflow) => {
  it("grants the token exactly contents: read, and no job widens it", () => {
    expect(workflow.permissions).toStrictEqual({ contents: "read" });
    for (const job of allJobs(workflow)) {
      if (job.permissions === undefined) continue;
      expect(job.permissions, "a job may only narrow the permissions").toBeTypeOf("object");
      for (const [scope, level] of Object.entries(job.permissions as object)) {
        expect(scope).toBe("contents");
        expect(["read", "none"]).toContain(level);
      }
    }
  });

  it("has one job", () => {
    onlyJob(workflow);
  });
});

describeWorkflowBasics("daily.yml", () => daily);
describeWorkflowBasics("ci.yml", () => ci);
describeDailyWorkflow("daily.yml", () => daily, { siteUrl: "${{ vars.SITE_URL }}" });
describeCloudflareDeploy(
  "daily.yml",
  () => daily,
  () => join(REPO_ROOT, "package.json"),
);

describe("ci.yml", () => {
  const job = onlyJob(ci);
  const steps = job.steps ?? [];

  it("runs on pull requests and on pushes to main", () => {
    expect(Object.keys(ci.on)).toContain("pull_request");
    expect(ci.on["push"]).toStrictEqual({ branches: ["main"] });
  });

  it("tests on Node 20, 22 and 24", () => {
    const matrix = job.strategy?.matrix ?? {};
    expect(Object.keys(matrix)).toStrictEqual(["node"]);
    expect((matrix["node"] as unknown[]).map(String)).toStrictEqual(["20", "22", "24"]);
    const setupNode = findStep(steps, usesAction("actions/setup-node"), "sets up Node");
    expect(setupNode.with?.["node-version"]).toBe("${{ matrix.node }}");
  });

  it("cancels a superseded run of the same ref", () => {
    const concurrency = ci.concurrency as { group: string; "cancel-in-progress"?: unknown };
    expect(concurrency.group).toContain("${{ github.ref }}");
    expect(concurrency["cancel-in-progress"]).toBe(true);
  });

  it("runs npm ci, then npm test", () => {
    expect(stepIndex(steps, runsExactly("npm ci"), "runs npm ci")).toBeLessThan(stepIndex(steps, runsExactly("npm test"), "runs npm test"));
  });
});
