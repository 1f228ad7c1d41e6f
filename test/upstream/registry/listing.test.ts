import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UpstreamClient } from "../../../src/upstream/http/client.js";
import { listMembers } from "../../../src/upstream/registry/listing.js";
import type { RunningFake } from "../../fakes/index.js";
import { createWorld, startFakeRegistry } from "../../fakes/index.js";

describe("listing members through the registry's search", () => {
  let registry: RunningFake;
  beforeAll(async () => {
    // The live registry serves at most 10,000 results of one search; this fake, 500.
    registry = await startFakeRegistry({ world: createWorld({ packages: 700, seed: 9 }), resultWindow: 500 });
  });
  afterAll(() => registry.close());

  const client = () => new UpstreamClient({ baseUrl: registry.url, concurrency: 4, timeoutMs: 5_000, retries: 0 });

  it("pages through every result, de-duplicated, and says plainly when the cap hides some", async () => {
    const listing = await listMembers(["acme-plugin"], { client: client(), intervalMs: 0, resultCap: 500 });
    expect(listing.packages.size).toBe(500);
    expect(listing.capped).toEqual([{ keyword: "acme-plugin", total: 700 }]);
    expect(listing.pages).toBe(2);
  });

  it("reports nothing capped when every result fits", async () => {
    const listing = await listMembers(["acme-plugin"], { client: client(), intervalMs: 0 });
    expect(listing.capped).toEqual([]);
  });
});
