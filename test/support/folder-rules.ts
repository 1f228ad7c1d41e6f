/**
 * The folder rules of docs/ARCHITECTURE.md as a checker over modules and
 * their imports, so that test/architecture.test.ts runs the same checks on
 * src/ and on small fixtures. Every check reports a problem when it found no
 * imports to judge: a scanner that reads nothing (a moved folder, a changed
 * import syntax) must fail, not pass.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, posix } from "node:path";

export interface Module {
  /** Relative to the scanned root, with `/`, e.g. `shim/handler.ts`. */
  readonly path: string;
  /** Modules of the root it imports (relative to the root), types included. */
  readonly modules: readonly string[];
  /** Packages it imports (`node:` built-ins included). */
  readonly packages: readonly string[];
}

/** What a folder of the read side may import: folders of src/, and packages. */
interface Rule {
  readonly folders: readonly string[];
  readonly package: (name: string) => boolean;
}

const NO_PACKAGE = () => false;

/**
 * The read side answers requests: the core, the shim over it, and each runtime adapter over the shim. A
 * runtime never imports another (the client bundle must not pull in Node's file reader, the Worker must not
 * carry the browser's HTTP reader), and only `serve` may use packages: its static server and Node's built-ins.
 */
export const READ_SIDE: Readonly<Record<string, Rule>> = {
  core: { folders: ["core"], package: NO_PACKAGE },
  shim: { folders: ["core", "shim"], package: NO_PACKAGE },
  "runtime/client": { folders: ["core", "shim", "runtime/client"], package: NO_PACKAGE },
  "runtime/node": {
    folders: ["core", "shim", "runtime/node"],
    package: (name) => name === "http-server" || name.startsWith("node:"),
  },
  "runtime/worker": { folders: ["core", "shim", "runtime/worker"], package: NO_PACKAGE },
};

/** The folder a rule speaks of: the top folder, but each folder of `runtime/` on its own (`runtime/worker/index.ts` → `runtime/worker`). */
export function folderOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] === "runtime" && parts.length > 2) return `runtime/${parts[1]}`;
  return parts[0]!;
}

const isReadSide = (folder: string) => folder === "core" || folder === "shim" || folder === "runtime" || folder.startsWith("runtime/");

/** Every module specifier a TypeScript file imports or re-exports: `import … from`, `export … from`, `import "…"`, `import("…")`. */
export function importSpecifiers(text: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gms,
    /^\s*import\s+["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

/** A module's imports, the local ones resolved against its own path. */
export function moduleOf(path: string, text: string): Module {
  const specifiers = importSpecifiers(text);
  return {
    path,
    modules: specifiers.filter(isLocal).map((specifier) => posix.normalize(posix.join(posix.dirname(path), specifier))),
    packages: specifiers.filter((specifier) => !isLocal(specifier)),
  };
}

const isLocal = (specifier: string) => specifier.startsWith(".");

/** The `.ts` files under `root`, each with its imports. */
export async function readModules(root: string): Promise<Module[]> {
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith(".ts")).sort();
  return Promise.all(files.map(async (file) => moduleOf(file.split("\\").join("/"), await readFile(join(root, file), "utf8"))));
}

const NO_IMPORTS = "found no imports to check: the sources moved or the scanner no longer reads them";
const NO_CROSSING = "found no import from one folder into another: the sources moved or the scanner no longer reads them";

/** Imports of src/ modules that the read side may not make, and read-side folders with no rule or no module. */
export function readSideStrays(modules: readonly Module[]): string[] {
  const readSide = modules.filter((module) => isReadSide(folderOf(module.path)));
  const problems: string[] = [];
  if (readSide.every((module) => module.modules.length === 0)) problems.push(NO_IMPORTS);
  const folders = new Set(readSide.map((module) => folderOf(module.path)));
  for (const folder of Object.keys(READ_SIDE)) if (!folders.has(folder)) problems.push(`${folder}: no module there, yet a rule`);
  for (const { path, modules: imported } of readSide) {
    const rule = READ_SIDE[folderOf(path)];
    if (rule === undefined) {
      problems.push(`${path}: ${folderOf(path)} has no rule of what it may import`);
      continue;
    }
    for (const module of imported) if (!rule.folders.includes(folderOf(module))) problems.push(`${path} → ${module}`);
  }
  return problems;
}

/** Packages the read side may not import. */
export function readSidePackageStrays(modules: readonly Module[]): string[] {
  const readSide = modules.filter((module) => isReadSide(folderOf(module.path)));
  const problems: string[] = [];
  if (readSide.every((module) => module.modules.length + module.packages.length === 0)) problems.push(NO_IMPORTS);
  for (const { path, packages } of readSide) {
    const allowed = READ_SIDE[folderOf(path)]?.package ?? NO_PACKAGE;
    for (const name of packages) if (!allowed(name)) problems.push(`${path} → ${name}`);
  }
  return problems;
}

/** Each import between folders that is part of a loop, with the way back: `a → b, back: b → c → a`. */
export function folderLoops(modules: readonly Module[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const { path, modules: imported } of modules) {
    for (const module of imported) {
      const [from, to] = [folderOf(path), folderOf(module)];
      if (from !== to) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
    }
  }
  if (edges.size === 0) return [NO_CROSSING];
  const loops: string[] = [];
  for (const [from, targets] of edges) {
    for (const to of targets) {
      const back = pathBetween(edges, to, from);
      if (back !== undefined) loops.push(`${from} → ${to}, back: ${back.join(" → ")}`);
    }
  }
  return loops;
}

/** A shortest way from `start` to `goal` along `edges` (breadth first, each folder once), or undefined. */
function pathBetween(edges: ReadonlyMap<string, ReadonlySet<string>>, start: string, goal: string): string[] | undefined {
  const cameFrom = new Map<string, string | undefined>([[start, undefined]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const folder = queue[head]!;
    if (folder === goal) {
      const path: string[] = [];
      for (let at: string | undefined = folder; at !== undefined; at = cameFrom.get(at)) path.push(at);
      return path.reverse();
    }
    for (const next of edges.get(folder) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, folder);
      queue.push(next);
    }
  }
  return undefined;
}
