/**
 * The smoke test of a bench: a `--quick` run (500 plugins or packages, few samples; the compiled `run.js`, after
 * `npm run build:ts`) must complete, write every figure CI reads and print its sections. Quick runs measure nothing
 * worth keeping, so vitest may run the three side by side, one file each.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The query classes both the query bench and the workerd bench time. */
export const QUERY_CLASSES = [
  "default",
  "unfiltered",
  "filter",
  "author",
  "q1",
  "qPrefix",
  "qFilters",
  "facets",
  "rel1",
  "relPrefix",
  "relFilters",
  "compat",
  "compatFilters",
  "detail",
];
/** `at`: the value at a dotted path of the JSON, e.g. `full.requests.github`. */
export type QuickRun = { readonly at: (key: string) => unknown; readonly stdout: () => string };
type Smoke = Readonly<{ finite: readonly string[]; printed: readonly (string | RegExp)[]; measured: (run: QuickRun) => void }>;

/** The report's section titles: each is underlined by as many dashes. */
function printedTitles(stdout: string): string[] {
  const lines = stdout.split("\n");
  return lines.flatMap((line, i) => (line !== "" && lines[i + 1] === "-".repeat(line.length) ? [line] : []));
}

export function smokeTest(args: readonly string[], timeoutMs: number, { finite, printed, measured }: Smoke): void {
  describe(`npm run bench -- ${args.join(" ")} --quick`, () => {
    let [dir, stdout, results, markdown]: [string, string, unknown, string] = ["", "", undefined, ""];
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "bench-smoke-"));
      const [run, json, md] = [
        new URL("../../lib/test/bench/run.js", import.meta.url).pathname,
        join(dir, "bench.json"),
        join(dir, "bench.md"),
      ];
      const argv = [run, ...args, "--quick", "--json", json, "--markdown", md];
      ({ stdout } = await promisify(execFile)(process.execPath, argv, { maxBuffer: 2 ** 24 }));
      results = JSON.parse(await readFile(json, "utf8")) as unknown;
      markdown = await readFile(md, "utf8");
    }, timeoutMs);
    afterAll(() => rm(dir, { recursive: true, force: true }));
    const at = (key: string): unknown =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], results);

    it.each(["plugins", ...finite])("reports %s as a finite number", (key) => {
      expect(Number.isFinite(at(key)), `${key} = ${JSON.stringify(at(key))}`).toBe(true);
    });
    it("measured the 500 plugins or packages it was asked for", () => {
      expect(at("plugins")).toBe(500);
      measured({ at, stdout: () => stdout });
    });
    it("prints its sections, against their targets, and how to reproduce", () => {
      for (const text of [...printed, "Reproduce:"]) expect(stdout).toMatch(text);
    });
    it("writes each printed section as a markdown table, under the command, date, size and load", () => {
      const [head] = markdown.split("\n");
      expect(head).toMatch(new RegExp(`^\`npm run bench -- ${args.join(" ")}.* --seed 1 --quick\``));
      expect(head).toMatch(/, \d{4}-\d\d-\d\d \d\d:\d\d UTC: 500 (plugins|packages); \d+ cores, Node v[\d.]+, 1-min load average /);
      const headings = [...markdown.matchAll(/^#### (.+)\n\n\| figure \| value \|/gm)].map((match) => match[1]);
      expect(headings).toEqual(printedTitles(stdout));
    });
  });
}
