/**
 * The folder rules of docs/ARCHITECTURE.md, checked on the sources' import
 * statements: the read side (core, shim, runtime) stands alone, and no two
 * folders of src/ import each other, directly or round a loop.
 */
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../src");

interface Module {
  /** Relative to src/, e.g. `shim/handler.ts`. */
  readonly path: string;
  /** Modules of src/ it imports (relative to src/), types included. */
  readonly modules: readonly string[];
  /** Packages it imports (`node:` built-ins included). */
  readonly packages: readonly string[];
}

async function modules(): Promise<Module[]> {
  const files = (await readdir(SRC, { recursive: true })).filter((file) => file.endsWith(".ts"));
  return Promise.all(
    files.map(async (path) => {
      const text = await readFile(join(SRC, path), "utf8");
      const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gms)].map((match) => match[1]!);
      const local = specifiers.filter((specifier) => specifier.startsWith("."));
      return {
        path,
        modules: local.map((specifier) => relative(SRC, resolve(SRC, dirname(path), specifier))),
        packages: specifiers.filter((specifier) => !specifier.startsWith(".")),
      };
    }),
  );
}

/** The top folder of a path relative to src/ (`runtime/worker/index.ts` → `runtime`). */
const folderOf = (path: string) => path.split("/")[0]!;

describe("the folders of src/", () => {
  it("the read side imports only the read side: core nothing else, shim core, runtime core and shim", async () => {
    const allowed: Readonly<Record<string, readonly string[]>> = {
      core: ["core"],
      shim: ["core", "shim"],
      runtime: ["core", "shim", "runtime"],
    };
    const strays = (await modules()).flatMap(({ path, modules }) => {
      const may = allowed[folderOf(path)];
      return may === undefined ? [] : modules.filter((module) => !may.includes(folderOf(module))).map((module) => `${path} → ${module}`);
    });
    expect(strays).toEqual([]);
  });

  it("the read side imports no package, but for serve's static server and Node's built-ins", async () => {
    const strays = (await modules()).flatMap(({ path, packages }) =>
      ["core", "shim", "runtime"].includes(folderOf(path))
        ? packages.filter((name) => !(path.startsWith("runtime/node/") && (name === "http-server" || name.startsWith("node:"))))
        : [],
    );
    expect(strays).toEqual([]);
  });

  it("no folder imports one that imports it back, directly or round a loop", async () => {
    const edges = new Map<string, Set<string>>();
    for (const { path, modules: imported } of await modules()) {
      for (const module of imported) {
        const [from, to] = [folderOf(path), folderOf(module)];
        if (from !== to) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
      }
    }
    const loops: string[] = [];
    const visit = (folder: string, trail: readonly string[]) => {
      if (trail.includes(folder)) {
        loops.push([...trail.slice(trail.indexOf(folder)), folder].join(" → "));
        return;
      }
      for (const next of edges.get(folder) ?? []) visit(next, [...trail, folder]);
    };
    for (const folder of edges.keys()) visit(folder, []);
    expect(loops).toEqual([]);
    expect(edges.get("publish")).toContain("site");
  });
});
