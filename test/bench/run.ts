#!/usr/bin/env node
/**
 * `npm run bench [-- fetch|workerd|client] …`: the query bench (`query.ts`), the daily fetch against fake upstreams
 * (`fetch.ts`), the shim inside workerd (`workerd.ts`) or `catalog/client.js` in Chromium (`client.ts`), in a scratch directory removed after, also when interrupted. Exit 0 when
 * the run completed (targets missed or not), 2 on a usage error, 1 when something broke (a non-200, a failed build…).
 */
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { type BenchContext, BenchLog, type Flags } from "./harness.js";

function integer(min: number, max: number): (text: string) => number {
  return (text) => {
    if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    throw new InvalidArgumentError(`expected an integer ${min} … ${max}`);
  };
}
type Bench<F> = { bench(flags: F, context: BenchContext): Promise<void> };

/** A bench as a command: the flags every bench takes, its size flag, its module (loaded when it runs: workerd's pulls in Miniflare). */
function benchCommand<F extends Flags>(name: string, about: string, size: string, load: () => Promise<Bench<F>>): Command {
  return new Command(name)
    .description(about)
    .option(`--${size} <n>`, "catalog size (default 10,000; 500 with --quick)", integer(1, 1_000_000))
    .option("--seed <s>", "seed of the generated catalog and queries", integer(0, 0xffff_ffff), 1)
    .option("--json <file>", "write every figure to FILE")
    .option("--markdown <file>", "write the report's sections to FILE as markdown tables, under the command, date and load")
    .option("--quick", "a few samples on 500 plugins: proves the bench runs, measures nothing worth keeping", false)
    .action(async (options: Record<string, unknown>, command: Command) => {
      const flags = { ...options, size: options[size] ?? (options["quick"] === true ? 500 : 10_000) } as F;
      await inScratch((context) => load().then(({ bench }) => bench(flags, context)), command.name());
    });
}

async function inScratch(run: (context: BenchContext) => Promise<void>, name: string): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), `plugin-catalog-bench-${name}-`));
  const cleanUp = (): void => rmSync(work, { recursive: true, force: true });
  const interrupted = (): void => {
    cleanUp();
    process.exit(130);
  };
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  await run({ work, log: new BenchLog() }).finally(cleanUp);
}

const [query, workerd] = [
  benchCommand("query", "build, cold, warm, heap and HTTP of the shim in Node", "plugins", () => import("./query.js")),
  benchCommand("workerd", "the shim inside workerd as deployed: latency and CPU per request", "plugins", () => import("./workerd.js"))
    .option("--probe <path...>", "only these API paths (quoted), each cold on new instances of the Worker alone, with the files it reads")
    .option("--samples <n>", "new instances per --probe path", integer(1, 1_000), 7),
];
const fetch = benchCommand("fetch", "the daily fetch against local fake upstreams", "packages", () => import("./fetch.js"))
  .option("--latency <ms>", "each fake answer's delay", integer(0, 10_000), 50)
  .option("--search-interval <ms>", "the CLI's pause between registry search pages", integer(0, 60_000), 500)
  .option("--changed <n>", "packages given a new version before the incremental build (default 2 %)", integer(0, 1_000_000));
const client = benchCommand(
  "client",
  "catalog/client.js in headless Chromium on a static host: bytes read and main-thread time",
  "plugins",
  () => import("./client.js"),
);
const program = new Command("bench").addCommand(query, { isDefault: true }).addCommand(fetch).addCommand(workerd).addCommand(client);
for (const command of [program, ...program.commands]) command.exitOverride();

program.parseAsync(process.argv).catch((error: unknown) => {
  const usage = error instanceof CommanderError; // commander printed it
  if (!usage) process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = !usage ? 1 : error.exitCode === 0 ? 0 : 2;
});
