/** CONTRACT section 6: `--help` on every command (exit 0); usage errors exit 2 with a short message, no stack trace. */
import { describe, it } from "vitest";
import { runCli } from "../support/targets.js";

const STACK_TRACE = /\n\s+at\s|node:internal|\.js:\d+:\d+/;

describe.concurrent("--help", () => {
  it.for([
    [["--help"], ["build", "serve", "query"]],
    [["build", "--help"], ["--snapshot", "--out", "--config"]],
    [["serve", "--help"], ["--port", "--host"]],
    [["query", "--help"], []],
  ] as const)("%j exits 0 with usage on stdout naming %j", async ([args, names], { expect }) => {
    const result = await runCli(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/usage/i);
    for (const name of names) expect(result.stdout).toContain(name);
  });
});

describe.concurrent("usage errors exit 2", () => {
  it.for([
    [["build", "--bogus"]],
    [["build", "--snapshot"]],
    [["build", "--out"]],
    [["frobnicate"]],
    [["--no-such-global-option"]],
    [["serve", "--port"]],
    [["serve", "--port", "notaport"]],
    [["serve", "--bogus"]],
    [["query", "--bogus"]],
  ] as const)("%j", async ([args], { expect }) => {
    const result = await runCli(args);
    expect(result.code, `stdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(2);
    expect(result.stderr.trim()).not.toBe("");
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });
});
