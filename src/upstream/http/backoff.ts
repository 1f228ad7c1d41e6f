/**
 * How long to wait before trying again. Pure, so the rules are unit-tested:
 * the longer of what the upstream asked for (Retry-After, rate-limit reset)
 * and exponential backoff with jitter above a floor. The npm registry sends
 * `retry-after: 0` and then blocks clients that take it literally, so a
 * "0" still backs off, and further each time.
 */
export interface BackoffPolicy {
  readonly floorMs: number;
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { floorMs: 1_000, baseMs: 1_000, maxMs: 60_000 };

export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  // "Equal jitter": at least half the exponential step, so retries spread out but never hammer.
  const backoff = Math.max(policy.floorMs, ceiling / 2 + random() * (ceiling / 2));
  return Math.max(backoff, retryAfterMs ?? 0);
}

/**
 * What the upstream asked for, in ms from `now`: `Retry-After` (seconds or
 * an HTTP date), or — when the quota is spent — GitHub's `x-ratelimit-reset`
 * / GitLab's `RateLimit-Reset` (Unix seconds).
 */
export function requestedWaitMs(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get("retry-after");
  if (retryAfter !== null && retryAfter.trim() !== "") {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const remaining = headers.get("x-ratelimit-remaining") ?? headers.get("ratelimit-remaining");
  const reset = headers.get("x-ratelimit-reset") ?? headers.get("ratelimit-reset");
  if (remaining === "0" && reset !== null && Number.isFinite(Number(reset))) return Math.max(0, Number(reset) * 1000 - now);
  return undefined;
}
