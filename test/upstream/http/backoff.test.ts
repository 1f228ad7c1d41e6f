import { describe, expect, it } from "vitest";
import { requestedWaitMs, retryDelayMs } from "../../../src/upstream/http/backoff.js";

const policy = { floorMs: 1_000, baseMs: 1_000, maxMs: 60_000 };

describe("retry delays", () => {
  it("never goes below the floor, even when the upstream says retry-after: 0", () => {
    expect(retryDelayMs(0, 0, policy, () => 0)).toBe(1_000);
  });

  it("grows exponentially with jitter and stops at the ceiling", () => {
    expect(retryDelayMs(3, undefined, policy, () => 0)).toBe(4_000);
    expect(retryDelayMs(3, undefined, policy, () => 0.999)).toBeCloseTo(8_000, -1);
    expect(retryDelayMs(20, undefined, policy, () => 1)).toBe(60_000);
  });

  it("waits at least as long as the upstream asked", () => {
    expect(retryDelayMs(0, 45_000, policy, () => 0)).toBe(45_000);
  });
});

describe("what the upstream asked for", () => {
  const now = Date.parse("2026-11-20T02:00:00Z");
  it("reads Retry-After in seconds and as an HTTP date", () => {
    expect(requestedWaitMs(new Headers({ "retry-after": "7" }), now)).toBe(7_000);
    expect(requestedWaitMs(new Headers({ "retry-after": "Fri, 20 Nov 2026 02:00:30 GMT" }), now)).toBe(30_000);
  });
  it("reads a rate-limit reset only when the quota is spent", () => {
    const reset = String(now / 1000 + 90);
    expect(requestedWaitMs(new Headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }), now)).toBe(90_000);
    expect(requestedWaitMs(new Headers({ "x-ratelimit-remaining": "10", "x-ratelimit-reset": reset }), now)).toBeUndefined();
    expect(requestedWaitMs(new Headers({ "ratelimit-remaining": "0", "ratelimit-reset": reset }), now)).toBe(90_000);
  });
});
