/**
 * The two rate-limit behaviours the fakes mimic. Both read a clock that tests can replace.
 *
 * - `WindowBudget`: a quota per fixed window (GitHub's points per hour, GitLab's requests
 *   per minute); answers how much is left and when it resets, for the headers.
 * - `BurstBlocker`: more than `burst` requests within `windowMs` blocks the client for
 *   `blockMs` (what registry.npmjs.org's edge does to a fast search pager).
 */

export type Clock = () => number;

export interface BudgetState {
  allowed: boolean;
  limit: number;
  used: number;
  remaining: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
}

export class WindowBudget {
  #start = -Infinity;
  #used = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: Clock = Date.now,
  ) {}

  /** The current state without spending anything. */
  peek(): BudgetState {
    this.#roll();
    return this.#state(this.#used < this.limit);
  }

  /** Spends `cost` when enough is left; `allowed: false` (and nothing spent) otherwise. */
  take(cost = 1): BudgetState {
    this.#roll();
    const allowed = this.#used + cost <= this.limit;
    if (allowed) this.#used += cost;
    return this.#state(allowed);
  }

  /** Sets what is left in the current window: tests drive a client to the limit directly. */
  setRemaining(remaining: number): void {
    this.#roll();
    this.#used = Math.max(0, this.limit - remaining);
  }

  /** Spends the whole quota until `resetAt` (epoch ms), when a fresh window starts: a limit hit mid-run, reset soon. */
  exhaustUntil(resetAt: number): void {
    this.#start = resetAt - this.windowMs;
    this.#used = this.limit;
  }

  #roll(): void {
    const now = this.now();
    if (now >= this.#start + this.windowMs) {
      this.#start = now;
      this.#used = 0;
    }
  }

  #state(allowed: boolean): BudgetState {
    const remaining = Math.max(0, this.limit - this.#used);
    return { allowed, limit: this.limit, used: this.#used, remaining, resetAt: this.#start + this.windowMs };
  }
}

export interface BurstLimit {
  /** Requests allowed within `windowMs`; the next one is refused and starts a block. */
  burst: number;
  windowMs: number;
  /** How long every request is refused once blocked. */
  blockMs: number;
}

export class BurstBlocker {
  #recent: number[] = [];
  #blockedUntil = -Infinity;

  constructor(
    private readonly limit: BurstLimit,
    private readonly now: Clock = Date.now,
  ) {}

  /** True when the request may proceed. */
  take(): boolean {
    const now = this.now();
    if (now < this.#blockedUntil) return false;
    this.#recent = this.#recent.filter((t) => t > now - this.limit.windowMs);
    if (this.#recent.length >= this.limit.burst) {
      this.#blockedUntil = now + this.limit.blockMs;
      this.#recent = [];
      return false;
    }
    this.#recent.push(now);
    return true;
  }
}
