/**
 * Issue bullet 5 — the `--config` file (docs/API.md#configuration) checked before
 * any upstream is asked: a broken config exits 1 (any failure but a usage error:
 * a one-line cause on stderr) with a message naming the key and what is
 * accepted; a missing file exits 1 with a clear message. Nothing is fetched and
 * --out is not created.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld } from "../fakes/index.js";
import {
  type CliResult,
  describeRun,
  makeTempDir,
  removeDir,
  runCli,
  STACK_TRACE,
  startUpstreams,
  type Upstreams,
  writeConfig,
} from "./support.js";

let dir: string;
let up: Upstreams;

beforeAll(async () => {
  dir = await makeTempDir();
  up = await startUpstreams(createWorld({ packages: 5, seed: 1 }));
});

afterAll(async () => {
  await up.close();
  await removeDir(dir);
});

function oneLine(result: CliResult): string {
  expect(result.code, describeRun(result)).toBe(1);
  expect(result.stderr).not.toMatch(STACK_TRACE);
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  return lines[0] ?? "";
}

async function buildWith(
  name: string,
  config: string | object,
  extra: string[] = [],
): Promise<{ result: CliResult; out: string; path: string }> {
  const path = await writeConfig(dir, typeof config === "string" ? config : JSON.stringify(config), `${name}.json`);
  const out = `${dir}/out-${name}`;
  const result = await runCli(["build", "--config", path, "--out", out, ...up.args(), "--search-interval", "0", ...extra]);
  return { result, out, path };
}

interface Case {
  name: string;
  config: string | object;
  /** The key at fault: the message must name it more often than a message about some other problem does. */
  key?: string;
  /** Every pattern must appear in the one-line message. */
  says: RegExp[];
}

const CASES: Case[] = [
  { name: "bad-json", config: '{ "keywords": ["acme-plugin"], ', says: [/bad-json\.json/, /JSON/i] },
  {
    name: "unknown-key",
    config: { keywords: ["acme-plugin"], excludes: ["x"] },
    key: "excludes",
    says: [
      /\bkeywords\b/,
      /\bcategories\b/,
      /\bwebUiKeywords\b/,
      /\bexclude\b/,
      /\bdisplayName\b/,
      /\bmirrors\b/,
      /\bcompatibility\b/,
      /\bsiteUrl\b/,
    ],
  },
  { name: "empty-keywords", config: { keywords: [] }, key: "keywords", says: [/at least one|non-empty|empty/i] },
  { name: "keywords-string", config: { keywords: "acme-plugin" }, key: "keywords", says: [/array/i] },
  { name: "no-keywords", config: { exclude: [] }, key: "keywords", says: [/array|required|at least one/i] },
  { name: "exclude-number", config: { keywords: ["acme-plugin"], exclude: 5 }, key: "exclude", says: [/array/i] },
  { name: "webui-numbers", config: { keywords: ["acme-plugin"], webUiKeywords: [1] }, key: "webUiKeywords", says: [/string/i] },
  {
    name: "mirrors-string",
    config: { keywords: ["acme-plugin"], mirrors: { "some-package": "https://github.com/a/b" } },
    key: "mirrors",
    says: [/array/i],
  },
  {
    name: "display-name-path",
    config: { keywords: ["acme-plugin"], displayName: ["signalk..displayName"] },
    key: "displayName",
    says: [/"signalk\.\.displayName"/, /dotted path/],
  },
  {
    name: "display-name-string",
    config: { keywords: ["acme-plugin"], displayName: "signalk.displayName" },
    key: "displayName",
    says: [/array/i],
  },
  {
    name: "mirrors-not-a-repo",
    config: { keywords: ["acme-plugin"], mirrors: { "some-package": ["https://example.org/a/b"] } },
    key: "mirrors",
    says: [/github|gitlab/i],
  },
  {
    name: "compat-host",
    config: { keywords: ["acme-plugin"], compatibility: { host: "node red", ranges: ["engines.node-red"] } },
    key: "compatibility",
    says: [/npm package name/, /node-red/],
  },
  {
    name: "compat-no-ranges",
    config: { keywords: ["acme-plugin"], compatibility: { host: "node-red", ranges: [] } },
    key: "compatibility",
    says: [/at least one dotted path/],
  },
  {
    name: "compat-misspelt",
    config: { keywords: ["acme-plugin"], compatibility: { host: "node-red", range: ["engines.node-red"] } },
    key: "compatibility",
    says: [/"range"/, /ranges/],
  },
  {
    name: "site-url",
    config: { keywords: ["acme-plugin"], siteUrl: "ftp://plugins.example.org/" },
    key: "siteUrl",
    says: [/"ftp:\/\/plugins\.example\.org\/"/, /http\(s\) URL/],
  },
];

/** A config that is wrong as a whole (no key at fault): the baseline for "names the key". */
const BASELINE: Case = { name: "top-level-array", config: ["acme-plugin"], says: [/object|keywords/i] };

function mentions(line: string, key: string): number {
  return line.match(new RegExp(`(?<![A-Za-z_])${key}(?![A-Za-z_])`, "g"))?.length ?? 0;
}

describe("a broken config", () => {
  const results = new Map<string, { result: CliResult; out: string }>();
  let requestsSeen = -1;

  beforeAll(async () => {
    const runs = await Promise.all([...CASES, BASELINE].map(async (c) => [c.name, await buildWith(c.name, c.config)] as const));
    for (const [name, run] of runs) results.set(name, run);
    requestsSeen = up.registry.stats.requests + up.github.stats.requests + up.gitlab.stats.requests;
  }, 30_000);

  it("asks no upstream anything", () => {
    expect(requestsSeen).toBe(0);
  });

  for (const c of [...CASES, BASELINE]) {
    it(`${c.name}: exit 1, one line naming the key and what is accepted; --out not created`, () => {
      const run = results.get(c.name);
      if (!run) throw new Error("not run");
      const line = oneLine(run.result);
      for (const pattern of c.says) expect(line, `"${line}" should match ${String(pattern)}`).toMatch(pattern);
      if (c.key !== undefined) {
        const baseline = results.get(BASELINE.name)?.result.stderr ?? "";
        expect(mentions(line, c.key), `"${line}" should name ${c.key} (baseline: "${baseline.trim()}")`).toBeGreaterThan(
          mentions(baseline, c.key),
        );
      }
      expect(existsSync(run.out)).toBe(false);
    });
  }
});

describe("a missing config file", () => {
  it("--config pointing nowhere: exit 1, names the file and says it is missing", async () => {
    const missing = `${dir}/does-not-exist.config.json`;
    const result = await runCli(["build", "--config", missing, "--out", `${dir}/out-missing`, ...up.args()]);
    const line = oneLine(result);
    expect(line).toContain("does-not-exist.config.json");
    expect(line).toMatch(/no such file|not found|does not exist|missing|cannot (read|find)/i);
    expect(up.registry.stats.requests).toBe(0);
  });

  it("no --config and no plugin-catalog.config.json in the working directory: exit 1, names the default file", async () => {
    const cwd = await makeTempDir();
    try {
      const result = await runCli(["build", "--out", `${cwd}/out`, ...up.args()], { cwd });
      const line = oneLine(result);
      expect(line).toContain("plugin-catalog.config.json");
      expect(line).toMatch(/no such file|not found|does not exist|missing|cannot (read|find)/i);
    } finally {
      await removeDir(cwd);
    }
  });

  it("a valid config still builds (control)", async () => {
    const { result } = await buildWith(
      "valid",
      {
        keywords: ["acme-plugin"],
        categories: [],
        webUiKeywords: [],
        exclude: [],
        mirrors: {},
        compatibility: { host: "@scope/Legacy-Host", ranges: ["engines.host"] },
        siteUrl: "https://plugins.example.org/catalog/",
      },
      ["--timeout", "2000"],
    );
    expect(result.code, describeRun(result)).toBe(0);
  });
});
