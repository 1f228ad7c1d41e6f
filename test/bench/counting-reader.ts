/**
 * The Node fs reader with a meter: how many files and bytes the shim read,
 * in total and of search data, so a cold start can be held to its budget.
 */
import { createFsReader } from "../../src/runtime/node/fs-reader.js";
import type { SiteReader } from "../../src/shim/index.js";

export interface ReadCounts {
  files: number;
  bytes: number;
  searchFiles: number;
  searchBytes: number;
}

/** Search data: `catalog/data/search*` (the directory and its chunks). */
export function isSearchFile(path: string): boolean {
  return /(?:^|\/)catalog\/data\/search[^/]*$/.test(path.replaceAll("\\", "/"));
}

export function emptyCounts(): ReadCounts {
  return { files: 0, bytes: 0, searchFiles: 0, searchBytes: 0 };
}

export interface CountingReader {
  readonly reader: SiteReader;
  /** Live totals since creation or the last `reset`. */
  readonly counts: ReadCounts;
  reset(): void;
}

export function createCountingReader(dir: string): CountingReader {
  const inner = createFsReader(dir);
  const counts = emptyCounts();
  return {
    counts,
    reset: () => Object.assign(counts, emptyCounts()),
    reader: {
      async read(path) {
        const bytes = await inner.read(path);
        if (bytes !== null) {
          counts.files++;
          counts.bytes += bytes.byteLength;
          if (isSearchFile(path)) {
            counts.searchFiles++;
            counts.searchBytes += bytes.byteLength;
          }
        }
        return bytes;
      },
    },
  };
}
