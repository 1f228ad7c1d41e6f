/** `--help` on every command (exit 0); usage errors exit 2 with a short message, no stack trace. Driven in process. */
import { describe, it } from "vitest";
import { runInProcess, STACK_TRACE } from "./run-in-process.js";

describe.concurrent("--help", () => {
  it.for([
    [["--help"], ["build", "serve", "query", "report"]],
    [
      ["build", "--help"],
      ["--snapshot", "--out", "--config"],
    ],
    [
      ["serve", "--help"],
      ["--port", "--host"],
    ],
    [["query", "--help"], []],
    [["report", "--help"], ["--markdown"]],
  ] as const)("%j exits 0 with usage on stdout naming %j", async ([args, names], { expect }) => {
    const result = await runInProcess(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/usage/i);
    for (const name of names) expect(result.stdout).toContain(name);
  });
});

describe("--version", () => {
  it("prints the version it was given and exits 0", async ({ expect }) => {
    const result = await runInProcess(["--version"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe("0.0.0-test");
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
    [["report"]],
    [["report", "r.json", "--bogus"]],
    [["report", "r.json", "--markdown"]],
  ] as const)("%j", async ([args], { expect }) => {
    const result = await runInProcess(args);
    expect(result.code, `stdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(2);
    expect(result.stderr.trim()).not.toBe("");
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });
});
