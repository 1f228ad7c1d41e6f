/**
 * The edge cache as the shim uses it, in-process (workerd's `caches.default` is tested in
 * test/runtime/worker/edge-cache.test.ts): a computed answer is stored once, another isolate gets it from the cache,
 * and an isolate that holds an answer already does not ask the edge cache again.
 */
import { describe, expect, it } from "vitest";
import { createShim, type EdgeCache } from "../../src/shim/index.js";
import { tinySiteFiles } from "../../tools/tiny-site.js";
import { loggingReader } from "../support/targets.js";

/** A `Map` behind the Cache API's two calls, counting them. */
function countingCache(): { cache: EdgeCache; calls: { match: number; put: number } } {
  const entries = new Map<string, Uint8Array>();
  const calls = { match: 0, put: 0 };
  const cache: EdgeCache = {
    async match(key) {
      calls.match++;
      const body = entries.get(key.url);
      return body === undefined ? undefined : new Response(body.slice());
    },
    async put(key, response) {
      calls.put++;
      entries.set(key.url, new Uint8Array(await response.arrayBuffer()));
    },
  };
  return { cache, calls };
}

function isolate(edgeCache: EdgeCache): { ask: (query: string) => Promise<string>; reads: string[] } {
  const reader = loggingReader(tinySiteFiles());
  const shim = createShim({ reader, edgeCache });
  return { reads: reader.reads, ask: async (query) => (await shim(new Request(`http://x/api/plugins?${query}`))).text() };
}

describe("the shim's edge cache", () => {
  const filtered = "author=ann&sort=recent";

  it("asks the edge cache once per query an isolate computes, and stores the answer once", async () => {
    const { cache, calls } = countingCache();
    const first = isolate(cache);
    const answer = await first.ask(filtered);
    expect(calls).toEqual({ match: 1, put: 1 });
    expect(await first.ask(filtered)).toBe(answer);
    expect(calls).toEqual({ match: 1, put: 1 });
  });

  it("gives another isolate the stored answer, byte for byte, reading no more than the manifest", async () => {
    const { cache, calls } = countingCache();
    const answer = await isolate(cache).ask(filtered);
    const second = isolate(cache);
    expect(await second.ask(`sort=recent&author=ann&utm=x`)).toBe(answer);
    expect(calls).toEqual({ match: 2, put: 1 });
    expect(second.reads).toEqual(["catalog/manifest.json"]);
  });
});
