/**
 * Garbage-collection pauses while a run is being timed: most of a p99 tail
 * in a JS request handler is GC, and this says how much.
 */
import { PerformanceObserver } from "node:perf_hooks";

export interface GcPauses {
  readonly count: number;
  readonly totalMs: number;
  readonly longestMs: number;
}

export class GcWatch {
  private readonly durations: number[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) this.durations.push(entry.duration);
  });

  constructor() {
    this.observer.observe({ entryTypes: ["gc"] });
  }

  /** Stops watching; GC entries arrive asynchronously, so the last ones are flushed first. */
  async stop(): Promise<GcPauses> {
    await new Promise((resolve) => setImmediate(resolve));
    for (const entry of this.observer.takeRecords()) this.durations.push(entry.duration);
    this.observer.disconnect();
    return {
      count: this.durations.length,
      totalMs: this.durations.reduce((sum, ms) => sum + ms, 0),
      longestMs: this.durations.reduce((longest, ms) => Math.max(longest, ms), 0),
    };
  }
}
