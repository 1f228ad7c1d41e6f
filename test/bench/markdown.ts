/**
 * A bench's report as markdown (`--markdown FILE`): what ran, when and on what machine, then one table per section. The
 * docs paste the file as it is (docs/BENCHMARKS.md, "Current figures"), so their figures are the ones the bench printed.
 */
import type { Row, Section } from "./figures.js";

/** What the tables were measured by and on: the command to run again, its start, the catalog's size, the machine. */
export type RunHead = Readonly<{ command: string; startedAt: Date; size: string; code?: string; machine: string; warning?: string }>;

/** `2026-11-28 09:05 UTC`: minutes are enough to tell runs apart, and UTC reads the same on every machine. */
export const utcMinute = (date: Date): string => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The run's head, a table per section with figures shown, then `after` (the verdict, the notes) as paragraphs: each
 * one's lines (a note wraps over several) stay together.
 */
export function markdownReport(head: RunHead, sections: readonly Section[], after: readonly (readonly string[])[]): string {
  const code = head.code === undefined ? "" : ` at \`${head.code}\``;
  const lines = [
    `\`${head.command}\`${code}, ${utcMinute(head.startedAt)}: ${head.size}; ${head.machine}.`,
    ...(head.warning === undefined ? [] : ["", `> ${head.warning}`]),
    ...sections.flatMap(markdownTable),
    ...after.flatMap((paragraph) => {
      const lines = paragraph.map((line) => line.trim()).filter((line) => line !== "");
      return lines.length === 0 ? [] : ["", ...lines];
    }),
  ];
  return `${lines.join("\n")}\n`;
}

/** A section's shown figures as a table: the target columns only when a figure of it has a target. */
export function markdownTable({ title, figures }: Section): string[] {
  const rows = figures.flatMap(({ row }) => (row === undefined ? [] : [row]));
  if (rows.length === 0) return [];
  const targeted = rows.some((row) => row.target !== undefined);
  const header = targeted ? ["figure", "value", "target", "met"] : ["figure", "value"];
  return [
    "",
    `#### ${cell(title)}`,
    "",
    tableLine(header),
    tableLine(header.map(() => "---")),
    ...rows.map((row) => rowLine(row, targeted)),
  ];
}

function rowLine({ label, shown, target }: Row, targeted: boolean): string {
  const cells = [label.trim(), shown];
  if (targeted) cells.push(target?.text ?? "", target === undefined ? "" : target.pass ? "yes" : "**no**");
  return tableLine(cells.map(cell));
}

const tableLine = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;

/** A pipe would end the cell, a line break the row. */
const cell = (text: string): string => text.replaceAll("|", "\\|").replaceAll(/\r?\n/g, " ");
