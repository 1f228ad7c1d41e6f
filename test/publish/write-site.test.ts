import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSiteAtomically } from "../../src/publish/write-site.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("writeSiteAtomically", () => {
  it("replaces the directory whole: files of the previous site do not survive", async () => {
    const root = await mkdtemp(join(tmpdir(), "pc-write-"));
    const out = join(root, "dist");
    await writeSiteAtomically(new Map([["a/old.json", bytes("1")]]), out);
    await writeSiteAtomically(new Map([["b/new.json", bytes("2")]]), out);
    expect(await readdir(out)).toEqual(["b"]);
    expect(await readdir(root)).toEqual(["dist"]);
  });

  it("leaves the previous directory exactly as it was when writing fails", async () => {
    const root = await mkdtemp(join(tmpdir(), "pc-write-"));
    const out = join(root, "dist");
    await mkdir(join(out, "catalog"), { recursive: true });
    await writeFile(join(out, "catalog", "manifest.json"), "previous");
    // "x" as a file and as a directory cannot both be written.
    const impossible = new Map([
      ["x", bytes("file")],
      ["x/y.json", bytes("child")],
    ]);
    await expect(writeSiteAtomically(impossible, out)).rejects.toThrow();
    expect(await readFile(join(out, "catalog", "manifest.json"), "utf8")).toBe("previous");
    expect(await readdir(root)).toEqual(["dist"]);
  });
});
