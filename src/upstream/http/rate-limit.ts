/**
 * Whether an answer says "stop asking for a while", and until when. GitHub
 * documents it (docs.github.com, "Rate limits for the REST API", "Rate limits
 * and query limits for the GraphQL API"): after `retry-after`, wait that many
 * seconds; while `x-ratelimit-remaining` is 0, send nothing before
 * `x-ratelimit-reset`; a secondary limit that gives neither, wait at least a
 * minute. GitLab's throttles answer 429 with `Retry-After` and
 * `RateLimit-Reset`; the npm registry a bare 429, often `retry-after: 0`.
 */
import { requestedWaitMs } from "./backoff.js";

/** GitHub's documented wait for a secondary rate limit that names no time. */
export const UNTIMED_LIMIT_WAIT_MS = 60_000;

/** A 429 always is; a 403 only when it says so (otherwise it is a plain refusal, e.g. a token without access). */
export function isRateLimitAnswer(status: number, headers: Headers, body: string): boolean {
  if (status === 429) return true;
  return status === 403 && (headers.has("retry-after") || quotaResetMs(headers) !== undefined || /rate limit/i.test(body));
}

/** When the quota is spent (`remaining: 0`), the epoch ms of its reset: even a success can announce one. */
export function quotaResetMs(headers: Headers): number | undefined {
  const remaining = headers.get("x-ratelimit-remaining") ?? headers.get("ratelimit-remaining");
  const reset = Number(headers.get("x-ratelimit-reset") ?? headers.get("ratelimit-reset") ?? Number.NaN);
  return remaining?.trim() === "0" && Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined;
}

/**
 * The epoch ms before which a rate-limit answer forbids the next request:
 * what it announced, else a minute for GitHub's untimed 403, else undefined
 * (a bare 429: the client backs off as for any transient failure).
 */
export function limitedUntilMs(status: number, headers: Headers, now: number): number | undefined {
  const asked = requestedWaitMs(headers, now);
  if (asked !== undefined) return now + asked;
  return status === 403 ? now + UNTIMED_LIMIT_WAIT_MS : undefined;
}
