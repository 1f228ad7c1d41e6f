/**
 * The warm-up compiles the request path only if its queries take it: every
 * one of them must get a real answer from the tiny site (one 400 on purpose),
 * and the warm-up itself must never throw.
 */
import { describe, expect, it } from "vitest";
import { createShim, warmUp } from "../../src/shim/index.js";
import { WARM_UP_QUERIES } from "../../src/shim/warm-up.js";
import { tinySite } from "../../src/site/tiny-site.js";

describe("the warm-up", () => {
  it("answers every warm-up query from the tiny site, through the real handler", async () => {
    const files = tinySite();
    const errors: unknown[] = [];
    const shim = createShim({ reader: { read: async (path) => files.get(path) ?? null }, logError: (error) => errors.push(error) });
    const statuses: number[] = [];
    for (const [path, query] of WARM_UP_QUERIES) statuses.push((await shim(new Request(`http://x${path}?${query}`))).status);
    expect(errors).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([400]);
  });

  it("finds plugins where the queries look for them: the tiny site is no empty shell", async () => {
    const files = tinySite();
    const shim = createShim({ reader: { read: async (path) => files.get(path) ?? null } });
    const total = async (query: string) =>
      ((await (await shim(new Request(`http://x/api/plugins?${query}`))).json()) as { total: number }).total;
    expect(await total("")).toBe(4);
    expect(await total("q=ch")).toBe(4);
    expect(await total("author=ann&sort=recent")).toBe(2);
    expect(await total("q=charting&category=ui&web=1")).toBe(2);
  });

  it("resolves, whatever the runtime lets it do", async () => {
    await expect(warmUp()).resolves.toBeUndefined();
  });
});
