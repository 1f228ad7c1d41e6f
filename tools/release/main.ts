#!/usr/bin/env node
/**
 * The release workflow's checks and notes (.github/workflows/release.yml),
 * run from a checkout after `npm ci`:
 *
 *     node lib/tools/release/main.js check --tag v1.2.3 [--repository OWNER/NAME] [--npm-version 11.6.0]
 *     node lib/tools/release/main.js notes --version 1.2.3
 *
 * `check` says whether the tag may be published (package.json's version, the
 * changelog's section, the repository npm's provenance names, npm's
 * version), listing every problem; `notes` prints the changelog's section
 * for a version, the GitHub release's body. Both read package.json and
 * CHANGELOG.md in `--root` (default: the working directory).
 * Exit 0 on success, 2 on a usage error, 1 on any other failure.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { releaseNotes } from "./changelog.js";
import { releaseProblems } from "./release-check.js";

const USAGE = [
  "usage: main.js check --tag vX.Y.Z [--repository OWNER/NAME] [--npm-version VERSION] [--root DIR]",
  "       main.js notes --version X.Y.Z [--root DIR]",
].join("\n");

class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        tag: { type: "string" },
        version: { type: "string" },
        repository: { type: "string" },
        "npm-version": { type: "string" },
        root: { type: "string", default: "." },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(name: string, value: string | undefined): string {
  if (value === undefined || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

async function check(values: ReturnType<typeof parse>["values"]): Promise<void> {
  const tag = required("tag", values.tag);
  const root = values.root!;
  const problems = releaseProblems({
    tag,
    manifest: JSON.parse(await readFile(join(root, "package.json"), "utf8")) as unknown,
    changelog: await readFile(join(root, "CHANGELOG.md"), "utf8"),
    ...(values.repository === undefined ? {} : { repository: values.repository }),
    ...(values["npm-version"] === undefined ? {} : { npmVersion: values["npm-version"] }),
  });
  if (problems.length > 0) throw new Error(`${tag} cannot be released:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
  process.stdout.write(`${tag}: package.json, CHANGELOG.md and the release tooling agree\n`);
}

async function notes(values: ReturnType<typeof parse>["values"]): Promise<void> {
  const version = required("version", values.version);
  process.stdout.write(releaseNotes(await readFile(join(values.root!, "CHANGELOG.md"), "utf8"), version));
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  if (positionals.length !== 1) throw new UsageError(`expected one command, check or notes; got ${JSON.stringify(positionals)}`);
  if (positionals[0] === "check") return check(values);
  if (positionals[0] === "notes") return notes(values);
  throw new UsageError(`unknown command ${JSON.stringify(positionals[0])}: expected check or notes`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage ? `${USAGE}\n` : ""}`);
  process.exitCode = usage ? 2 : 1;
});
