/** The host gate on a virtual clock: pauses hold every request until the reset; a host down or out of budget is asked nothing. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HostDownError, HttpStatusError, NetworkError, RateLimitedError, TimeoutError } from "../../../src/upstream/http/errors.js";
import { HostGate } from "../../../src/upstream/http/host-gate.js";

/** A gate whose sleeps advance a virtual clock instead of waiting. */
function virtualGate(options: { failuresToDown?: number; pauseBudgetMs?: number } = {}) {
  const clock = { now: 1_000_000 };
  const gate = new HostGate({
    failuresToDown: options.failuresToDown ?? 5,
    pauseBudgetMs: options.pauseBudgetMs ?? 300_000,
    now: () => clock.now,
    sleep: async (ms) => {
      clock.now += ms;
    },
  });
  return { gate, clock };
}

const http503 = () => new HttpStatusError(503, "GET", "http://host/x", undefined);

describe("pauses", () => {
  it("a request passes only once the clock reaches the latest announced reset", () => {
    fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: -5_000, max: 60_000 }), { maxLength: 8 }), async (offsets) => {
        const { gate, clock } = virtualGate();
        const start = clock.now;
        for (const offset of offsets) gate.pause(start + offset, "test");
        await gate.pass("GET", "http://host/x");
        expect(clock.now).toBe(Math.max(start, ...offsets.map((o) => start + o)));
      }),
    );
  });

  it("a pause extended while a request waits holds that request until the new reset", async () => {
    const clock = { now: 0 };
    let extended = false;
    const gate = new HostGate({
      failuresToDown: 5,
      pauseBudgetMs: 300_000,
      now: () => clock.now,
      sleep: async (ms) => {
        // Another request learns of a longer limit while this one sleeps.
        if (!extended) gate.pause(9_000, "second limit");
        extended = true;
        clock.now += ms;
      },
    });
    gate.pause(2_000, "first limit");
    await gate.pass("GET", "http://host/x");
    expect(clock.now).toBe(9_000);
    expect(gate.record).toMatchObject({ pauses: 1, pausedMs: 9_000, down: undefined });
  });

  it("counts separate pauses, not extensions, and their time in all", () => {
    const { gate, clock } = virtualGate();
    gate.pause(clock.now + 1_000, "a");
    gate.pause(clock.now + 3_000, "a, longer");
    gate.pause(clock.now + 2_000, "already covered");
    clock.now += 10_000;
    gate.pause(clock.now + 500, "b");
    expect(gate.record).toMatchObject({ pauses: 2, pausedMs: 3_500 });
  });

  it("requests waiting out a pause are let go at once when the host is given up meanwhile", async () => {
    const clock = { now: 0 };
    // A clock that stands still: only giving the host up can end these waits.
    const forever = () => new Promise<void>(() => {});
    const gate = new HostGate({ failuresToDown: 5, pauseBudgetMs: 120_000, now: () => clock.now, sleep: forever });
    gate.pause(60_000, "GitHub secondary limit, no time given");
    const waiting = [1, 2].map(() => gate.pass("POST", "http://host/graphql").catch((error: unknown) => error));
    gate.pause(3_600_000, "quota spent");
    for (const outcome of await Promise.all(waiting)) expect(outcome).toBeInstanceOf(HostDownError);
  });

  it("a reset beyond the build's budget gives the host up instead of waiting", async () => {
    const { gate, clock } = virtualGate({ pauseBudgetMs: 60_000 });
    gate.pause(clock.now + 40_000, "first");
    gate.pause(clock.now + 40_000 + 30_000, "GitHub GraphQL answered RATE_LIMITED");
    expect(gate.record.down).toMatch(/^GitHub GraphQL answered RATE_LIMITED: .*beyond the 60 s this build may wait/);
    await expect(gate.pass("POST", "http://host/graphql")).rejects.toBeInstanceOf(HostDownError);
  });
});

describe("outages", () => {
  it("five transient failures in a row mark the host down; the next request is not sent", async () => {
    const { gate } = virtualGate();
    const connectionRefused = new NetworkError("GET", "http://host/x", new Error("ECONNREFUSED"));
    const failures = [http503(), new TimeoutError("GET", "http://host/x", 100), connectionRefused, http503()];
    for (const failure of failures) gate.failed(failure);
    expect(gate.record.down).toBeUndefined();
    gate.failed(http503());
    expect(gate.record.down).toMatch(/^down: 5 requests in a row failed, the last with HTTP 503/);
    const refused = await gate.pass("GET", "http://host/y").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HostDownError);
    expect((refused as HostDownError).message).toContain("5 requests in a row failed");
  });

  it("an answer between failures starts the count again, and a refusal (404) is an answer", () => {
    for (const answer of ["success", "refusal"] as const) {
      const { gate } = virtualGate();
      for (let i = 0; i < 4; i++) gate.failed(http503());
      if (answer === "success") gate.answered();
      else gate.failed(new HttpStatusError(404, "GET", "http://host/x", undefined));
      for (let i = 0; i < 4; i++) gate.failed(http503());
      expect(gate.record.down, answer).toBeUndefined();
    }
  });

  it("a rate limit between failures neither counts nor starts the count again: it is no sign of the host's health", () => {
    const { gate } = virtualGate();
    for (let i = 0; i < 4; i++) gate.failed(http503());
    gate.failed(new RateLimitedError(429, "GET", "http://host/x", 1_000, undefined));
    expect(gate.record.down).toBeUndefined();
    gate.failed(http503());
    expect(gate.record.down).toMatch(/5 requests in a row failed/);
  });
});
