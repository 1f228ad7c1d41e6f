/**
 * The folder rules of docs/ARCHITECTURE.md, checked on the sources' import
 * statements: the read side (core, shim, and each runtime on its own) stands
 * alone, and no two folders of src/ import each other, directly or round a
 * loop. The checker (test/support/folder-rules.ts) is run on fixtures first,
 * to show that each check fails on what it guards against and on finding no
 * imports at all.
 */
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  folderLoops,
  importSpecifiers,
  type Module,
  moduleOf,
  READ_SIDE,
  readModules,
  readSidePackageStrays,
  readSideStrays,
} from "./support/folder-rules.js";

const SRC = resolve(import.meta.dirname, "../src");

/** A fixture tree: path → source text. */
const tree = (files: Readonly<Record<string, string>>): Module[] => Object.entries(files).map(([path, text]) => moduleOf(path, text));

/** A read side that keeps every rule, with a module in each ruled folder. */
const LAWFUL = {
  "core/text.ts": 'export const fold = (s: string) => s;\nimport { a } from "./other.js";',
  "shim/handler.ts": 'import { fold } from "../core/text.js";',
  "runtime/client/index.ts": 'import { createShim } from "../../shim/handler.js";',
  "runtime/node/serve.ts":
    'import { createServer } from "node:http";\nimport httpServer from "http-server";\nimport { x } from "../../shim/handler.js";',
  "runtime/worker/index.ts": 'import type { SiteReader } from "../../shim/handler.js";',
  "site/build-site.ts": 'import { fold } from "../core/text.js";',
  "publish/write-site.ts": 'import { buildSite } from "../site/build-site.js";',
};

const CHECKS = { readSideStrays, readSidePackageStrays, folderLoops } as const;

describe("the checker, on fixtures", () => {
  it("finds every form of import, and none in comments or strings", () => {
    const text = [
      'import type { A } from "./a.js";',
      "import {",
      "  b,",
      "  c,",
      '} from "../b.js";',
      'export * from "./c.js";',
      "export { d } from './d.js';",
      'import "./e.js";',
      'const f = await import("./f.js");',
      '// import g from "./g.js";',
      ' * import h from "./h.js";',
      'const text = "import i from";',
    ].join("\n");
    expect(importSpecifiers(text).sort()).toStrictEqual(["../b.js", "./a.js", "./c.js", "./d.js", "./e.js", "./f.js"]);
    expect(moduleOf("runtime/node/serve.ts", 'import x from "../../shim/index.js";\nimport y from "node:fs";')).toStrictEqual({
      path: "runtime/node/serve.ts",
      modules: ["shim/index.js"],
      packages: ["node:fs"],
    });
  });

  it("passes a tree that keeps the rules", () => {
    for (const check of Object.values(CHECKS)) expect(check(tree(LAWFUL))).toStrictEqual([]);
  });

  it.each(Object.keys(CHECKS) as (keyof typeof CHECKS)[])("%s fails when it finds no imports at all", (name) => {
    const check = CHECKS[name];
    const withoutImports = tree(Object.fromEntries(Object.keys(LAWFUL).map((path) => [path, "export const value = 1;"])));
    for (const modules of [[], withoutImports]) {
      expect(check(modules).join("\n"), `${name} on ${modules.length} modules`).toMatch(/^found no/m);
    }
  });

  it.each([
    ["runtime/client/index.ts", "../node/fs-reader.js", "runtime/client/index.ts → runtime/node/fs-reader.js"],
    ["runtime/client/index.ts", "../worker/assets-reader.js", "runtime/client/index.ts → runtime/worker/assets-reader.js"],
    ["runtime/node/serve.ts", "../client/paths.js", "runtime/node/serve.ts → runtime/client/paths.js"],
    ["runtime/node/serve.ts", "../worker/index.js", "runtime/node/serve.ts → runtime/worker/index.js"],
    ["runtime/worker/index.ts", "../client/http-reader.js", "runtime/worker/index.ts → runtime/client/http-reader.js"],
    ["runtime/worker/index.ts", "../node/fs-reader.js", "runtime/worker/index.ts → runtime/node/fs-reader.js"],
    ["shim/handler.ts", "../site/layout.js", "shim/handler.ts → site/layout.js"],
    ["core/text.ts", "../shim/handler.js", "core/text.ts → shim/handler.js"],
    ["runtime/node/serve.ts", "../../snapshot/schema.js", "runtime/node/serve.ts → snapshot/schema.js"],
  ])("readSideStrays: %s importing %s", (path, specifier, stray) => {
    const files = { ...LAWFUL, [path]: `${LAWFUL[path as keyof typeof LAWFUL]}\nimport { z } from "${specifier}";` };
    expect(readSideStrays(tree(files))).toStrictEqual([stray]);
  });

  it("readSideStrays: a runtime folder without a rule, and a rule without a folder", () => {
    const { "runtime/worker/index.ts": _worker, ...rest } = LAWFUL;
    expect(readSideStrays(tree({ ...rest, "runtime/deno/index.ts": 'import { x } from "../../shim/handler.js";' }))).toStrictEqual([
      "runtime/worker: no module there, yet a rule",
      "runtime/deno/index.ts: runtime/deno has no rule of what it may import",
    ]);
  });

  it.each([
    ["runtime/client/index.ts", "node:fs"],
    ["runtime/worker/index.ts", "http-server"],
    ["shim/handler.ts", "lunr"],
    ["core/text.ts", "node:crypto"],
  ])("readSidePackageStrays: %s importing %s", (path, name) => {
    const files = { ...LAWFUL, [path]: `${LAWFUL[path as keyof typeof LAWFUL]}\nimport z from "${name}";` };
    expect(readSidePackageStrays(tree(files))).toStrictEqual([`${path} → ${name}`]);
  });

  it("folderLoops: a loop of two folders, and one round three", () => {
    expect(folderLoops(tree({ ...LAWFUL, "site/build-site.ts": 'import { w } from "../publish/write-site.js";' }))).toStrictEqual([
      "site → publish, back: publish → site",
      "publish → site, back: site → publish",
    ]);
    const round = folderLoops(tree({ ...LAWFUL, "core/text.ts": 'import { w } from "../publish/write-site.js";' }));
    expect(round).toContain("core → publish, back: publish → site → core");
  });
});

describe("the folders of src/", () => {
  let modules: Module[];
  beforeAll(async () => {
    modules = await readModules(SRC);
  });

  it("each folder of the read side imports only what its rule allows: core, shim, and each runtime on its own", () => {
    expect(Object.keys(READ_SIDE)).toStrictEqual(["core", "shim", "runtime/client", "runtime/node", "runtime/worker"]);
    expect(readSideStrays(modules)).toStrictEqual([]);
  });

  it("the read side imports no package, but for serve's static server and Node's built-ins", () => {
    expect(readSidePackageStrays(modules)).toStrictEqual([]);
  });

  it("no folder imports one that imports it back, directly or round a loop", () => {
    expect(folderLoops(modules)).toStrictEqual([]);
  });
});
