/**
 * `serve` failures, driven in process: they return before anything listens.
 * (A `serve` that starts runs until a signal ends the process, so its
 * working life is tested on the binary, in binary.test.ts.)
 */
import { once } from "node:events";
import { rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { makeTempDir } from "../../../support/targets.js";
import { expectOneLineFailure, runInProcess } from "../../run-in-process.js";

describe.concurrent("serve failures: exit 1, one line", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("a directory that does not exist, with the command that builds one", async ({ expect }) => {
    const missing = join(dir, "no-site");
    const message = expectOneLineFailure(expect, await runInProcess(["serve", missing, "--port", "0"]));
    expect(message).toContain(`${missing} is not a directory; build a site first: plugin-catalog build --out ${missing}`);
  });

  it("a file instead of a directory", async ({ expect }) => {
    const file = join(dir, "a-file");
    await writeFile(file, "");
    expect(expectOneLineFailure(expect, await runInProcess(["serve", file, "--port", "0"]))).toContain(`${file} is not a directory`);
  });

  it("a port already taken, naming the address and the cause", async ({ expect }) => {
    const taken = createServer().listen(0, "127.0.0.1");
    await once(taken, "listening");
    const { port } = taken.address() as AddressInfo;
    try {
      const message = expectOneLineFailure(expect, await runInProcess(["serve", dir, "--port", String(port), "--host", "127.0.0.1"]));
      expect(message).toContain(`cannot listen on 127.0.0.1:${port}: EADDRINUSE`);
    } finally {
      taken.close();
    }
  });
});
