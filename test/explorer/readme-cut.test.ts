import fc from "fast-check";
import { Marked } from "marked";
import { describe, expect, it } from "vitest";
import { cutReadme, MAX_EMPHASIS_RUN, MAX_NESTING, MAX_README_CHARS } from "../../src/explorer/readme-cut.js";

describe("cutReadme", () => {
  it("leaves an ordinary README whole", () => {
    const readme = `# Wind\n\n> a quote\n> > nested\n\n- a\n  - b\n    1. c\n\n\`\`\`\n${"> ".repeat(100)}\n\`\`\`\n\n**bold** _it_\n`;
    expect(cutReadme(readme)).toEqual({ markdown: readme, cut: null });
  });

  it("cuts a README longer than the API ever sends, never inside a surrogate pair", () => {
    expect(cutReadme("a".repeat(MAX_README_CHARS + 1))).toEqual({ markdown: "a".repeat(MAX_README_CHARS), cut: "length" });
    // Characters are code points, as the API counts them: an astral one is one character of two code units.
    const astral = `${"a".repeat(MAX_README_CHARS - 1)}😀b`;
    expect(cutReadme(astral)).toEqual({ markdown: `${"a".repeat(MAX_README_CHARS - 1)}😀`, cut: "length" });
    expect(cutReadme(`${"😀".repeat(MAX_README_CHARS)}`).cut).toBeNull();
    // A lone surrogate (the API never sends one) counts as one character.
    expect(cutReadme(`${"\ud83d".repeat(MAX_README_CHARS)}b`).markdown).toHaveLength(MAX_README_CHARS);
  });

  it("tells a README the API cut to its bound, ending in '…', from one that merely ends so", () => {
    const cutByApi = `${"a".repeat(MAX_README_CHARS - 1)}…`;
    expect(cutReadme(cutByApi)).toEqual({ markdown: cutByApi, cut: "length" });
    // The API counts characters as code points: astral ones take two code units each.
    const astral = `${"😀".repeat(10)}${"a".repeat(MAX_README_CHARS - 11)}…`;
    expect(cutReadme(astral).cut).toBe("length");
    expect(cutReadme(astral.slice(2)).cut).toBeNull();
    expect(cutReadme(`${astral}b`).cut).toBe("length");
    for (const whole of ["Read on…", `${"a".repeat(MAX_README_CHARS - 2)}…`, `${"a".repeat(MAX_README_CHARS)}`])
      expect(cutReadme(whole).cut, `${whole.length} characters`).toBeNull();
  });

  it("cuts at the first line that nests deeper than a README does: quotes, list markers, indented lists", () => {
    const head = "# Deep\n\ntext\n";
    for (const deep of [
      "> ".repeat(MAX_NESTING + 1),
      ">".repeat(MAX_NESTING + 1),
      "- ".repeat(MAX_NESTING + 1),
      "1. ".repeat(MAX_NESTING + 1),
      `${"  ".repeat(MAX_NESTING)}- x`,
      `${"*".repeat(MAX_EMPHASIS_RUN + 1)}x`,
      `a ${"_".repeat(MAX_EMPHASIS_RUN + 1)}`,
    ]) {
      expect(cutReadme(`${head}${deep}\nmore`), deep.slice(0, 20)).toEqual({ markdown: head, cut: "depth" });
    }
    expect(cutReadme(`${"> ".repeat(MAX_NESTING)}x`).cut).toBeNull();
    expect(cutReadme(`${"*".repeat(MAX_EMPHASIS_RUN)}`).cut).toBeNull();
  });

  it("does not count what a code fence holds, nor indentation before text", () => {
    const fenced = `~~~\n${"> ".repeat(100)}\n${"*".repeat(300)}\n~~~\nafter`;
    expect(cutReadme(fenced).cut).toBeNull();
    expect(cutReadme(`${" ".repeat(200)}plain text`).cut).toBeNull();
    // A fence never closed leaves the rest as code: nothing to nest.
    expect(cutReadme(`\`\`\`\n${"> ".repeat(100)}`).cut).toBeNull();
  });

  it("gives marked what it renders in a moment, whatever the text (property)", () => {
    const marked = new Marked({ gfm: true, async: false });
    const piece = fc.constantFrom("> ", "- ", "* ", "1. ", "  ", "\t", "*", "_", "[", "](x)", "`", "<div>", "\n", "text ", "```\n", "|");
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, fc.integer({ min: 1, max: 400 })), { maxLength: 60 }), (parts) => {
        const text = parts.map(([p, n]) => p.repeat(n)).join("");
        const { markdown } = cutReadme(text);
        expect(text.startsWith(markdown)).toBe(true);
        const started = performance.now();
        marked.parse(markdown, { async: false });
        expect(performance.now() - started).toBeLessThan(5_000);
      }),
      { numRuns: 100 },
    );
  });
});
