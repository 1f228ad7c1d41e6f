/**
 * README Markdown reduced to its words (docs/API.md#readme-text), and the README
 * that Markdown parsing cannot read in bounded stack or time (docs/API.md#bounds).
 */
import { describe, expect, it } from "vitest";
import { htmlText, readmeText } from "../../src/site/readme-text.js";

const words = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

describe("readmeText", () => {
  it("keeps link text and prose; drops link targets, images, fenced code and tags", () => {
    const markdown = [
      "# Wind chart",
      "",
      'See [the docs](https://example.org/hidden) ![logo alt](logo.png) and <b class="secret">bold</b>.',
      "",
      "```js",
      "const fenced = 1;",
      "```",
    ].join("\n");
    expect(words(readmeText(markdown))).toEqual(["Wind", "chart", "See", "the", "docs", "and", "bold"]);
  });

  it("reads 65,536 nested block quotes (marked overflows its stack on them) as text", () => {
    const markdown = `${">".repeat(65_536)} deep words`;
    expect(words(readmeText(markdown))).toEqual(["deep", "words"]);
  });

  it("reads thousands of nested list markers as text", () => {
    expect(words(readmeText(`${"- ".repeat(30_000)}listed`))).toEqual(["listed"]);
  });

  it("reads a paragraph with more than 1,000 emphasis delimiters as HTML text: every word is kept, tags still give nothing", () => {
    const markdown = `${"_a".repeat(40_000)} <span title="attribute">tail</span> [text](target)`;
    const read = words(readmeText(markdown));
    expect(read.slice(-3)).toEqual(["tail", "text", "target"]);
    expect(read).not.toContain("attribute");
    expect(read.length).toBe(40_003);
  });

  it("keeps Markdown parsing when the delimiters are spread over paragraphs", () => {
    const paragraph = `${"_a_ ".repeat(300)}[text](target)\n\n`;
    expect(words(readmeText(paragraph.repeat(10)))).not.toContain("target");
  });

  it("htmlText gives the text between tags only", () => {
    expect(words(htmlText('<p data-x="no">yes<script>no()</script></p>'))).toEqual(["yes"]);
  });
});
