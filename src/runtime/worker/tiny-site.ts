/**
 * The tiny site the Worker warms up on (warm-up.ts): four plugins, and files
 * cut as small as they go (several record shards per order, filter packs,
 * postings blocks), so that a handful of queries read every kind of file a
 * first answer reads. Its files are made when the Worker is
 * bundled, by the build's own encoders (tools/tiny-site.ts), and reach the
 * bundle as `TINY_SITE`, an esbuild define: the Worker carries their few
 * bytes, not the encoders.
 */
import type { OrderKey } from "../../core/plugin.js";
import type { SiteReader } from "../../shim/index.js";

export interface TinyPlugin {
  readonly slug: string;
  readonly tags: readonly string[];
  readonly creators: readonly string[];
  readonly hasWebUi: boolean;
  /** Its words for the search index. */
  readonly words: readonly string[];
  /** The range of host versions it declares (`compat`). */
  readonly range: string | null;
}

/** By ordinal. */
export const TINY_PLUGINS: readonly TinyPlugin[] = [
  { slug: "alpha", tags: ["data", "ui"], creators: ["ann"], hasWebUi: true, words: ["alpha", "chart", "data"], range: ">=2" },
  { slug: "beta", tags: ["data"], creators: ["ann", "bob"], hasWebUi: false, words: ["beta", "chart", "charting", "data"], range: "^1" },
  { slug: "gamma", tags: ["data", "ui"], creators: ["bob"], hasWebUi: true, words: ["gamma", "chartist", "data"], range: null },
  { slug: "delta", tags: ["ui"], creators: ["cy"], hasWebUi: false, words: ["delta", "chat"], range: "^2.1.0-0" },
];

/** The host `compat` names, with a release, an older one and a prerelease. */
export const TINY_HOST = {
  host: "tiny-host",
  versions: ["1.0.0", "2.0.0", "2.1.0-beta.1"],
  distTags: { latest: "2.0.0", next: "2.1.0-beta.1" },
} as const;

/** Per order, its positions' ordinals. */
export const TINY_ORDERS: Readonly<Record<OrderKey, readonly number[]>> = {
  stars: [0, 1, 2, 3],
  recent: [2, 0, 3, 1],
  name: [1, 3, 0, 2],
  downloads: [3, 2, 1, 0],
};

export const TINY_CATEGORIES: readonly string[] = ["Data", "UI"];

/** A site's files as `TINY_SITE` holds them: each path's bytes in base64. */
export type EncodedSite = Readonly<Record<string, string>>;

/** Reads the files of an encoded site, decoded once. */
export function encodedSiteReader(site: EncodedSite): SiteReader {
  const files = new Map(Object.entries(site).map(([path, base64]) => [path, fromBase64(base64)]));
  return { read: async (path) => files.get(path) ?? null };
}

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
