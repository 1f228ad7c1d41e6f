/** The benches' readable tables: sections of rows, each figure with its unit, its target and PASS/FAIL. */

export interface Target {
  readonly text: string;
  readonly pass: boolean;
}

export interface Row {
  readonly measure: string;
  readonly value: string;
  /** Absent: informational. */
  readonly target?: Target;
}

export type Section = readonly [title: string, rows: readonly Row[]];

const MIB = 1024 * 1024;
export const mb = (bytes: number): string => `${(bytes / MIB).toFixed(2)} MB`;
export const ms = (value: number): string => `${value.toFixed(value < 10 ? 3 : 1)} ms`;
export const percent = (share: number): string => `${(share * 100).toFixed(0)} %`;
export const atMost = (value: number, limit: number, text: string): Target => ({ text: `≤ ${text}`, pass: value <= limit });

/** Every section as aligned lines: a title, an underline, its rows, a blank line. */
export function renderSections(all: readonly Section[]): string[] {
  const rows = all.flatMap(([, list]) => list);
  const width = [Math.max(...rows.map((row) => row.measure.length)), Math.max(...rows.map((row) => row.value.length)), 12];
  const line = (cells: readonly string[]): string => cells.map((cell, i) => cell.padEnd(width[i] ?? 0)).join("  ").trimEnd();
  const out: string[] = [];
  for (const [title, list] of all) {
    out.push(title, "-".repeat(title.length));
    for (const row of list) out.push(line([row.measure, row.value, row.target?.text ?? "", row.target === undefined ? "" : row.target.pass ? "PASS" : "FAIL"]));
    out.push("");
  }
  return out;
}

/** "All targets met." or which ones were missed. */
export function targetSummary(all: readonly Section[]): string {
  const failed = all.flatMap(([, list]) => list).filter((row) => row.target !== undefined && !row.target.pass);
  return failed.length === 0 ? "All targets met." : `Targets missed (${failed.length}): ${failed.map((row) => row.measure.trim()).join("; ")}.`;
}

/** A plain table: a header row, a rule, then the rows; the first column left-aligned, the others right-aligned. */
export function renderColumns(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const all = [header, ...rows];
  const width = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? "").length)));
  const line = (row: readonly string[]): string =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(width[i] ?? 0) : cell.padStart(width[i] ?? 0))).join("   ").trimEnd();
  return [line(header), line(width.map((w) => "-".repeat(w))), ...rows.map(line)];
}
