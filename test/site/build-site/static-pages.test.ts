import { describe, expect, it } from "vitest";
import { ORDER_KEYS } from "../../../src/core/plugin.js";
import { staticPagePath } from "../../../src/core/site-format.js";
import { createShim } from "../../../src/shim/index.js";
import { buildSite } from "../../../src/site/build-site.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";

describe("static pages for the plain queries", () => {
  it("exist for every default-size page of every sort, byte for byte what the shim answers", async () => {
    const files = await buildSite(generateSnapshot({ plugins: 230, seed: 11 }));
    const shim = createShim({ reader: { read: async (path) => files.get(path) ?? null } });
    const decoder = new TextDecoder();
    for (const sort of ORDER_KEYS) {
      for (const page of [1, 2, 3, 4, 5, 6]) {
        const file = files.get(staticPagePath(sort, page));
        if (page > Math.ceil(230 / 50)) {
          expect(file).toBeUndefined();
          continue;
        }
        const answer = await (await shim(new Request(`http://x/api/plugins?sort=${sort}&page=${page}`))).text();
        expect(file && decoder.decode(file)).toBe(answer);
      }
    }
    const plain = await (await shim(new Request("http://x/api/plugins"))).text();
    expect(decoder.decode(files.get(staticPagePath("stars", 1)))).toBe(plain);
  });

  it("an empty catalog still has its first page", async () => {
    const files = await buildSite(generateSnapshot({ plugins: 0, seed: 1 }));
    expect(new TextDecoder().decode(files.get(staticPagePath("name", 1)))).toBe('{"total":0,"page":1,"perPage":50,"pages":0,"plugins":[]}');
  });
});
