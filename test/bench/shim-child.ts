/**
 * The shim in a Node process of its own: `cold DIR PATH`, one cold sample (a process that never ran the shim's code);
 * `reads` (its plan sent as its first message), what each query's answer reads on a new shim;
 * `warm` (its plan sent as its first message) under `--expose-gc`, warm latency and the shim's heap with nothing else in it; `serve DIR`, the site
 * behind the product's own `serveSite` on loopback, apart from the load generator's event loop.
 */
import { PerformanceObserver } from "node:perf_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { FetchHandler } from "../../src/shim/index.js";
import { type ClassTally, checkOk, countingReader, type ReadCounts, type TimedQuery, tally, timed, totalOf } from "./answers.js";
import { childMain, received } from "./child.js";

/**
 * Imported only when asked for, so that a cold sample can time it. `server`: configured as `serve` runs it (each build
 * preloaded once opened); otherwise as an edge isolate runs it (reads only what each request needs).
 */
async function loadShim(dir: string, server: boolean): Promise<{ createShim: () => FetchHandler; counts: ReadCounts }> {
  const [{ createShim }, { serverShim }] = await Promise.all([
    import("../../src/shim/index.js"),
    import("../../src/runtime/node/server-shim.js"),
  ]);
  const { createFsReader } = await import("../../src/runtime/node/fs-reader.js");
  const { reader, counts } = countingReader(createFsReader(dir));
  return { createShim: () => (server ? serverShim(reader) : createShim({ reader })), counts };
}

const ask = (shim: FetchHandler, path: string): ReturnType<typeof timed> => timed(() => shim(new Request(`http://bench.invalid${path}`)));
export type ColdSample = ReadCounts & { readonly path: string } & Readonly<Record<"ms" | "importMs" | "runtimeInitMs", number>>;

/**
 * From `createShim` to the first answer's last byte. Before, timed apart: loading the shim's modules, and Node's lazy
 * Fetch API and WebCrypto set-up (which an edge runtime never pays, and a Node server once per process).
 */
async function cold(dir: string, path: string): Promise<ColdSample> {
  const importStarted = performance.now();
  const shim = await loadShim(dir, false);
  const runtimeStarted = performance.now();
  await new Response(new Uint8Array(1), { status: 200, headers: { "Content-Type": "text/plain" } }).text();
  new URL(new Request("http://runtime.invalid/?a=1").url).searchParams.get("a");
  await crypto.subtle.digest("SHA-256", new TextEncoder().encode("a"));
  const started = performance.now();
  totalOf(checkOk(await ask(shim.createShim(), path), path).body);
  const ms = performance.now() - started;
  return { path, ms, importMs: runtimeStarted - importStarted, runtimeInitMs: started - runtimeStarted, ...shim.counts };
}

export type WarmPlan = Readonly<{ siteDir: string; classes: readonly string[]; warmup: readonly string[]; timed: readonly TimedQuery[] }>;
/**
 * Heap: JS heap plus ArrayBuffers (what an isolate's limit counts) after gc, before the shim existed and after every
 * query; `timedReads`: the cache misses of the timed run.
 */
export type WarmResult = Readonly<Record<"baselineHeapMb" | "heapMb" | "heapArrayBuffersMb", number>> &
  Readonly<{ tally: Record<string, ClassTally>; timedGc: Record<"count" | "totalMs" | "longestMs", number>; timedReads: ReadCounts }>;

function memoryAfterGc(): { totalMb: number; arrayBuffersMb: number } {
  if (globalThis.gc === undefined) throw new Error("warm needs node --expose-gc");
  for (const _pass of [1, 2]) globalThis.gc(); // the second pass frees what the first one's finalizers let go
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { totalMb: (heapUsed + arrayBuffers) / 2 ** 20, arrayBuffersMb: arrayBuffers / 2 ** 20 };
}

/** GC pauses while the timed run goes on: most of a p99 tail in a JS handler is GC, and this says how much. */
function watchGc(): () => Promise<WarmResult["timedGc"]> {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => durations.push(...list.getEntries().map((entry) => entry.duration)));
  observer.observe({ entryTypes: ["gc"] });
  return async () => {
    await nextTurn(); // GC entries arrive asynchronously
    durations.push(...observer.takeRecords().map((entry) => entry.duration));
    observer.disconnect();
    return { count: durations.length, totalMs: durations.reduce((sum, ms) => sum + ms, 0), longestMs: Math.max(0, ...durations) };
  };
}

async function warm(plan: WarmPlan): Promise<WarmResult> {
  const baseline = memoryAfterGc();
  const loaded = await loadShim(plan.siteDir, true);
  const shim = loaded.createShim();
  // Each request on an event-loop turn of its own, as in a server where requests arrive as I/O events. Chained back to
  // back, the loop would turn only inside requests that read a file, each then charged with every task queued meanwhile
  // (V8's incremental marking among them), which put whole GC steps on a few searches.
  const send = async (path: string): ReturnType<typeof ask> => checkOk(await nextTurn().then(() => ask(shim, path)), path);
  for (const path of plan.warmup) await send(path);
  // No heap measurement here: a forced GC shrinks the young generation, and the timed run would pay for regrowing it.
  Object.assign(loaded.counts, { bytes: 0, searchBytes: 0 });
  const stopGcWatch = watchGc();
  const byClass = await tally(plan.classes, plan.timed, send);
  const timedGc = await stopGcWatch();
  const after = memoryAfterGc();
  // Still answering: the caches measured belong to a live shim, not to one the GC may drop.
  checkOk(await ask(shim, plan.warmup[0] ?? "/api/plugins"), "the last request");
  const heap = { baselineHeapMb: baseline.totalMb, heapMb: after.totalMb, heapArrayBuffersMb: after.arrayBuffersMb };
  return { ...heap, tally: byClass, timedGc, timedReads: loaded.counts };
}

export type ReadsPlan = Readonly<{ siteDir: string; byClass: Readonly<Record<string, readonly string[]>> }>;

/** The bytes each query's answer read on a new shim of its own: what an edge isolate's first request reads. */
async function coldReads(plan: ReadsPlan): Promise<Record<string, number[]>> {
  const bytes: Record<string, number[]> = {};
  for (const [kind, paths] of Object.entries(plan.byClass)) {
    bytes[kind] = [];
    for (const path of paths) {
      const { createShim, counts } = await loadShim(plan.siteDir, false);
      checkOk(await ask(createShim(), path), path);
      bytes[kind].push(counts.bytes);
    }
  }
  return bytes;
}

const [mode, file = "", path = ""] = process.argv.slice(2);
if (mode === "serve") {
  const { serveSite } = await import("../../src/runtime/node/serve.js");
  process.send?.({ url: (await serveSite({ dir: file, port: 0, host: "127.0.0.1" })).url });
  process.once("disconnect", () => process.exit(0));
} else if (mode === "cold") childMain(() => cold(file, path));
else if (mode === "reads") childMain(async () => coldReads(await received<ReadsPlan>()));
else childMain(async () => warm(await received<WarmPlan>()));
