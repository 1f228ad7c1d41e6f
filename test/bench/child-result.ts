/** The child side of `child.ts`: its arguments, and the one JSON result it hands back. */
import { writeFile } from "node:fs/promises";

/** `[resultFile, ...args]` as `runJsonChild` passes them. */
export function childArgs(count: number): { resultFile: string; args: string[] } {
  const [resultFile, ...args] = process.argv.slice(2);
  if (resultFile === undefined || args.length !== count) throw new Error(`expected a result file and ${count} argument(s), got ${JSON.stringify(process.argv.slice(2))}`);
  return { resultFile, args };
}

export async function writeChildResult(resultFile: string, value: unknown): Promise<void> {
  await writeFile(resultFile, JSON.stringify(value));
}

/** Runs a child's main; any failure is a non-zero exit with the cause on stderr. */
export function runChildMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
