import { describe, expect, it } from "vitest";
import { staticPagePath } from "../../src/core/site-format.js";
import { addDeployFiles } from "../../src/publish/deploy-files.js";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { buildSite } from "../../src/site/build-site.js";

interface Rule {
  expression: string;
}

describe("the deployable site", () => {
  it("carries the Worker, Pages routes that send only /api/* to it, and headers", async () => {
    const files = new Map<string, Uint8Array>();
    await addDeployFiles(files, 10);
    const text = (name: string) => new TextDecoder().decode(files.get(name));
    expect(files.get("_worker.js")?.byteLength).toBeGreaterThan(1000);
    expect(JSON.parse(text("_routes.json"))).toEqual({ version: 1, include: ["/api/*"], exclude: [] });
    expect(text("_headers")).toMatch(/\/catalog\/data\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
  });

  it("rewrites exactly the plain queries whose static page exists", async () => {
    const plugins = 120;
    const site = await buildSite(generateSnapshot({ plugins, seed: 4 }));
    await addDeployFiles(site, plugins);
    const rules = JSON.parse(new TextDecoder().decode(site.get("_deploy/cloudflare-url-rewrite-rules.json"))) as { rules: Rule[] };
    const pattern = new RegExp(/matches "(.*)"\)$/.exec(rules.rules[1]!.expression)![1]!);
    for (const sort of ["stars", "recent", "name"] as const) {
      for (const page of [1, 2, 3]) {
        expect(pattern.test(`sort=${sort}&page=${page}`)).toBe(true);
        expect(site.has(staticPagePath(sort, page))).toBe(true);
      }
      expect(pattern.test(`sort=${sort}&page=4`)).toBe(false);
      expect(site.has(staticPagePath(sort, 4))).toBe(false);
    }
    expect(pattern.test("sort=stars&page=1&q=x")).toBe(false);
  });
});
