/**
 * Fault plans: what a fake does instead of answering normally, for which requests, how
 * many times. Shared by the three fakes; rules are tried in order and the first matching
 * rule with budget left fires.
 *
 * @example
 * const plan = new FaultPlan();
 * const flaky = plan.add({ match: { path: /^\/-\/v1\/search/ }, times: 2, action: respond(502) });
 * // ... after the run: expect(flaky.fired).toBe(2)
 */
import type { GraphqlTargets } from "./graphql-targets.js";

/** The parts of a request a rule can look at (see server.ts for the full request). */
export interface MatchableRequest {
  method: string;
  /** Pathname as sent, still percent-encoded. */
  path: string;
  url: URL;
  /** The request body as text ("" for none). */
  body: string;
  graphql(): GraphqlTargets;
}

export type Pattern = string | RegExp;

export interface RequestMatch {
  method?: string;
  /** A string matches the pathname exactly; a RegExp is tested on pathname + search. */
  path?: Pattern;
  /** Matches when any requested alias / owner / path matches. */
  graphql?: { alias?: Pattern; owner?: Pattern; path?: Pattern };
  where?: (req: MatchableRequest) => boolean;
}

export type FaultAction =
  | { kind: "respond"; status: number; headers: Record<string, string>; body: string }
  /** Never answer: the client's timeout has to fire. */
  | { kind: "hang" }
  /** Drop the connection with a TCP reset. */
  | { kind: "reset" }
  /** Answer normally, then rewrite the body. */
  | { kind: "mangle"; mangle: (body: string) => string };

export interface FaultRule {
  /** Omitted: every request. */
  match?: RequestMatch;
  /** How many matching requests fire; default: all of them. */
  times?: number;
  action: FaultAction;
}

export interface FaultHandle {
  readonly fired: number;
  remove(): void;
}

function test(pattern: Pattern, value: string): boolean {
  if (typeof pattern === "string") return value === pattern;
  pattern.lastIndex = 0; // a /g pattern would otherwise remember the last match
  return pattern.test(value);
}

function anyOf(pattern: Pattern | undefined, values: readonly string[]): boolean {
  return pattern === undefined || values.some((v) => test(pattern, v));
}

export function matches(match: RequestMatch | undefined, req: MatchableRequest): boolean {
  if (!match) return true;
  if (match.method && match.method.toUpperCase() !== req.method) return false;
  if (match.path !== undefined) {
    const target = typeof match.path === "string" ? req.path : req.path + req.url.search;
    if (!test(match.path, target)) return false;
  }
  if (match.graphql) {
    const t = req.graphql();
    const { alias, owner, path } = match.graphql;
    if (t.aliases.length === 0 || !anyOf(alias, t.aliases) || !anyOf(owner, t.owners) || !anyOf(path, t.paths)) return false;
  }
  return match.where ? match.where(req) : true;
}

interface Slot {
  rule: FaultRule;
  fired: number;
}

export class FaultPlan {
  #slots: Slot[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    for (const rule of rules) this.add(rule);
  }

  add(rule: FaultRule): FaultHandle {
    const slot: Slot = { rule, fired: 0 };
    this.#slots.push(slot);
    return {
      get fired() {
        return slot.fired;
      },
      remove: () => {
        this.#slots = this.#slots.filter((s) => s !== slot);
      },
    };
  }

  clear(): void {
    this.#slots = [];
  }

  /** Total fault firings so far. */
  get fired(): number {
    return this.#slots.reduce((sum, s) => sum + s.fired, 0);
  }

  /** The action to take for `req`, consuming one firing of its rule; undefined: answer normally. */
  take(req: MatchableRequest): FaultAction | undefined {
    for (const slot of this.#slots) {
      if (slot.fired >= (slot.rule.times ?? Infinity) || !matches(slot.rule.match, req)) continue;
      slot.fired++;
      return slot.rule.action;
    }
    return undefined;
  }
}
