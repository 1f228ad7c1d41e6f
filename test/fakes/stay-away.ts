/**
 * When a fake told its clients to stay away (a rate limit, until its reset),
 * and which requests came anyway: the measure of a client that honours limits,
 * shared by the fetch tests and the fetch bench. Two ready-made limits open
 * such windows: GitHub's GraphQL quota running out mid-run, and a storm of
 * 429s with `Retry-After`.
 *
 * A request that arrives within `graceMs` of a window's opening is not held
 * against the client: it was on its way before the client could know (the
 * answer announcing the limit takes the fake's latency, and then the client's
 * turn of the event loop, to arrive).
 *
 * @example
 * const log = new StayAwayLog();
 * github.faults.add(log.recorder());
 * exhaustGraphqlQuota(github, log, { after: 3, resetInMs: 2_000 });
 * // ... run the client ...
 * expect(log.violations(100)).toEqual([]);
 */
import { tooManyRequests } from "./fault-actions.js";
import type { FaultHandle, FaultRule, MatchableRequest } from "./faults.js";
import type { FakeGitHub } from "./github.js";
import type { RunningFake } from "./server.js";

export interface StayAwayWindow {
  /** When the fake decided to refuse (epoch ms); its answer leaves after the fake's latency. */
  readonly from: number;
  /** The announced reset: from then on requests are welcome again. */
  readonly until: number;
}

export class StayAwayLog {
  readonly windows: StayAwayWindow[] = [];
  /** Arrival time (epoch ms) of every request the recorder saw. */
  readonly arrivals: number[] = [];

  /** A rule to add first to a fake's plan: it notes every arrival and never fires. */
  recorder(): FaultRule {
    return {
      match: {
        where: () => {
          this.arrivals.push(Date.now());
          return false;
        },
      },
      action: { kind: "hang" },
    };
  }

  open(from: number, until: number): void {
    this.windows.push({ from, until });
  }

  /** Arrival times inside a window and later than `graceMs` after it opened: sent when the client could have known. */
  violations(graceMs: number): number[] {
    return this.arrivals.filter((at) => this.windows.some((w) => at > w.from + graceMs && at < w.until));
  }
}

/**
 * GitHub's GraphQL quota runs out at GraphQL request number `after + 1` and
 * resets `resetInMs` later, rounded up to a whole second as `x-ratelimit-reset`
 * is: the fake answers every GraphQL request until then as GitHub does
 * (HTTP 200, `RATE_LIMITED`, `x-ratelimit-remaining: 0`).
 */
export function exhaustGraphqlQuota(github: FakeGitHub, log: StayAwayLog, options: { after: number; resetInMs: number }): FaultHandle {
  let seen = 0;
  return github.faults.add({
    match: {
      where: (req) => {
        if (!isGraphql(req) || ++seen !== options.after + 1) return false;
        const now = Date.now();
        const resetAt = Math.ceil((now + options.resetInMs) / 1000) * 1000;
        github.graphqlBudget.exhaustUntil(resetAt);
        log.open(now, resetAt);
        return false; // the fake's own quota answers
      },
    },
    action: { kind: "hang" },
  });
}

/** `count` answers in a row of 429 with `Retry-After: retryAfterS`, to the requests `where` accepts after the first `after` of them. */
export function tooManyRequestsStorm(
  fake: RunningFake,
  log: StayAwayLog,
  options: { where: (req: MatchableRequest) => boolean; after: number; count: number; retryAfterS: number },
): FaultHandle {
  let seen = 0;
  return fake.faults.add({
    match: {
      where: (req) => {
        if (!options.where(req) || ++seen <= options.after) return false;
        log.open(Date.now(), Date.now() + options.retryAfterS * 1000);
        return true;
      },
    },
    times: options.count,
    action: tooManyRequests(options.retryAfterS),
  });
}

function isGraphql(req: MatchableRequest): boolean {
  return req.method === "POST" && req.path === "/graphql";
}
