#!/usr/bin/env node
import { performance } from "node:perf_hooks";
/**
 * Writes a generated sample catalog snapshot:
 *
 *     node lib/tools/sample/main.js --plugins 300 --seed 1 --out examples/sample-catalog.snapshot.json
 *
 * Pretty JSON up to 1,000 plugins (small files are read and diffed), compact
 * and streamed beyond, or with --compact.
 * Exit 0 on success, 2 on a usage error, 1 on any other failure.
 */
import { parseArgs } from "node:util";
import { checkSampleOptions } from "./generate.js";
import { writeSampleSnapshot } from "./write.js";

const PRETTY_LIMIT = 1_000;
const USAGE = "usage: main.js --plugins N --seed S --out FILE [--generated-at YYYY-MM-DDTHH:mm:ss.sssZ] [--compact]";

class UsageError extends Error {}

function integer(name: string, text: string | undefined): number {
  if (text === undefined || !/^\d+$/.test(text))
    throw new UsageError(`--${name} must be a non-negative integer, got ${JSON.stringify(text ?? "")}`);
  return Number(text);
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        plugins: { type: "string" },
        seed: { type: "string" },
        out: { type: "string" },
        "generated-at": { type: "string" },
        compact: { type: "boolean", default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function main(argv: string[]): Promise<void> {
  const values = parse(argv);
  if (values.out === undefined) throw new UsageError("--out FILE is required");
  const plugins = integer("plugins", values.plugins);
  const seed = integer("seed", values.seed);
  const generatedAt = values["generated-at"];
  const options = generatedAt === undefined ? { plugins, seed } : { plugins, seed, generatedAt };
  try {
    checkSampleOptions(options);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  const started = performance.now();
  const result = await writeSampleSnapshot(values.out, options, !values.compact && plugins <= PRETTY_LIMIT);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  process.stderr.write(`wrote ${result.plugins} plugins (${result.bytes} bytes) to ${values.out} in ${seconds} s\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage ? `${USAGE}\n` : ""}`);
  process.exitCode = usage ? 2 : 1;
});
