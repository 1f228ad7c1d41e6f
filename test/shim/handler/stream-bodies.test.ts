import { describe, expect, it } from "vitest";
import { createShim } from "../../../src/shim/index.js";
import { buildSite } from "../../../src/site/build-site.js";
import { generateSnapshot } from "../../../tools/sample/generate.js";
import { mapReader } from "../../support/targets.js";

/** Every chunk of a body, as they come. */
async function chunksOf(response: Response): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  if (response.body === null) return chunks;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

const REQUESTS: [string, RequestInit?][] = [
  ["/api/plugins"],
  ["/api/plugins?sort=name&page=2&per_page=7"],
  ["/api/plugins?web=1&sort=recent"],
  ["/api/plugins?q=chart"],
  ["/api/facets"],
  ["/api/status"],
  ["/api/openapi.json"],
  ["/api/plugins?per_page=0"],
  ["/api/nowhere"],
  ["/api/plugins?sort=name", { method: "HEAD" }],
  ["/api/plugins", { method: "OPTIONS", headers: { "Access-Control-Request-Method": "GET" } }],
];

describe("a shim with streamBodies", async () => {
  const reader = mapReader(await buildSite(generateSnapshot({ plugins: 60, seed: 5 })));
  const options = { reader, now: () => 0 };
  const [bytes, streams] = [createShim(options), createShim({ ...options, streamBodies: true })];
  const ask = (shim: typeof bytes, path: string, init?: RequestInit) => shim(new Request(`http://x${path}`, init));

  it("answers every request as the shim with byte bodies does, each body in one chunk", async () => {
    for (const [path, init] of REQUESTS) {
      const [expected, actual] = [await ask(bytes, path, init), await ask(streams, path, init)];
      const what = `${init?.method ?? "GET"} ${path}`;
      expect(actual.status, what).toBe(expected.status);
      expect([...actual.headers], what).toEqual([...expected.headers]);
      const [want, got] = [await chunksOf(expected), await chunksOf(actual)];
      expect(got.length, what).toBe(want.length === 0 ? 0 : 1);
      expect(Buffer.concat(got).equals(Buffer.concat(want)), what).toBe(true);
    }
  });

  it("passes an answer it keeps on uncopied, and intact: reading one response leaves the next whole", async () => {
    const path = "/api/plugins?web=1&sort=name";
    const [first] = await chunksOf(await ask(streams, path));
    expect(first?.byteLength).toBeGreaterThan(100);
    const copy = Buffer.from(first!);
    for (let i = 0; i < 3; i++) {
      const [again] = await chunksOf(await ask(streams, path));
      expect(again).toBe(first);
      expect(Buffer.from(again!).equals(copy)).toBe(true);
    }
  });
});
