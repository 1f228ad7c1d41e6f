/**
 * One upstream host's gate, passed by every request right before it is sent.
 * It is shared, so what one answer teaches holds for all the others: after a
 * rate limit, requests that were queued, waiting or retrying stay back until
 * the announced reset too; after several transient failures in a row the
 * host counts as down, and nothing more is sent to it for the rest of the
 * build. A wait beyond what the build may spend gives the host up the same
 * way: its data keeps yesterday's values instead of stalling the build.
 */
import { HostDownError, isTransient, RateLimitedError } from "./errors.js";

export interface HostGateOptions {
  /** Transient failures in a row (no success between them) that mark the host down. */
  readonly failuresToDown: number;
  /** The longest this build may wait on the host's rate limits, all pauses together. */
  readonly pauseBudgetMs: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** What the gate did, for the build report. */
export interface GateRecord {
  /** Separate pauses (an extension of a running pause is the same one). */
  pauses: number;
  pausedMs: number;
  /** Why the host was given up for this build; undefined while it is not. */
  down: string | undefined;
}

export class HostGate {
  readonly record: GateRecord = { pauses: 0, pausedMs: 0, down: undefined };
  private pausedUntil = 0;
  private failuresInARow = 0;
  private pauseBudgetLeftMs: number;
  /** Settles when the host is given up: requests waiting out a pause need not wait any longer. */
  private readonly givenUp: Promise<void>;
  private wakeWaiting: () => void = () => {};

  constructor(private readonly options: HostGateOptions) {
    this.pauseBudgetLeftMs = options.pauseBudgetMs;
    this.givenUp = new Promise((resolve) => (this.wakeWaiting = resolve));
  }

  /** Resolves when a request may go out now; throws HostDownError when the host is given up. */
  async pass(method: string, url: string): Promise<void> {
    for (;;) {
      if (this.record.down !== undefined) throw new HostDownError(method, url, this.record.down);
      // Looped: the pause may have been extended while this request slept.
      const waitMs = this.pausedUntil - this.now();
      if (waitMs <= 0) return;
      await this.sleep(waitMs);
    }
  }

  /** No request goes out before `untilMs`; beyond the build's budget, the host is given up instead. */
  pause(untilMs: number, why: string): void {
    if (this.record.down !== undefined) return;
    const now = this.now();
    const extensionMs = untilMs - Math.max(now, this.pausedUntil);
    if (extensionMs <= 0) return;
    if (extensionMs > this.pauseBudgetLeftMs) {
      const budget = Math.round(this.options.pauseBudgetMs / 1000);
      this.giveUp(`${why}: it asks for no request before ${new Date(untilMs).toISOString()}, beyond the ${budget} s this build may wait`);
      return;
    }
    if (this.pausedUntil <= now) this.record.pauses++;
    this.record.pausedMs += extensionMs;
    this.pauseBudgetLeftMs -= extensionMs;
    this.pausedUntil = untilMs;
  }

  /** An answer that is not a transient failure: the host is up. */
  answered(): void {
    this.failuresInARow = 0;
  }

  /** A failed attempt. Rate limits are no sign of an outage (`pause` handles them); a refusal such as a 404 is an answer. */
  failed(error: unknown): void {
    if (error instanceof RateLimitedError || error instanceof HostDownError) return;
    if (!isTransient(error)) {
      this.answered();
      return;
    }
    this.failuresInARow++;
    if (this.failuresInARow >= this.options.failuresToDown) {
      this.giveUp(`down: ${this.failuresInARow} requests in a row failed, the last with ${describeFailure(error)}`);
    }
  }

  private giveUp(reason: string): void {
    this.record.down ??= reason;
    this.wakeWaiting();
  }

  /** `ms`, or less when the host is given up meanwhile; the timer is cleared then, so it keeps no process alive. */
  private sleep(ms: number): Promise<void> {
    if (this.options.sleep !== undefined) return Promise.race([this.options.sleep(ms), this.givenUp]);
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      void this.givenUp.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
