/** The built site's size on disk: every file raw and gzipped (level 6), and the search data's share. */
import { readFile } from "node:fs/promises";
import { relative, sep } from "node:path";
import glob from "fast-glob";
import { gzipSync } from "node:zlib";
import { isSearchFile } from "./counting-reader.js";

export interface SiteSize {
  readonly files: number;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly searchFiles: number;
  readonly searchBytes: number;
  readonly searchGzipBytes: number;
  /** The largest single search file, raw: what one chunk read costs. */
  readonly largestSearchFileBytes: number;
}

export async function measureSite(siteDir: string): Promise<SiteSize> {
  const size = { files: 0, bytes: 0, gzipBytes: 0, searchFiles: 0, searchBytes: 0, searchGzipBytes: 0, largestSearchFileBytes: 0 };
  for (const file of await listFiles(siteDir)) {
    const bytes = await readFile(file);
    const gzipBytes = gzipSync(bytes, { level: 6 }).byteLength;
    size.files++;
    size.bytes += bytes.byteLength;
    size.gzipBytes += gzipBytes;
    if (isSearchFile(relative(siteDir, file).split(sep).join("/"))) {
      size.searchFiles++;
      size.searchBytes += bytes.byteLength;
      size.searchGzipBytes += gzipBytes;
      size.largestSearchFileBytes = Math.max(size.largestSearchFileBytes, bytes.byteLength);
    }
  }
  return size;
}

/** Every file of the site, dot-files (`_headers`, …) included. */
function listFiles(dir: string): Promise<string[]> {
  return glob("**/*", { cwd: dir, absolute: true, dot: true, onlyFiles: true });
}
