/**
 * Section 9: `catalog/client.js` is "one self-contained ES module (it imports
 * nothing) that runs in browsers, Node 20 and later, Deno and Workers". The
 * bundle a build copies into a site imports nothing, loads in a fresh Node
 * process far from any node_modules, and answers inside workerd (whose
 * `Request` refuses the `cache` field the client asks browsers for) exactly
 * as in Node. Browsers: test/explorer/static-host.test.ts.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientSite, startClientSite } from "../../../support/client-target.js";
import { CORE } from "../../../support/fixtures.js";
import { wranglerDependency } from "../../../support/workerd-target.js";

const execFileAsync = promisify(execFile);

const PATHS = ["/api/plugins?q=charts&sort=name", "/api/facets?web=1", "/api/status", "/api/plugins?page=0", "/api/nope"];

interface Answer {
  readonly status: number;
  readonly type: string | null;
  readonly etag: string | null;
  readonly body: string;
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    etag: response.headers.get("etag"),
    body: await response.text(),
  };
}

describe("catalog/client.js, the bundle in a built site", () => {
  let client: ClientSite;
  let bundle: string;
  const expected = new Map<string, Answer>();
  beforeAll(async () => {
    client = await startClientSite(CORE);
    bundle = join(client.site, "catalog", "client.js");
    for (const path of PATHS) expected.set(path, await answerOf(await client.catalog.fetch(path)));
  });
  afterAll(async () => {
    await client?.close();
  });

  it("imports nothing: no import or require of any module, static or dynamic", async () => {
    const result = await build({
      entryPoints: [bundle],
      bundle: true,
      write: false,
      metafile: true,
      platform: "neutral",
      logLevel: "silent",
    });
    const inputs = Object.values(result.metafile.inputs);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.imports).toEqual([]);
    const source = await readFile(bundle, "utf8");
    expect(source).not.toMatch(/\bimport\s*[({"'*]|\bimport\s+\w[\w$]*\s+from\b|\brequire\s*\(/);
    expect(source).toMatch(/export\s*\{[^}]*\bas openCatalog\b[^}]*\}\s*;?\s*$/);
  });

  it("loads in a fresh Node process, with no node_modules above it, and answers there as here", async () => {
    const alone = join(client.dir, "alone");
    await mkdir(alone);
    await copyFile(bundle, join(alone, "client.js"));
    const script = `
      const { openCatalog } = await import("./client.js");
      const catalog = await openCatalog(process.argv[1]);
      const answers = [];
      for (const path of JSON.parse(process.argv[2])) {
        const response = await catalog.fetch(path);
        answers.push({ status: response.status, type: response.headers.get("content-type"), etag: response.headers.get("etag"), body: await response.text() });
      }
      process.stdout.write(JSON.stringify(answers));`;
    const { stdout } = await execFileAsync(
      process.execPath,
      ["--input-type=module", "-e", script, client.host.siteUrl, JSON.stringify(PATHS)],
      {
        cwd: alone,
        env: { PATH: process.env.PATH ?? "" },
      },
    );
    expect(JSON.parse(stdout)).toEqual(PATHS.map((path) => expected.get(path)));
  });

  it("answers inside workerd as in Node, handed the Worker's own Requests", async () => {
    const entry = `
      import { openCatalog } from "./client.js";
      let catalog;
      export default {
        async fetch(request, env) {
          catalog ??= await openCatalog(env.SITE);
          return catalog.fetch(request);
        },
      };`;
    const Miniflare = wranglerDependency<{ Miniflare: new (options: Record<string, unknown>) => Workerd }>("miniflare").Miniflare;
    const workerd = new Miniflare({
      modules: [
        { type: "ESModule", path: join(client.dir, "entry.js"), contents: entry },
        { type: "ESModule", path: join(client.dir, "client.js"), contents: await readFile(bundle, "utf8") },
      ],
      modulesRoot: client.dir,
      compatibilityDate: "2025-07-01",
      bindings: { SITE: client.host.siteUrl },
      cf: false,
    });
    try {
      for (const path of PATHS) {
        const response = await workerd.dispatchFetch(`http://worker.local${path}`);
        expect(await answerOf(response as unknown as Response), path).toEqual(expected.get(path));
      }
    } finally {
      await workerd.dispose();
      await rm(join(client.dir, "alone"), { recursive: true, force: true });
    }
  });
});

interface Workerd {
  dispatchFetch(url: string): Promise<{ status: number; headers: Headers; text(): Promise<string> }>;
  dispose(): Promise<void>;
}
