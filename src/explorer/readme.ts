/**
 * The explorer's README renderer: Markdown to HTML with marked, then through
 * DOMPurify under the rules of contract section 11 ("The explorer"), in the
 * page. Bundled with both libraries by `npm run build:ts` into one module
 * that the site serves as `explorer-readme.js`; the page imports it only when
 * a plugin's view opens. A README is a stranger's text: what survives is
 * plain HTML (no SVG, no MathML), links and images pointed where
 * `readme-urls.ts` allows, ids kept apart from the page's own.
 */
import DOMPurify from "dompurify";
import { Marked } from "marked";
import { type CutReadme, cutReadme, type ReadmeCut } from "./readme-cut.js";
import { ID_PREFIX, type ReadmeBase, readmeBase, resolveReadmeUrl } from "./readme-urls.js";

export type { ReadmeCut } from "./readme-cut.js";

export interface RenderedReadme {
  /** A `div` holding the README, ready to insert. */
  readonly element: HTMLElement;
  /** Why part of it is not shown: too long, too deeply nested (or not Markdown marked could read), or nothing cut. */
  readonly cut: ReadmeCut;
}

/**
 * Elements that never survive, over and above what DOMPurify's HTML profile refuses: the contract's list, and every
 * element that loads, submits, plays or takes input (a README is read, not used).
 */
const FORBID_TAGS = [
  ...["script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "param", "form", "base", "meta", "link"],
  ...["input", "button", "select", "option", "optgroup", "textarea", "datalist", "output", "fieldset", "label"],
  ...["video", "audio", "source", "track", "picture", "portal", "noscript", "template", "dialog", "slot", "marquee", "blink"],
];

/**
 * Attributes that never survive: styles (contract), every attribute that loads something (`srcset`, `background`,
 * `poster`, `ping`) or acts (`action`, `download`), and those that reach beyond the README's box: classes and ids are
 * the page's own, keys and focus are the reader's.
 */
const FORBID_ATTR = [
  ...["style", "class", "srcset", "sizes", "background", "poster", "ping", "action", "formaction", "download", "lowsrc", "dynsrc"],
  ...["accesskey", "autofocus", "tabindex", "contenteditable", "popover", "popovertarget", "inert", "is", "slot", "part"],
];

/** Which URL attributes survive on which elements, and as what; any other URL attribute goes. */
const URL_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, "link" | "image">>>> = {
  href: { A: "link", AREA: "link" },
  src: { IMG: "image" },
};

const marked = new Marked({ gfm: true, breaks: false, async: false });
const purify = DOMPurify(window);
/** The current README's base; a sanitize call runs to its end before the next render sets it again. */
let base: ReadmeBase | null = null;

purify.addHook("uponSanitizeAttribute", (node, data) => {
  const kinds = URL_ATTRIBUTES[data.attrName];
  if (kinds === undefined) return;
  const kind = kinds[node.nodeName];
  const resolved = kind === undefined ? null : resolveReadmeUrl(data.attrValue, kind, base);
  if (resolved === null) data.keepAttr = false;
  else data.attrValue = resolved;
});

purify.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName === "A" || node.nodeName === "AREA") {
    node.removeAttribute("target");
    if (node.hasAttribute("href")) node.setAttribute("rel", "nofollow noopener");
    else node.removeAttribute("rel");
  } else if (node.nodeName === "IMG") {
    // An image its author did not describe is passed over by screen readers, rather than read out as its address.
    if (!node.hasAttribute("alt")) node.setAttribute("alt", "");
    node.setAttribute("loading", "lazy");
    node.setAttribute("decoding", "async");
    node.setAttribute("referrerpolicy", "no-referrer");
  }
});

/**
 * @param markdown the `readme` of `GET /api/plugins/{slug}`
 * @param repositories its `repositories`: the first is what relative URLs resolve against
 * @example const { element, cut } = await renderReadme(detail.readme, detail.repositories);
 */
export async function renderReadme(markdown: string, repositories: unknown): Promise<RenderedReadme> {
  const element = document.createElement("div");
  element.className = "readme";
  const part = cutReadme(markdown);
  // Each step below may take a while on a large README: the page handles input between them.
  await nextTask();
  const html = toHtml(part);
  if (html === null) {
    element.append(plainText(part.markdown));
    return { element, cut: "depth" };
  }
  await nextTask();
  base = readmeBase(repositories);
  try {
    element.append(purify.sanitize(html, purifyConfig()));
  } finally {
    base = null;
  }
  nameHeadings(element);
  // What scrolls sideways on a narrow screen (code, tables) takes the keyboard's focus, so that it can be scrolled.
  for (const wide of element.querySelectorAll("pre, table")) wide.setAttribute("tabindex", "0");
  return { element, cut: part.cut };
}

/** The README as HTML, or null when marked gives up on it (a structure deeper than the cut foresaw). */
function toHtml(part: CutReadme): string | null {
  try {
    return marked.parse(part.markdown, { async: false });
  } catch {
    return null;
  }
}

function purifyConfig() {
  return {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SANITIZE_NAMED_PROPS: true,
    RETURN_DOM_FRAGMENT: true as const,
  };
}

function plainText(text: string): HTMLElement {
  const pre = document.createElement("pre");
  pre.textContent = text;
  return pre;
}

/**
 * Headings become three levels lower, under the page's own (the plugin's name is an h2, "README" an h3 above them),
 * and each gets the id GitHub gives it, prefixed like the README's own ids, so that its in-page links land.
 */
function nameHeadings(root: HTMLElement): void {
  const used = new Map<string, number>();
  for (const heading of root.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const level = Math.min(6, Number(heading.tagName.slice(1)) + 3);
    const renamed = document.createElement(`h${level}`);
    // Moved one at a time: a stranger's heading may hold thousands of nodes, too many to spread into one call.
    while (heading.firstChild !== null) renamed.append(heading.firstChild);
    const slug = slugOf(renamed.textContent ?? "");
    const seen = used.get(slug) ?? 0;
    used.set(slug, seen + 1);
    renamed.id = heading.id || `${ID_PREFIX}${seen === 0 ? slug : `${slug}-${seen}`}`;
    heading.replaceWith(renamed);
  }
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slugOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
