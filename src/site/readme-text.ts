/**
 * README Markdown reduced to the words a reader sees (docs/API.md#search):
 * fenced code blocks, HTML tags with their attributes, link targets and
 * images (alt text included) contribute nothing; link text counts.
 *
 * Parsing is left to real parsers (marked for Markdown, htmlparser2 for the
 * HTML inside it) rather than regular expressions, which get nesting,
 * quoting and entities wrong.
 */
import { decodeHTML } from "entities";
import { Parser as HtmlParser } from "htmlparser2";
import { Lexer, type Token, type Tokens } from "marked";

const NOT_PROSE_ELEMENTS = new Set(["script", "style", "template"]);

/**
 * `"See [the docs](https://x.y/z) ![logo](l.png)"` → `"See the docs"` (plus separators).
 *
 * A README that Markdown parsing cannot read in bounded time and stack is read as HTML text instead (tags and
 * their attributes still give nothing; link targets then count): marked recurses once per nesting level (65,536
 * `>` overflow the stack) and scans emphasis delimiters quadratically (65,536 characters of `_a` take 3 s).
 */
export function readmeText(markdown: string): string {
  if (hasEmphasisPileUp(markdown)) return htmlText(markdown);
  const parts: string[] = [];
  try {
    collectBlocks(Lexer.lex(markdown, { gfm: true }), parts);
  } catch (error) {
    if (error instanceof RangeError) return htmlText(markdown);
    throw error;
  }
  return parts.join("");
}

/**
 * More emphasis delimiters in one block (between blank lines) than prose ever has: where marked's emphasis scan
 * turns quadratic. Ordinary READMEs stay far below (a few dozen a paragraph).
 */
const MAX_DELIMITERS_PER_BLOCK = 1_000;

function hasEmphasisPileUp(markdown: string): boolean {
  let delimiters = 0;
  let blankLine = true;
  for (let i = 0; i < markdown.length; i++) {
    const unit = markdown.charCodeAt(i);
    if (unit === 0x0a) {
      if (blankLine) delimiters = 0;
      blankLine = true;
    } else if (unit !== 0x20 && unit !== 0x09 && unit !== 0x0d) {
      blankLine = false;
      if ((unit === 0x5f || unit === 0x2a) && ++delimiters > MAX_DELIMITERS_PER_BLOCK) return true;
    }
  }
  return false;
}

/** Block-level tokens are separate words; inline ones may join (`foo**bar**` reads "foobar"). */
function collectBlocks(tokens: readonly Token[], parts: string[]): void {
  for (const token of tokens) {
    collectToken(token, parts);
    parts.push(" ");
  }
}

function collectInline(tokens: readonly Token[], parts: string[]): void {
  for (const token of tokens) collectToken(token, parts);
}

function collectToken(token: Token, parts: string[]): void {
  switch (token.type) {
    case "image":
    case "def":
    case "space":
    case "hr":
    case "br":
      return;
    case "code":
      // Only fenced blocks are excluded; the contract keeps indented code as text.
      if ((token as Tokens.Code).codeBlockStyle === "indented") parts.push((token as Tokens.Code).text);
      return;
    case "html":
      parts.push(htmlText(token.raw));
      return;
    case "blockquote":
      collectBlocks((token as Tokens.Blockquote).tokens, parts);
      return;
    case "list":
      for (const item of (token as Tokens.List).items) collectBlocks(item.tokens, parts);
      return;
    case "table":
      collectTable(token as Tokens.Table, parts);
      return;
  }
  if ("tokens" in token && Array.isArray(token.tokens)) collectInline(token.tokens as Token[], parts);
  else if ("text" in token && typeof token.text === "string") parts.push(decodeHTML(token.text));
}

function collectTable(table: Tokens.Table, parts: string[]): void {
  for (const cell of table.header) collectBlocks(cell.tokens, parts);
  for (const row of table.rows) for (const cell of row) collectBlocks(cell.tokens, parts);
}

/** The text between tags; tags, attributes, comments and script/style bodies give nothing. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new HtmlParser(
    {
      onopentagname: (name) => void (NOT_PROSE_ELEMENTS.has(name) && hidden++),
      onclosetag: (name) => void (NOT_PROSE_ELEMENTS.has(name) && hidden > 0 && hidden--),
      ontext: (text) => void (hidden === 0 && parts.push(text)),
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join(" ");
}
