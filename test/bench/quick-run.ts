/**
 * A `--quick` run of one bench (500 plugins or packages, few samples; the compiled `run.js`, after
 * `npm run build:ts`), shared by the smoke tests that keep the benches from rotting: each must complete and
 * write every figure CI reads. Quick runs measure nothing worth keeping, so vitest may run them side by side.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect } from "vitest";

/** The query classes both the query bench and the workerd bench time. */
export const QUERY_CLASSES = ["default", "unfiltered", "filter", "q1", "qPrefix", "qFilters"];

export function quickRun(args: readonly string[], timeoutMs: number) {
  let [dir, stdout, results]: [string, string, unknown] = ["", "", undefined];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-smoke-"));
    const [run, json] = [new URL("../../lib/test/bench/run.js", import.meta.url).pathname, join(dir, "bench.json")];
    ({ stdout } = await promisify(execFile)(process.execPath, [run, ...args, "--quick", "--json", json], { maxBuffer: 16 * 1024 * 1024 }));
    results = JSON.parse(await readFile(json, "utf8")) as unknown;
  }, timeoutMs);
  afterAll(() => rm(dir, { recursive: true, force: true }));
  /** The value at a dotted path of the JSON, e.g. `full.requests.github`. */
  const at = (key: string): unknown =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], results);
  const expectFinite = (key: string): void => expect(Number.isFinite(at(key)), `${key} = ${JSON.stringify(at(key))}`).toBe(true);
  return { at, stdout: () => stdout, expectFinite };
}
