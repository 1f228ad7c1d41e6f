/**
 * Ready-made fault actions: statuses, hangs, resets, and bodies that are broken the ways
 * upstream bodies break (cut off mid-stream, a field of the wrong type, a field missing).
 */
import type { FaultAction, FaultRule, MatchableRequest } from "./faults.js";

/** Answer `status` with `body` (objects become JSON) instead of the real response. */
export function respond(status: number, body: unknown = "", headers: Record<string, string> = {}): FaultAction {
  const json = typeof body !== "string";
  const type = json ? { "content-type": "application/json; charset=utf-8" } : { "content-type": "text/plain; charset=utf-8" };
  return { kind: "respond", status, headers: { ...type, ...headers }, body: json ? JSON.stringify(body) : body };
}

/** 429 with `Retry-After` in seconds, as a generic HTTP rate limit answers. */
export function tooManyRequests(retryAfterSeconds: number, body: unknown = ""): FaultAction {
  return respond(429, body, { "retry-after": String(retryAfterSeconds) });
}

export function hang(): FaultAction {
  return { kind: "hang" };
}

export function reset(): FaultAction {
  return { kind: "reset" };
}

/** The real body cut in half: invalid JSON with a plausible beginning. */
export function truncate(): FaultAction {
  return { kind: "mangle", mangle: (body) => body.slice(0, Math.floor(body.length / 2)) };
}

/** The real JSON body, rewritten by `edit` (which may mutate and return its argument). */
export function mapJson(edit: (json: unknown) => unknown): FaultAction {
  return {
    kind: "mangle",
    mangle: (body) => {
      try {
        return JSON.stringify(edit(JSON.parse(body)));
      } catch {
        return body; // not JSON: nothing to edit
      }
    },
  };
}

function walk(json: unknown, visit: (owner: Record<string, unknown>, key: string) => void): unknown {
  if (Array.isArray(json)) for (const item of json) walk(item, visit);
  else if (typeof json === "object" && json !== null) {
    const owner = json as Record<string, unknown>;
    for (const key of Object.keys(owner)) {
      visit(owner, key);
      walk(owner[key], visit);
    }
  }
  return json;
}

/** Deletes every property named one of `keys`, at any depth. */
export function dropFields(...keys: string[]): FaultAction {
  return mapJson((json) => walk(json, (owner, key) => keys.includes(key) && delete owner[key]));
}

/** Replaces every property named one of `keys` with a value of the wrong type. */
export function retypeFields(...keys: string[]): FaultAction {
  const wrong = (value: unknown): unknown =>
    typeof value === "number" ? String(value) : typeof value === "string" ? 42 : value === null ? 0 : "oops";
  return mapJson((json) =>
    walk(json, (owner, key) => {
      if (keys.includes(key)) owner[key] = wrong(owner[key]);
    }),
  );
}

const SERVICE_UNAVAILABLE = respond(503, "<html><body><h1>503 Service Unavailable</h1></body></html>", { "content-type": "text/html" });

/** The whole platform is down: every request answers 503 until the rule is removed. */
export function outage(): FaultRule {
  return { action: SERVICE_UNAVAILABLE };
}

/** The platform goes down mid-run: after the first `after` requests that `counts` accepts (default: all), every request answers 503. */
export function outageAfter(after: number, counts: (req: MatchableRequest) => boolean = () => true): FaultRule {
  let seen = 0;
  const down = (req: MatchableRequest): boolean => {
    if (seen >= after) return true;
    if (counts(req)) seen++;
    return false;
  };
  return { match: { where: down }, action: SERVICE_UNAVAILABLE };
}
