/**
 * One cold sample, in a process of its own: `cold-child.js RESULT DIR PATH`.
 * "Cold" = a fresh shim with empty caches over a fresh reader, in a process
 * that has never run the shim's code (no JIT, no module state), from
 * `createShim` to the first answer's last body byte. Measured apart, before
 * that: loading the shim's modules (`importMs`) and Node's lazy Fetch API and
 * WebCrypto set-up (`runtimeInitMs`, see `runtime-init.ts`). Node's own
 * start-up is not counted. The OS file cache is warm (the site was just
 * written), so "cold" is the process, not the disk.
 */
import type { ColdSample } from "./cold-sample.js";
import { childArgs, runChildMain, writeChildResult } from "./child-result.js";

runChildMain(async () => {
  const { resultFile, args: [dir, path] } = childArgs(2);
  const importStarted = performance.now();
  const { createShim } = await import("../../src/shim/index.js");
  const { createCountingReader } = await import("./counting-reader.js");
  const { checkOk, timedRequest, totalOf } = await import("./shim-client.js");
  const { initFetchRuntime } = await import("./runtime-init.js");
  const importMs = performance.now() - importStarted;
  const runtimeStarted = performance.now();
  await initFetchRuntime();
  const runtimeInitMs = performance.now() - runtimeStarted;

  const counting = createCountingReader(dir!);
  const started = performance.now();
  const shim = createShim({ reader: counting.reader });
  const answer = await timedRequest(shim, path!);
  const ms = performance.now() - started;
  checkOk(answer, path!);

  const sample: ColdSample = { path: path!, ms, importMs, runtimeInitMs, total: totalOf(answer.body), ...counting.counts };
  await writeChildResult(resultFile, sample);
});
