/**
 * The shim inside workerd, in a Node process of its own:
 * `workerd-child.js RESULT PLAN_FILE`. Miniflare runs the bundled Worker
 * (`lib/worker/_worker.js`) over a real assets binding (`workerd-instance.ts`).
 *
 * Cold: every sample is a new Miniflare instance, i.e. a new workerd process
 * and a fresh isolate that has never run the Worker's code (and the shim's
 * caches empty); see `coldSample` for the second instance each sample adds. One throwaway instance first warms this Node process's
 * side (Miniflare's client code), which a real edge never pays.
 */
import { readFile } from "node:fs/promises";
import type { Miniflare } from "miniflare";
import { childArgs, writeChildResult } from "./child-result.js";
import { QUERY_CLASSES, type QueryClass } from "./queries.js";
import { checkOk, totalOf } from "./shim-client.js";
import { timedDispatch } from "./workerd-client.js";
import { startMiniflare } from "./workerd-instance.js";
import { BASELINE_PATH, type WorkerdColdSample, type WorkerdKind, type WorkerdPlan, type WorkerdResult } from "./workerd-plan.js";

const KINDS: readonly WorkerdKind[] = [...QUERY_CLASSES, "baseline"];

const perKind = <T>(kinds: readonly WorkerdKind[], make: () => T): Record<WorkerdKind, T> =>
  Object.fromEntries(kinds.map((kind) => [kind, make()])) as Record<WorkerdKind, T>;

async function withInstance<T>(siteDir: string, use: (miniflare: Miniflare, readyMs: number) => Promise<T>): Promise<T> {
  const started = performance.now();
  const miniflare = await startMiniflare(siteDir);
  const readyMs = performance.now() - started;
  try {
    return await use(miniflare, readyMs);
  } finally {
    await miniflare.dispose();
  }
}

/**
 * Two fresh instances per sample: on the first, `path` is the very first
 * request; on the second, a static asset goes first, so that `path` then
 * meets a cold Worker over an already open connection.
 */
async function coldSample(siteDir: string, path: string): Promise<WorkerdColdSample> {
  const cold = await withInstance(siteDir, async (miniflare, readyMs) => {
    const first = await timedDispatch(miniflare, path);
    checkOk(first, path);
    const second = await timedDispatch(miniflare, path);
    checkOk(second, path);
    return { path, readyMs, firstMs: first.ms, secondMs: second.ms, total: totalOf(first.body) };
  });
  const primed = await withInstance(siteDir, async (miniflare) => {
    const asset = await timedDispatch(miniflare, BASELINE_PATH);
    checkOk(asset, BASELINE_PATH);
    const answer = await timedDispatch(miniflare, path);
    checkOk(answer, path);
    return { assetFirstMs: asset.ms, afterAssetMs: answer.ms };
  });
  return { ...cold, ...primed };
}

async function coldSamples(siteDir: string, paths: readonly string[]): Promise<WorkerdColdSample[]> {
  const samples: WorkerdColdSample[] = [];
  for (const path of paths) samples.push(await coldSample(siteDir, path));
  return samples;
}

async function warm(plan: WorkerdPlan): Promise<Pick<WorkerdResult, "timings" | "slowest" | "nonEmpty">> {
  return withInstance(plan.siteDir, async (miniflare) => {
    for (const path of plan.warmup) checkOk(await timedDispatch(miniflare, path), path);
    const timings = perKind(KINDS, (): number[] => []);
    const slowest = perKind(KINDS, () => ({ path: "", ms: -1 }));
    const nonEmpty = perKind(QUERY_CLASSES, () => 0) as Record<QueryClass, number>;
    for (const { kind, path } of plan.timed) {
      const answer = await timedDispatch(miniflare, path);
      checkOk(answer, path);
      timings[kind].push(answer.ms);
      if (answer.ms > slowest[kind].ms) slowest[kind] = { path, ms: answer.ms };
      if (kind !== "baseline" && totalOf(answer.body) > 0) nonEmpty[kind]++;
    }
    return { timings, slowest, nonEmpty };
  });
}

async function main(): Promise<void> {
  const { resultFile, args: [planFile] } = childArgs(1);
  const plan = JSON.parse(await readFile(planFile!, "utf8")) as WorkerdPlan;
  await withInstance(plan.siteDir, async (miniflare) => {
    for (const path of [BASELINE_PATH, ...plan.warmup.slice(0, 5)]) checkOk(await timedDispatch(miniflare, path), path);
  });
  const coldUnfiltered = await coldSamples(plan.siteDir, plan.coldUnfiltered);
  const coldQuery = await coldSamples(plan.siteDir, plan.coldQuery);
  const result: WorkerdResult = { coldUnfiltered, coldQuery, ...(await warm(plan)) };
  await writeChildResult(resultFile, result);
}

// Not `runChildMain`: a failed Miniflare start can leave handles that keep the process alive, so exit outright.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
