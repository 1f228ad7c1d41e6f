/**
 * The shim's file access on Cloudflare (Workers static assets, or Pages with
 * `_worker.js`): the `ASSETS` binding serves the deployed site's files.
 */
import type { SiteReader } from "../../shim/index.js";

export interface AssetsBinding {
  fetch(input: Request | string): Promise<Response>;
}

/** Any origin works: the binding only looks at the path. */
const ASSETS_ORIGIN = "https://assets.local";

/**
 * Reads go out all at once, however many an answer needs: holding them to 8 at a time cost a bare Worker less CPU
 * for 80 reads, but the shim more on every class of query, cold and warm (docs/BENCHMARKS.md, the choices table).
 */
export function createAssetsReader(assets: AssetsBinding): SiteReader {
  return {
    async read(path) {
      // A URL, not a Request: building a Request costs a cold isolate about a sixth of a read (docs/BENCHMARKS.md).
      const response = await assets.fetch(`${ASSETS_ORIGIN}/${path}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`ASSETS answered ${response.status} for ${path}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
