#!/usr/bin/env node
/**
 * `npm run bench [-- fetch|workerd] …`: the query bench (`query.ts`), the daily fetch against fake upstreams (`fetch.ts`)
 * or the shim inside workerd (`workerd.ts`), in a scratch directory removed after, also when interrupted. Exit 0 when
 * the run completed (targets missed or not), 2 on a usage error, 1 when something broke (a non-200, a failed build…).
 */
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BenchLog, UsageError } from "./harness.js";

type Bench = typeof import("./query.js");
/** Loaded only when asked for: the workerd bench pulls in Miniflare. */
const SUB_BENCHES: Record<string, () => Promise<Bench>> = { fetch: () => import("./fetch.js"), workerd: () => import("./workerd.js") };

async function main(argv: readonly string[]): Promise<void> {
  const sub = SUB_BENCHES[argv[0] ?? ""];
  const { bench } = await (sub ?? (() => import("./query.js")))();
  const work = await mkdtemp(join(tmpdir(), "plugin-catalog-bench-"));
  const cleanUp = (): void => rmSync(work, { recursive: true, force: true });
  const interrupted = (): void => {
    cleanUp();
    process.exit(130);
  };
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    await bench(sub === undefined ? argv : argv.slice(1), { work, log: new BenchLog() });
  } finally {
    cleanUp();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError ? `${error.usage}\n` : "";
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exitCode = usage === "" ? 1 : 2;
});
