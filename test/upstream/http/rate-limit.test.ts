/** What answers count as "stop asking", and until when (GitHub's, GitLab's and the registry's documented forms). */
import { describe, expect, it } from "vitest";
import { isRateLimitAnswer, limitedUntilMs, quotaResetMs, UNTIMED_LIMIT_WAIT_MS } from "../../../src/upstream/http/rate-limit.js";

const now = Date.parse("2026-11-20T02:00:00Z");
const headers = (init: Record<string, string> = {}) => new Headers(init);

describe("rate-limit answers", () => {
  it("every 429; a 403 only with a retry-after, a spent quota or a body that says so", () => {
    expect(isRateLimitAnswer(429, headers(), "")).toBe(true);
    expect(isRateLimitAnswer(403, headers({ "retry-after": "30" }), "")).toBe(true);
    expect(isRateLimitAnswer(403, headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 60) }), "")).toBe(true);
    expect(isRateLimitAnswer(403, headers(), '{"message":"You have exceeded a secondary rate limit."}')).toBe(true);
    expect(isRateLimitAnswer(403, headers(), '{"message":"Resource not accessible by integration"}')).toBe(false);
    expect(isRateLimitAnswer(200, headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1" }), "")).toBe(false);
    expect(isRateLimitAnswer(503, headers({ "retry-after": "5" }), "")).toBe(false);
  });

  it("a spent quota announces its reset, on any status (GitHub's x-, GitLab's RateLimit- headers)", () => {
    const reset = String(now / 1000 + 90);
    expect(quotaResetMs(headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }))).toBe(now + 90_000);
    expect(quotaResetMs(headers({ "ratelimit-remaining": "0", "ratelimit-reset": reset }))).toBe(now + 90_000);
    expect(quotaResetMs(headers({ "x-ratelimit-remaining": "1", "x-ratelimit-reset": reset }))).toBeUndefined();
    expect(quotaResetMs(headers({ "x-ratelimit-remaining": "0" }))).toBeUndefined();
  });

  it("until when: retry-after first, then the quota's reset, then GitHub's documented minute for an untimed 403", () => {
    const spent = { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 90) };
    expect(limitedUntilMs(429, headers({ "retry-after": "7", ...spent }), now)).toBe(now + 7_000);
    expect(limitedUntilMs(403, headers(spent), now)).toBe(now + 90_000);
    expect(limitedUntilMs(403, headers(), now)).toBe(now + UNTIMED_LIMIT_WAIT_MS);
    expect(UNTIMED_LIMIT_WAIT_MS).toBeGreaterThanOrEqual(60_000);
    // A bare 429 names no time: the client backs off as for any transient failure.
    expect(limitedUntilMs(429, headers(), now)).toBeUndefined();
  });
});
