/**
 * What the explorer page needs to know of its site beyond the API: the host's
 * versions for its `compat` filter and which feeds exist. The build writes it
 * into the page itself (publish/explorer-files.ts), so the page asks for
 * nothing more.
 */
import type { HostVersions } from "./compat/host-versions.js";
import type { FeedFiles } from "./feeds/feeds.js";

export interface ExplorerData {
  /** Null when the catalog names no host, or has no versions of it. */
  readonly compat: {
    readonly host: string;
    readonly latest: string;
    /** Newest first, releases before prereleases. */
    readonly versions: readonly string[];
    readonly distTags: Readonly<Record<string, string>>;
  } | null;
  /** Paths relative to the site's root; null when the build wrote no feeds (it knew no site URL). */
  readonly feeds: FeedFiles | null;
}

export function explorerData(host: HostVersions | undefined, feeds: FeedFiles | undefined): ExplorerData {
  const compat =
    host === undefined || host.latest === null
      ? null
      : { host: host.host, latest: host.latest, versions: host.versions, distTags: Object.fromEntries(host.tags) };
  return { compat, feeds: feeds ?? null };
}
