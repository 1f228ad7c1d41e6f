/**
 * The explorer page (docs/API.md#explorer-page): static files from
 * `templates/explorer/`, served at the site's root, that talk only to the
 * public API on the same origin; and its README renderer, bundled with marked
 * and DOMPurify by `npm run build:ts`, which the page imports only when a
 * plugin's view opens. Its `index.html` carries what the page needs to know of
 * its site beyond the API (`ExplorerData`): a JSON data block, which the page's
 * Content-Security-Policy allows since it is never run, and the links to the
 * site's feeds.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SiteSink } from "../site/build-site.js";
import type { ExplorerData } from "../site/site-data.js";
import { packageRoot } from "./package-root.js";

export const EXPLORER_FILES = [
  "index.html",
  "explorer.css",
  "explorer.js",
  "dom.js",
  "host-versions.js",
  "site-data.js",
  "plugin-view.js",
] as const;
/** Where the site serves the README renderer: beside the page, which imports it by this name. */
export const README_RENDERER_PATH = "explorer-readme.js";
/** The id of the page's data block. */
export const SITE_DATA_ID = "site-data";

const TEMPLATES = join(packageRoot(), "templates", "explorer");
const README_BUNDLE = join(packageRoot(), "lib", "explorer", "readme.js");
const NO_DATA: ExplorerData = { compat: null, feeds: null };

export async function addExplorerFiles(files: SiteSink, data: ExplorerData = NO_DATA): Promise<void> {
  for (const name of EXPLORER_FILES) {
    const bytes = await readPart(join(TEMPLATES, name));
    files.set(name, name === "index.html" ? new TextEncoder().encode(withSiteData(new TextDecoder().decode(bytes), data)) : bytes);
  }
  files.set(README_RENDERER_PATH, await readPart(README_BUNDLE, " (run npm run build:ts)"));
}

async function readPart(file: string, remedy = ""): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new Error(`the explorer page's ${file} cannot be read${remedy}: ${(error as Error).message}`);
  }
}

/**
 * The page with its site's data and feed links at the end of its head.
 * @example
 * withSiteData("<head></head>", { compat: null, feeds: null })
 * // '<head><script type="application/json" id="site-data">{"compat":null,"feeds":null}</script>\n</head>'
 */
export function withSiteData(html: string, data: ExplorerData): string {
  const end = html.indexOf("</head>");
  if (end < 0) throw new Error("the explorer page's index.html has no </head>");
  const feeds = data.feeds;
  const links = feeds === null ? [] : [feedLink("New plugins", feeds.new), feedLink("Recently updated plugins", feeds.updated)];
  // Inside a script element only "</script" or "<!--" could end or change it: no "<" is left to spell them.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const block = [...links, `<script type="application/json" id="${SITE_DATA_ID}">${json}</script>`].join("\n");
  return `${html.slice(0, end)}${block}\n${html.slice(end)}`;
}

/** `path` is the build's own (`feeds/…`), relative to the page, so it works under any path the site is served at. */
function feedLink(title: string, path: string): string {
  return `<link rel="alternate" type="application/atom+xml" title="${title}" href="${path}">`;
}
