/**
 * Warm in-process latency and the shim's heap, in a process of its own run
 * with `--expose-gc`: `warm-child.js RESULT PLAN_FILE`. Nothing else lives in
 * this heap (the snapshot and vocabulary stay in the parent).
 *
 * Each request starts on a turn of the event loop of its own, as it does in
 * a server, where requests arrive as I/O events. Back to back in one chain
 * of promises, the loop would turn only inside requests that read a file,
 * and each of those would be charged with every task queued meanwhile (V8's
 * incremental marking among them): measured, that alone put 10-20 ms on one
 * search in a hundred.
 */
import { readFile } from "node:fs/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createShim } from "../../src/shim/index.js";
import { childArgs, runChildMain, writeChildResult } from "./child-result.js";
import { createCountingReader } from "./counting-reader.js";
import { GcWatch } from "./gc-watch.js";
import { QUERY_CLASSES, type QueryClass } from "./queries.js";
import { checkOk, timedRequest, totalOf } from "./shim-client.js";
import type { WarmPlan, WarmResult } from "./warm-plan.js";

const MB = 1024 * 1024;

interface Memory {
  /** JS heap plus ArrayBuffers (the shim keeps records and bitsets as bytes): what an isolate's limit counts. */
  readonly totalMb: number;
  readonly arrayBuffersMb: number;
}

function memoryAfterGc(): Memory {
  if (globalThis.gc === undefined) throw new Error("warm-child needs node --expose-gc");
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { totalMb: (heapUsed + arrayBuffers) / MB, arrayBuffersMb: arrayBuffers / MB };
}

const perClass = <T>(make: () => T): Record<QueryClass, T> =>
  Object.fromEntries(QUERY_CLASSES.map((kind) => [kind, make()])) as Record<QueryClass, T>;

runChildMain(async () => {
  const { resultFile, args: [planFile] } = childArgs(1);
  const plan = JSON.parse(await readFile(planFile!, "utf8")) as WarmPlan;
  const baseline = memoryAfterGc();

  const counting = createCountingReader(plan.siteDir);
  const shim = createShim({ reader: counting.reader });
  for (const path of plan.heapMix) {
    await nextTurn();
    checkOk(await timedRequest(shim, path), path);
  }
  // No heap measurement here: a forced GC shrinks the young generation, and the timed run would pay for it regrowing.
  counting.reset();
  const gcWatch = new GcWatch();
  const timings = perClass<number[]>(() => []);
  const nonEmpty = perClass(() => 0);
  const slowest = perClass(() => ({ path: "", ms: -1 }));
  for (const { kind, path } of plan.timed) {
    await nextTurn();
    const answer = await timedRequest(shim, path);
    checkOk(answer, path);
    timings[kind].push(answer.ms);
    if (answer.ms > slowest[kind].ms) slowest[kind] = { path, ms: answer.ms };
    if (totalOf(answer.body) > 0) nonEmpty[kind]++;
  }
  const timedGc = await gcWatch.stop();
  const after = memoryAfterGc();
  // Still answering: the caches measured above belong to a live shim, not to one the GC may drop.
  checkOk(await timedRequest(shim, plan.heapMix[0] ?? "/api/plugins"), "the last request");
  const result: WarmResult = {
    baselineHeapMb: baseline.totalMb,
    heapMb: after.totalMb,
    heapArrayBuffersMb: after.arrayBuffersMb,
    rssMb: process.memoryUsage().rss / MB,
    timings,
    slowest,
    nonEmpty,
    timedReads: { ...counting.counts },
    timedGc,
  };
  await writeChildResult(resultFile, result);
});
