/** `--markdown FILE`: the report's sections as tables, as docs/BENCHMARKS.md pastes them. */
import { describe, expect, it } from "vitest";
import { json, msFigure, row, type Section, shown } from "./figures.js";
import { markdownReport, markdownTable, utcMinute } from "./markdown.js";

const head = {
  command: "npm run bench -- workerd --plugins 10000 --seed 1",
  startedAt: new Date("2026-11-28T09:05:59.900Z"),
  size: "10,000 plugins",
  machine: "2 cores, Node v20.20.2, 1-min load average 0.4 at start, 0.9 at most, 0.5 at end",
};

describe("markdownTable", () => {
  it("gives a section's shown figures a row each, their targets and whether each was met", () => {
    const section: Section = {
      title: "Warm latency",
      figures: [msFigure("p50Ms.q1", 0.1234, "q1 p50"), msFigure("p99Ms.q1", 6, "q1 p99", 5), json("slowest", "/api/plugins?q=x")],
    };
    expect(markdownTable(section)).toEqual([
      "",
      "#### Warm latency",
      "",
      "| figure | value | target | met |",
      "| --- | --- | --- | --- |",
      "| q1 p50 | 0.123 ms |  |  |",
      "| q1 p99 | 6.000 ms | ≤ 5 ms | **no** |",
    ]);
  });

  it("leaves out the target columns of a section without targets, and a label's indent", () => {
    const section: Section = { title: "HTTP", figures: [row("  of which ArrayBuffers", "3.2 MB")] };
    expect(markdownTable(section).slice(3)).toEqual(["| figure | value |", "| --- | --- |", "| of which ArrayBuffers | 3.2 MB |"]);
  });

  it("escapes what would end a cell or a row", () => {
    const [, , , , , line] = markdownTable({ title: "t", figures: [shown("k", 1, "a | b", "1\n2", { text: "≤ 2", pass: true })] });
    expect(line).toBe("| a \\| b | 1 2 | ≤ 2 | yes |");
  });

  it("has nothing for a section without a shown figure", () => {
    expect(markdownTable({ title: "JSON only", figures: [json("a", 1)] })).toEqual([]);
  });
});

describe("markdownReport", () => {
  it("starts with the command, the code, the date, the size and the machine, then the tables and the notes", () => {
    const sections = [{ title: "Build", figures: [row("files", "12")] }];
    const report = markdownReport({ ...head, code: "af9586a" }, sections, [
      ["All targets met."],
      ["A note wrapped", "over two lines.", ""],
    ]);
    expect(report).toBe(
      [
        "`npm run bench -- workerd --plugins 10000 --seed 1` at `af9586a`, 2026-11-28 09:05 UTC: 10,000 plugins; 2 cores, Node v20.20.2, 1-min load average 0.4 at start, 0.9 at most, 0.5 at end.",
        "",
        "#### Build",
        "",
        "| figure | value |",
        "| --- | --- |",
        "| files | 12 |",
        "",
        "All targets met.",
        "",
        "A note wrapped",
        "over two lines.",
        "",
      ].join("\n"),
    );
  });

  it("quotes the load warning under the head, and writes no empty paragraph", () => {
    const report = markdownReport({ ...head, warning: "WARNING: other processes competed" }, [], [[], [""]]);
    expect(report.split("\n").slice(1)).toEqual(["", "> WARNING: other processes competed", ""]);
  });

  it("dates a run in UTC to the minute, whatever the machine's time zone", () => {
    expect(utcMinute(new Date("2026-01-02T23:59:59.999+02:00"))).toBe("2026-01-02 21:59 UTC");
  });
});
