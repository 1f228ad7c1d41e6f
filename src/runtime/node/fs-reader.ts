/** The shim's file access on Node: a site directory on disk. */
import { readFile } from "node:fs";
import { resolve, sep } from "node:path";
import type { SiteReader } from "../../shim/site-reader.js";

export function createFsReader(root: string): SiteReader {
  const base = resolve(root);
  return {
    async read(path) {
      const file = resolve(base, path);
      if (!file.startsWith(base + sep)) return null;
      try {
        return await readWhole(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
        throw error;
      }
    },
  };
}

/**
 * `fs.readFile` with a callback, not `fs/promises`: the promise API opens a
 * FileHandle per read, which costs more than a small file's read itself.
 */
function readWhole(file: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => readFile(file, (error, bytes) => (error ? reject(error) : resolve(bytes))));
}
