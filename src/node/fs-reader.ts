/** The shim's file access on Node: a site directory on disk. */
import { readFile } from "node:fs/promises";
import { resolve, sep } from "node:path";
import type { SiteReader } from "../shim/files.js";

export function createFsReader(root: string): SiteReader {
  const base = resolve(root);
  return {
    async read(path) {
      const file = resolve(base, path);
      if (!file.startsWith(base + sep)) return null;
      try {
        return await readFile(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
        throw error;
      }
    },
  };
}
