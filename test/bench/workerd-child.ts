/**
 * The shim inside workerd (`workerd-child.js`, its plan sent as its first message), two ways: the Worker alone in a bare
 * workerd with the platform's parts native (`worker-alone.ts`: what Cloudflare bills), and the site as its
 * `wrangler.jsonc` deploys it, in wrangler's Miniflare as the contract suite runs it (`test/support/workerd-target.ts`).
 * Each request goes over HTTP on loopback to workerd and back, timed to its last body byte, with the CPU the workerd
 * process spent meanwhile.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { startWorkerd } from "../support/workerd-target.js";
import { type ClassTally, checkOk, type TimedAnswer, type TimedQuery, tally, timed, totalOf } from "./answers.js";
import { childMain, received, sequentially } from "./child.js";
import { BASELINE_PATH, EDGE_CACHED_CLASSES } from "./queries.js";
import { EdgeCacheServer, startWorkerAlone, workerAloneConfig } from "./worker-alone.js";

/**
 * `coldByClass`: each the first Worker request of a new instance that served `BASELINE_PATH` first; `worstByShape` (issue
 * 21's worst cases) the same, on the Worker alone only; `kinds`: `baseline` too.
 */
export type WorkerdPlan = Readonly<Record<"coldUnfiltered" | "coldQuery" | "kinds" | "warmup", readonly string[]>> &
  Readonly<Record<"coldByClass" | "worstByShape", Readonly<Record<string, readonly string[]>>>> &
  Readonly<{ siteDir: string; timed: readonly TimedQuery[] }>;
/**
 * A path as a new instance's very first request; `readyMs`: from reading the site's `wrangler.jsonc` to Miniflare's
 * `ready` (workerd started, the script loaded and its global scope run).
 */
export type FirstSample = { readonly path: string } & Readonly<Record<"readyMs" | "firstMs" | "secondMs", number>>;
/** The static file as a new instance's first request (no Worker), then a path: the Worker's isolate still cold. */
export type PrimedSample = Readonly<Record<"assetFirstMs" | "afterAssetMs" | "cpuMs", number>>;
/**
 * One set-up's cold samples per class and its warm run; for each cold sample, `readyMs` from start to listening and
 * `readyCpuMs` the CPU workerd had used by its first request (its start-up and the Worker's global scope).
 */
export type SetUpResult = Readonly<{
  primed: Record<string, PrimedSample[]>;
  tally: Record<string, ClassTally>;
  readyMs: number[];
  readyCpuMs: number[];
}>;
/** A worst-case query, cold: the CPU of its answer on a new workerd that served `BASELINE_PATH` first. */
export type WorstSample = { readonly path: string; readonly cpuMs: number };
/** `alone`: the Worker alone; the rest: Miniflare, as deployed. */
/**
 * `sharedHits` of `shared`: queries a new workerd got from `caches.default` after another workerd had computed them;
 * `worst`: the worst-case samples by shape.
 */
export type AloneResult = SetUpResult & Readonly<{ sharedHits: number; shared: number; worst: Record<string, WorstSample[]> }>;
export type WorkerdResult = SetUpResult &
  Readonly<{ first: Record<"unfiltered" | "query", FirstSample[]>; alone: AloneResult; pinnedCore: number | null }>;
/** `--probe`: each path asked, cold, of as many new Worker-alone instances as it is listed. */
export type ProbePlan = Readonly<{ siteDir: string; probe: Readonly<Record<string, readonly string[]>> }>;
export type ProbeResult = Readonly<{ samples: Record<string, WorstSample[]>; pinnedCore: number | null }>;

/** A running workerd with the site's Worker: `get` a path from it. */
type Instance = { readonly pid: number; readonly readyMs: number; get(path: string): Promise<Response> };
/** Runs `use` on a new instance, then disposes of it: the next one starts alone. */
type SetUp = <T>(use: (instance: Instance) => Promise<T>) => Promise<T>;

const miniflare =
  (siteDir: string): SetUp =>
  async (use) => {
    const started = performance.now();
    const { workerd } = await startWorkerd(siteDir);
    try {
      const readyMs = performance.now() - started;
      // `dispose` killed and awaited the previous instance's workerd, so this one is alone.
      const pids = childProcesses("workerd");
      if (pids.length !== 1) throw new Error(`expected one workerd child process, found ${pids.length}`);
      // Miniflare answers with undici's Response, the same class as Node's own.
      const get = (path: string) => workerd.dispatchFetch(`http://localhost${path}`) as unknown as Promise<Response>;
      return await use({ pid: Number(pids[0]), readyMs, get });
    } finally {
      await workerd.dispose();
    }
  };

/** `cache` is emptied for each new instance unless `keepCache`. */
const workerAlone =
  (configFile: string, cache: EdgeCacheServer, keepCache = false): SetUp =>
  async (use) => {
    if (!keepCache) cache.clear();
    const instance = await startWorkerAlone(configFile);
    try {
      return await use(instance);
    } finally {
      await instance.dispose();
    }
  };

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
  const answer = checkOk(await timed(() => instance.get(path)), path);
  return { ...answer, cpuMs: cpuMs(instance.pid) - before };
}

/** One sample per path, each on a new instance, one at a time. */
const onNewInstances = <T>(setUp: SetUp, paths: readonly string[], sample: (instance: Instance, path: string) => Promise<T>) =>
  sequentially(paths, (path) => setUp((instance) => sample(instance, path)));

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

/** Cold samples of every class on new instances, then the warm run on one; a throwaway instance first warms this process's side. */
async function measure(setUp: SetUp, plan: WorkerdPlan): Promise<SetUpResult> {
  await setUp((instance) => sequentially([BASELINE_PATH, ...plan.warmup.slice(0, 5)], (path) => ask(instance, path)));
  const [primed, readyMs, readyCpuMs]: [Record<string, PrimedSample[]>, number[], number[]] = [{}, [], []];
  const sample = (instance: Instance, path: string) => {
    readyMs.push(instance.readyMs);
    readyCpuMs.push(cpuMs(instance.pid));
    return primedSample(instance, path);
  };
  for (const [kind, paths] of Object.entries(plan.coldByClass)) primed[kind] = await onNewInstances(setUp, paths, sample);
  const warm = await setUp(async (instance) => {
    await sequentially(plan.warmup, (path) => ask(instance, path));
    return tally(plan.kinds, plan.timed, (path) => ask(instance, path));
  });
  return { primed, tally: warm, readyMs, readyCpuMs };
}

/** Issue 21's worst cases, each sampled as a cold class is: the first Worker request of a new instance, after a static file. */
async function worstCases(setUp: SetUp, byShape: WorkerdPlan["worstByShape"]): Promise<Record<string, WorstSample[]>> {
  const worst: Record<string, WorstSample[]> = {};
  const sample = async (instance: Instance, path: string): Promise<WorstSample> => {
    const { cpuMs } = await primedSample(instance, path);
    return { path, cpuMs };
  };
  for (const [shape, paths] of Object.entries(byShape)) worst[shape] = await onNewInstances(setUp, paths, sample);
  return worst;
}

/**
 * Each class's first cold query, computed by one new workerd, then asked of another sharing its cache (two isolates of
 * a data center): proof that the Worker-alone figures include a working `caches.default`.
 */
async function sharedCacheHits(configFile: string, cache: EdgeCacheServer, paths: readonly string[]): Promise<number> {
  const [computing, sharing] = [workerAlone(configFile, cache), workerAlone(configFile, cache, true)];
  const hits = await sequentially(paths, async (path) => {
    await computing(async (instance) => {
      await ask(instance, path);
      await cache.stored(1); // the Worker stores its answer after answering
    });
    const before = cache.hits;
    await sharing((instance) => ask(instance, path));
    return cache.hits === before + 1;
  });
  return hits.filter(Boolean).length;
}

async function measureAlone(plan: WorkerdPlan): Promise<AloneResult> {
  const cache = new EdgeCacheServer();
  const config = await workerAloneConfig(plan.siteDir, await cache.start());
  try {
    const measured = await measure(workerAlone(config.file, cache), plan);
    const worst = await worstCases(workerAlone(config.file, cache), plan.worstByShape);
    const shared = EDGE_CACHED_CLASSES.flatMap((kind) => plan.coldByClass[kind]?.slice(0, 1) ?? []);
    return { ...measured, worst, sharedHits: await sharedCacheHits(config.file, cache, shared), shared: shared.length };
  } finally {
    await Promise.all([cache.close(), config.remove()]);
  }
}

/**
 * This process and every workerd it starts (they inherit it) on one core, so workerd never wakes on an idle core: on an
 * idle machine a request that wakes a sleeping core costs that core's cold caches, several times the CPU for the same
 * work (docs/BENCHMARKS.md has the figures). The
 * client waits while workerd works, so sharing the core takes no CPU time from it. Without `taskset`: unpinned, reported.
 */
function pinToOneCore(core: number): number | null {
  try {
    execFileSync("taskset", ["--all-tasks", "--cpu-list", "--pid", String(core), String(process.pid)], { stdio: "ignore" });
    return core;
  } catch {
    return null;
  }
}

/** Each probed path cold on new instances of the Worker alone, as a worst-case shape is sampled. */
async function probe(plan: ProbePlan, pinnedCore: number | null): Promise<ProbeResult> {
  const cache = new EdgeCacheServer();
  const config = await workerAloneConfig(plan.siteDir, await cache.start());
  try {
    return { samples: await worstCases(workerAlone(config.file, cache), plan.probe), pinnedCore };
  } finally {
    await Promise.all([cache.close(), config.remove()]);
  }
}

childMain(async (): Promise<WorkerdResult | ProbeResult> => {
  const plan = await received<WorkerdPlan | ProbePlan>();
  const pinnedCore = pinToOneCore(0);
  if ("probe" in plan) return probe(plan, pinnedCore);
  const alone = await measureAlone(plan);
  const deployed = miniflare(plan.siteDir);
  const asDeployed = await measure(deployed, plan);
  const unfiltered = await onNewInstances(deployed, plan.coldUnfiltered, firstSample);
  const first = { unfiltered, query: await onNewInstances(deployed, plan.coldQuery, firstSample) };
  return { ...asDeployed, first, alone, pinnedCore };
});
