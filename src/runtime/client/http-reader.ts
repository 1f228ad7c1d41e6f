/**
 * The shim's file access on a static host: the site's files fetched over
 * HTTP, relative to the site's root URL. Data files are named by content and
 * never change, so any cache may answer for them; the manifest is the one
 * file a new build replaces, so it is revalidated wherever the runtime
 * lets a request ask for that.
 */
import { MANIFEST_PATH } from "../../core/site-format.js";
import type { SiteReader } from "../../shim/site-reader.js";

/**
 * @param root the site's root, ending in `/`. Files are fetched with the global `fetch` as it is when each is read,
 *   so a caller that wraps `fetch` (a bench counting bytes) sees every read.
 */
export function createHttpReader(root: URL): SiteReader {
  const manifestInit = revalidating();
  return {
    async read(path) {
      const url = new URL(path, root);
      // Only the site's own files: a path of the manifest cannot lead elsewhere.
      if (!url.href.startsWith(root.href)) return null;
      const response = await fetch(url, path === MANIFEST_PATH ? manifestInit : undefined);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`${url.href} answered ${response.status}`);
      }
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

/**
 * `cache: "no-cache"` where the runtime has it: a browser's HTTP cache may
 * otherwise hand back yesterday's manifest, whose data files are gone. Workers
 * refuse the field (their `Request` throws on it), Node's fetch keeps no HTTP
 * cache: there, a plain request.
 */
function revalidating(): RequestInit | undefined {
  try {
    new Request("https://catalog.invalid/", { cache: "no-cache" });
    return { cache: "no-cache" };
  } catch {
    return undefined;
  }
}
