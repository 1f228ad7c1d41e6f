/**
 * The shim inside workerd (`workerd-child.js`, its plan sent as its first message): the site's Worker as its
 * `wrangler.jsonc` deploys it, in wrangler's Miniflare as the contract suite runs it (`test/support/workerd-target.ts`).
 * Each request goes through `dispatchFetch` (Node → HTTP on loopback → workerd → back), timed to its last body byte,
 * with the CPU the workerd process spent meanwhile.
 */
import { readdirSync, readFileSync } from "node:fs";
import { startWorkerd, type Workerd } from "../support/workerd-target.js";
import { type ClassTally, checkOk, type TimedAnswer, type TimedQuery, tally, timed, totalOf } from "./answers.js";
import { childMain, received, sequentially } from "./child.js";
import { BASELINE_PATH } from "./queries.js";

/** `coldByClass`: each the first Worker request of a new instance that served `BASELINE_PATH` first; `kinds`: `baseline` too. */
export type WorkerdPlan = Readonly<Record<"coldUnfiltered" | "coldQuery" | "kinds" | "warmup", readonly string[]>> &
  Readonly<{ siteDir: string; coldByClass: Readonly<Record<string, readonly string[]>>; timed: readonly TimedQuery[] }>;
/**
 * A path as a new instance's very first request; `readyMs`: from reading the site's `wrangler.jsonc` to Miniflare's
 * `ready` (workerd started, the script loaded and its global scope run).
 */
export type FirstSample = { readonly path: string } & Readonly<Record<"readyMs" | "firstMs" | "secondMs", number>>;
/** The static file as a new instance's first request (no Worker), then a path: the Worker's isolate still cold. */
export type PrimedSample = Readonly<Record<"assetFirstMs" | "afterAssetMs" | "cpuMs", number>>;
export type WorkerdResult = { readonly first: Record<"unfiltered" | "query", FirstSample[]> } & Readonly<{
  primed: Record<string, PrimedSample[]>;
  tally: Record<string, ClassTally>;
}>;
type Instance = { readonly workerd: Workerd; readonly pid: number; readonly readyMs: number };

async function withInstance<T>(siteDir: string, use: (instance: Instance) => Promise<T>): Promise<T> {
  const started = performance.now();
  const { workerd } = await startWorkerd(siteDir);
  try {
    const readyMs = performance.now() - started;
    // `dispose` killed and awaited the previous instance's workerd, so this one is alone.
    const pids = childProcesses("workerd");
    if (pids.length !== 1) throw new Error(`expected one workerd child process, found ${pids.length}`);
    return await use({ workerd, pid: Number(pids[0]), readyMs });
  } finally {
    await workerd.dispose();
  }
}

/**
 * Milliseconds `pid` has run on a CPU, its live threads summed: the first field of /proc/PID/task/TID/schedstat, in ns
 * (utime + stime in /proc/PID/stat count 10 ms ticks, too coarse for one request).
 */
function cpuMs(pid: number): number {
  const ns = readdirSync(`/proc/${pid}/task`).map((task) => Number(readProc(`/proc/${pid}/task/${task}/schedstat`)?.split(" ")[0] ?? 0));
  return ns.reduce((sum, n) => sum + n, 0) / 1e6;
}

/** This process's children named `name`, as its main thread (libuv's, which spawns) started them. */
function childProcesses(name: string): string[] {
  const children = readProc(`/proc/${process.pid}/task/${process.pid}/children`)?.trim().split(" ") ?? [];
  return children.filter((pid) => pid !== "" && readProc(`/proc/${pid}/comm`)?.trim() === name);
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined; // the process or thread is gone: a thread takes its time along
  }
}

/** The CPU is read outside the timed span, so reading /proc costs the latency nothing. */
async function ask(instance: Instance, path: string): Promise<TimedAnswer & { cpuMs: number }> {
  const before = cpuMs(instance.pid);
  const answer = checkOk(await timed(() => instance.workerd.dispatchFetch(`http://localhost${path}`)), path);
  return { ...answer, cpuMs: cpuMs(instance.pid) - before };
}

/** One sample per path, each on a new instance, one at a time. */
const onNewInstances = <T>(siteDir: string, paths: readonly string[], sample: (instance: Instance, path: string) => Promise<T>) =>
  sequentially(paths, (path) => withInstance(siteDir, (instance) => sample(instance, path)));

async function firstSample(instance: Instance, path: string): Promise<FirstSample> {
  const first = await ask(instance, path);
  totalOf(first.body);
  return { path, readyMs: instance.readyMs, firstMs: first.ms, secondMs: (await ask(instance, path)).ms };
}

async function primedSample(instance: Instance, path: string): Promise<PrimedSample> {
  const asset = await ask(instance, BASELINE_PATH);
  const answer = await ask(instance, path);
  return { assetFirstMs: asset.ms, afterAssetMs: answer.ms, cpuMs: answer.cpuMs };
}

const warm = (plan: WorkerdPlan): Promise<Record<string, ClassTally>> =>
  withInstance(plan.siteDir, async (instance) => {
    await sequentially(plan.warmup, (path) => ask(instance, path));
    return tally(plan.kinds, plan.timed, (path) => ask(instance, path));
  });

childMain(async (): Promise<WorkerdResult> => {
  const plan = await received<WorkerdPlan>();
  // A throwaway instance warms this process's side (Miniflare's client code), which a real edge never pays.
  await withInstance(plan.siteDir, (instance) => sequentially([BASELINE_PATH, ...plan.warmup.slice(0, 5)], (path) => ask(instance, path)));
  const unfiltered = await onNewInstances(plan.siteDir, plan.coldUnfiltered, firstSample);
  const first = { unfiltered, query: await onNewInstances(plan.siteDir, plan.coldQuery, firstSample) };
  const primed: Record<string, PrimedSample[]> = {};
  for (const [kind, paths] of Object.entries(plan.coldByClass)) primed[kind] = await onNewInstances(plan.siteDir, paths, primedSample);
  return { first, primed, tally: await warm(plan) };
});
