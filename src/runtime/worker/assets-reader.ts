/**
 * The shim's file access on Cloudflare (Workers static assets, or Pages with
 * `_worker.js`): the `ASSETS` binding serves the deployed site's files.
 */
import pLimit from "p-limit";
import type { SiteReader } from "../../shim/index.js";

export interface AssetsBinding {
  fetch(input: Request | string): Promise<Response>;
}

/** Any origin works: the binding only looks at the path. */
const ASSETS_ORIGIN = "https://assets.local";

/**
 * Reads in flight at once. A page of scattered records reads 80 files; all at once, they cost a cold isolate
 * 0.6 ms more CPU than 8 at a time (docs/BENCHMARKS.md), and the binding's reads are quick enough that
 * the wait is short.
 */
export const ASSETS_READS_AT_ONCE = 8;

export function createAssetsReader(assets: AssetsBinding): SiteReader {
  const limit = pLimit(ASSETS_READS_AT_ONCE);
  const read = async (path: string) => {
    // A URL, not a Request: building a Request costs a cold isolate about a sixth of a read (docs/BENCHMARKS.md).
    const response = await assets.fetch(`${ASSETS_ORIGIN}/${path}`);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`ASSETS answered ${response.status} for ${path}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  return { read: (path) => limit(read, path) };
}
