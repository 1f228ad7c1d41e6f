/**
 * What of a README the page renders, and whether it is all of it: at most as
 * many characters as the API ever sends (contract section 5; a README the API
 * cut to that bound counts as cut), and nothing from the first line that opens
 * more nested blocks, or a longer run of emphasis markers, than any real
 * README has. Markdown renderers descend once per quote or list level and
 * pair emphasis markers by trying each against the others: thousands take
 * seconds or overflow the stack, and the page must stay responsive whatever a
 * stranger published.
 * Pure and linear in the text's length.
 */

/**
 * The API's own bound on `readme`, in characters (code points, contract section 5): a longer text did not come from a
 * conforming API.
 */
export const MAX_README_CHARS = 65_536;
/** What ends a README the API cut at its bound. */
const API_ELLIPSIS = "…";
/** Quote and list levels a line may open; real READMEs stay under ten. */
export const MAX_NESTING = 16;
/**
 * Emphasis markers in a row: each may open or close one more level of emphasis, which a renderer pairs by trying
 * the others (a run of thousands takes seconds, then overflows the stack). A divider line is far shorter.
 */
export const MAX_EMPHASIS_RUN = 128;

export type ReadmeCut = "length" | "depth" | null;

export interface CutReadme {
  /** The Markdown to render. */
  readonly markdown: string;
  /** Why the rest is not shown: too long, too deeply nested, or nothing cut. */
  readonly cut: ReadmeCut;
}

const EMPHASIS_RUN = new RegExp(`\\*{${MAX_EMPHASIS_RUN + 1}}|_{${MAX_EMPHASIS_RUN + 1}}`);
/** A fenced code block's opening or closing line, after any quote markers and indentation. */
const FENCE = /^[\s>]*(`{3,}|~{3,})/;
/** The container markers at a line's start: a quote `>`, or a list item's `-`, `+`, `*`, `1.` or `1)` before a space. */
const MARKER = /^(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

/**
 * @example cutReadme("> ".repeat(10_000) + "deep") // { markdown: "", cut: "depth" }
 * @example cutReadme("# Wind\n\n- a\n  - b") // { markdown: "# Wind\n\n- a\n  - b", cut: null }
 */
export function cutReadme(text: string): CutReadme {
  let markdown = text;
  let cut: ReadmeCut = null;
  const { characters, end } = measure(text, MAX_README_CHARS);
  if (characters > MAX_README_CHARS) {
    markdown = text.slice(0, end);
    cut = "length";
  } else if (characters === MAX_README_CHARS && text.endsWith(API_ELLIPSIS)) {
    // The API cut a longer README to its bound and ended it with "…" (contract section 11): the rest is on npm.
    cut = "length";
  }
  const deep = firstTooDeepLine(markdown);
  return deep === -1 ? { markdown, cut } : { markdown: markdown.slice(0, deep), cut: "depth" };
}

/**
 * `text`'s characters as the API counts them (code points), up to `limit + 1` (more than `limit`), and the offset
 * after its first `limit`: a cut there is never inside a surrogate pair. Reads no further than it needs.
 */
function measure(text: string, limit: number): { characters: number; end: number } {
  let characters = 0;
  let i = 0;
  while (i < text.length && characters < limit) {
    i += isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
    characters++;
  }
  return { characters: i < text.length ? limit + 1 : characters, end: i };
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The offset of the first line outside a code fence that opens more than MAX_NESTING levels or has too long an emphasis run, or -1. */
function firstTooDeepLine(text: string): number {
  let fence = "";
  for (let start = 0; start < text.length; ) {
    const end = lineEnd(text, start);
    const line = text.slice(start, end);
    const opening = FENCE.exec(line)?.[1];
    if (fence !== "") {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length && line.trimEnd().endsWith(opening))
        fence = "";
    } else if (opening !== undefined) {
      fence = opening;
    } else if (nesting(line) > MAX_NESTING || EMPHASIS_RUN.test(line)) {
      return start;
    }
    start = end + 1;
  }
  return -1;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
}

/**
 * How many levels a line opens: each marker one, and the indentation before the first one per two columns (a nested
 * list item is indented by its parent's marker). Only a line that starts with a marker counts its indentation: an
 * indented line of code or text opens nothing.
 */
function nesting(line: string): number {
  let levels = 0;
  let columns = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "\t") {
      if (levels === 0) columns += c === " " ? 1 : 4;
    } else {
      const marker = MARKER.exec(line.slice(i, i + 11))?.[0];
      if (marker === undefined) break;
      levels += 1;
      i += marker.length;
      if (levels > MAX_NESTING) break;
      continue;
    }
    i += 1;
  }
  return levels === 0 ? 0 : levels + Math.floor(columns / 2);
}
