import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StagedSite } from "../../src/publish/write-site.js";
import { writeSiteAtomically } from "../support/site-dir.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a site written whole (StagedSite: staged, then committed)", () => {
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

/** A directory holding yesterday's site (`old.json`), and a staged site over it. */
async function stagedOverPrevious(): Promise<{ root: string; out: string; staged: StagedSite }> {
  const root = await mkdtemp(join(tmpdir(), "pc-staged-"));
  const out = join(root, "dist");
  await writeSiteAtomically(new Map([["old.json", bytes("old")]]), out);
  return { root, out, staged: new StagedSite(out) };
}

describe("StagedSite", () => {
  it("writes each file as it is set, shows nothing at the target until committed, and counts each path once", async () => {
    const { root, out, staged } = await stagedOverPrevious();
    staged.set("catalog/a.json", bytes("aa"));
    staged.set("catalog/a.json", bytes("aa"));
    staged.set("b.json", bytes("b"));
    expect((await readdir(root)).filter((name) => name.startsWith(".dist.new-"))).toHaveLength(1);
    expect(await readdir(out)).toEqual(["old.json"]);
    expect([staged.files, staged.bytes]).toEqual([2, 3]);
    await staged.commit();
    await staged.discard();
    expect((await readdir(out)).sort()).toEqual(["b.json", "catalog"]);
    expect(await readdir(root)).toEqual(["dist"]);
  });

  it("leaves the previous site and no staging behind when discarded before a commit", async () => {
    const { root, out, staged } = await stagedOverPrevious();
    staged.set("new.json", bytes("new"));
    await staged.discard();
    expect(await readdir(root)).toEqual(["dist"]);
    expect(await readFile(join(out, "old.json"), "utf8")).toBe("old");
  });
});
