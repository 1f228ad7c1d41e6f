/**
 * The explorer page (docs/API.md#explorer-page): static files from
 * `templates/explorer/`, served at the site's root, that talk only to the
 * public API on the same origin; and its README renderer, bundled with marked
 * and DOMPurify by `npm run build:ts`, which the page imports only when a
 * plugin's view opens.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SiteSink } from "../site/build-site.js";
import { packageRoot } from "./package-root.js";

export const EXPLORER_FILES = ["index.html", "explorer.css", "explorer.js", "dom.js", "host-versions.js", "plugin-view.js"] as const;
/** Where the site serves the README renderer: beside the page, which imports it by this name. */
export const README_RENDERER_PATH = "explorer-readme.js";

const TEMPLATES = join(packageRoot(), "templates", "explorer");
const README_BUNDLE = join(packageRoot(), "lib", "explorer", "readme.js");

export async function addExplorerFiles(files: SiteSink): Promise<void> {
  for (const name of EXPLORER_FILES) files.set(name, await readPart(join(TEMPLATES, name)));
  files.set(README_RENDERER_PATH, await readPart(README_BUNDLE, " (run npm run build:ts)"));
}

async function readPart(file: string, remedy = ""): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new Error(`the explorer page's ${file} cannot be read${remedy}: ${(error as Error).message}`);
  }
}
