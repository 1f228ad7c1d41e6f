/**
 * One figure type for every bench: its place in the `--json` file (a dotted key) and, with a row, how the report shows
 * it and against which target. Each figure is written once, so the JSON and the table cannot disagree. And the order
 * statistics the figures are made of.
 */

/** Nearest-rank percentile (`p` in 0 … 100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}
export const median = (samples: readonly number[]): number => percentile(samples, 50);
export const maximum = (samples: readonly number[]): number => percentile(samples, 100);
export const round = (value: number, digits = 3): number => Math.round(value * 10 ** digits) / 10 ** digits;

export type Target = { readonly text: string; readonly pass: boolean };
/** `target` absent: informational. */
export type Row = { readonly label: string; readonly shown: string; readonly target?: Target };
/** `row` absent: in the JSON only; `key` absent: in the report only (a row summing up figures written apart). */
export type Figure = { readonly key?: string; readonly value?: unknown; readonly row?: Row };
export type Section = { readonly title: string; readonly figures: readonly Figure[] };
export const json = (key: string, value: unknown): Figure => ({ key, value });
export const row = (label: string, text: string): Figure => ({ row: { label, shown: text } });
export const shown = (key: string, value: unknown, label: string, text: string, target?: Target): Figure => ({
  key,
  value,
  row: { label, shown: text, ...(target && { target }) },
});

/** The figures as one JSON object, `a.b` keys nested. */
export function toJson(figures: readonly Figure[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { key, value } of figures) {
    const path = key?.split(".") ?? [];
    const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, part) => (node[part] ??= {}) as Record<string, unknown>, root);
    if (path.length > 0) parent[path[path.length - 1]!] = value;
  }
  return root;
}

export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(2)} MB`;
export const ms = (value: number): string => `${value.toFixed(value < 10 ? 3 : 1)} ms`;
export const seconds = (milliseconds: number): string => `${(milliseconds / 1000).toFixed(1)} s`;
export const percent = (share: number): string => `${(share * 100).toFixed(0)} %`;
export const count = (n: number): string => n.toLocaleString("en-US");
/** Issue 8 holds a catalog larger than 10,000 plugins (it names 50,000) to 1.5 times the 10,000-plugin targets. */
export const targetScale = (plugins: number): number => (plugins > 10_000 ? 1.5 : 1);
export const atMost = (value: number, limit: number, text: string): Target => ({ text: `≤ ${text}`, pass: value <= limit });
const limit = (value: number, most: number | undefined, unit: (n: number) => string): Target | undefined =>
  most === undefined ? undefined : atMost(value, most, unit(most).replace(/\.0+ /, " "));
/** A figure in milliseconds or in bytes, against a limit when given one. */
export const msFigure = (key: string, value: number, label: string, most?: number): Figure =>
  shown(key, value, label, ms(value), limit(value, most, ms));
export const mbFigure = (key: string, value: number, label: string, most?: number): Figure =>
  shown(key, value, label, mb(value), limit(value, most, mb));

/** Every section as aligned lines: a title, an underline, its rows (PASS or FAIL against a target), a blank line. */
export function renderSections(all: readonly Section[]): string[] {
  const rows = all.flatMap((section) => section.figures.flatMap(({ row }) => (row === undefined ? [] : [row])));
  const width = [Math.max(...rows.map((row) => row.label.length)), Math.max(...rows.map((row) => row.shown.length)), 12];
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => cell.padEnd(width[i]!))
      .join("  ")
      .trimEnd();
  const verdict = (target: Target | undefined): string => (target === undefined ? "" : target.pass ? "PASS" : "FAIL");
  return all.flatMap(({ title, figures }) => [
    title,
    "-".repeat(title.length),
    ...figures.flatMap(({ row: r }) => (r === undefined ? [] : [line([r.label, r.shown, r.target?.text ?? "", verdict(r.target)])])),
    "",
  ]);
}

/** "All targets met." or which ones were missed; nothing when no figure has a target. */
export function targetSummary(all: readonly Section[]): string[] {
  const targets = all.flatMap((section) => section.figures).flatMap(({ row }) => (row?.target === undefined ? [] : [row]));
  const failed = targets.flatMap((row) => (row.target?.pass === false ? [row.label.trim()] : []));
  if (targets.length === 0) return [];
  return [failed.length === 0 ? "All targets met." : `Targets missed (${failed.length}): ${failed.join("; ")}.`];
}
