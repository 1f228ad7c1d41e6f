/**
 * The explorer page (docs/API.md#explorer-page): static files from
 * `templates/explorer/`, served at the site's root, that talk only to the
 * public API on the same origin.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SiteSink } from "../site/build-site.js";
import { packageRoot } from "./package-root.js";

export const EXPLORER_FILES = ["index.html", "explorer.css", "explorer.js"] as const;

const TEMPLATES = join(packageRoot(), "templates", "explorer");

export async function addExplorerFiles(files: SiteSink): Promise<void> {
  for (const name of EXPLORER_FILES) {
    try {
      files.set(name, await readFile(join(TEMPLATES, name)));
    } catch (error) {
      throw new Error(`the explorer page's ${join(TEMPLATES, name)} cannot be read: ${(error as Error).message}`);
    }
  }
}
