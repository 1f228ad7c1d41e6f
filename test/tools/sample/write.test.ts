import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { writeSampleSnapshot } from "../../../tools/sample/write.js";

describe("writeSampleSnapshot", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "sample-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("streams compact JSON identical to JSON.stringify of the snapshot", async () => {
    const file = join(dir, "compact.json");
    const options = { plugins: 120, seed: 8, generatedAt: "2025-01-02T03:04:05.678Z" };
    const result = await writeSampleSnapshot(file, options, false);
    const text = await readFile(file, "utf8");
    expect(text).toBe(JSON.stringify(generateSnapshot(options)));
    expect(result).toEqual({ plugins: 120, bytes: Buffer.byteLength(text) });
  });

  it("writes an empty catalog as valid compact JSON", async () => {
    const file = join(dir, "empty.json");
    await writeSampleSnapshot(file, { plugins: 0, seed: 1 }, false);
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(generateSnapshot({ plugins: 0, seed: 1 })));
  });

  it("writes pretty JSON with a 2-space indent and a final newline", async () => {
    const file = join(dir, "pretty.json");
    await writeSampleSnapshot(file, { plugins: 20, seed: 8 }, true);
    expect(await readFile(file, "utf8")).toBe(`${JSON.stringify(generateSnapshot({ plugins: 20, seed: 8 }), null, 2)}\n`);
  });

  it("leaves no file behind when the options are bad", async () => {
    const file = join(dir, "bad.json");
    await expect(writeSampleSnapshot(file, { plugins: 5, seed: -3 }, false)).rejects.toThrow(RangeError);
    expect((await readdir(dir)).filter((name) => name.startsWith("bad"))).toEqual([]);
  });
});
