/**
 * `plugin-catalog report FILE [--markdown OUT]`: the summary of a build report
 * (the JSON `build --report` writes), on stdout, and with `--markdown` also
 * appended as a table to OUT: the daily workflow passes "$GITHUB_STEP_SUMMARY".
 */
import { appendFile, readFile } from "node:fs/promises";
import { type BuildReport, buildReportSchema, reportMarkdown, summarizeReport } from "../../upstream/report.js";
import { CliError, type CliIo } from "../io.js";

export interface ReportOptions {
  readonly markdown?: string;
}

export async function reportCommand(file: string, options: ReportOptions, io: CliIo): Promise<void> {
  const report = await readReportFile(file);
  io.stdout(`${summarizeReport(report)}\n`);
  // Appended, not replaced: a step summary file collects what every step writes.
  if (options.markdown !== undefined) await appendFile(options.markdown, reportMarkdown(report));
}

async function readReportFile(file: string): Promise<BuildReport> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new CliError(`cannot read the build report ${file}: ${missing ? "no such file" : (error as Error).message}`);
  }
  const parsed = buildReportSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(top level)"}: ${issue.message}`);
    throw new CliError(`${file} is not a build report (${problems.join("; ")})`);
  }
  return parsed.data;
}
