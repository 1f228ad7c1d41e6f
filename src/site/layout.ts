/**
 * Sizes of the files the shim reads. A cold edge isolate pays for every
 * file it reads (a fetch of the assets binding) and for every byte it
 * touches, so each answer should need few files, each small.
 */
export interface SiteLayout {
  /** Plugins per fine shard (see `SiteManifest.fineShards`). */
  readonly fineShardSize: number;
  /** Aim for postings blocks of about this many bytes; a block holds whole terms. */
  readonly postingsBlockBytes: number;
  /** Aim for frequency files (`sort=relevance`) of at most this many bytes; a set's entries that take more are a file alone. */
  readonly frequencyBytes: number;
  /** Postings sets of at least this many plugins get a score order (`ScoreOrderFile`); scoring fewer costs less than reading one. */
  readonly scoreOrderMin: number;
  /** A score order keeps its first this many plugins: the pages people read; a deeper page is scored. */
  readonly scoreOrderLength: number;
  /** Aim for filter packs of about this many bytes (their number follows from it). */
  readonly keyPackBytes: number;
  /**
   * Sets of at most this many plugins, or this share of the catalog if more, also get copies of
   * their records, grouped (see `SetPackHeader.groups`). A larger set is dense enough that a page
   * of it finds its records in few shards.
   */
  readonly groupLimit: number;
  readonly groupShare: number;
  /** Plugins per group chunk, and the most records in one group file. */
  readonly groupChunk: number;
  /**
   * The most bytes of a detail file (`DetailFile`), unless one detail alone is larger. Larger files are fewer (a host
   * takes 20,000 files; a 50,000-plugin site has about 12,000 others), smaller ones are less to read for one detail.
   */
  readonly detailFileBytes: number;
}

export const DEFAULT_LAYOUT: SiteLayout = {
  fineShardSize: 25,
  postingsBlockBytes: 32 * 1024,
  frequencyBytes: 64 * 1024,
  scoreOrderMin: 512,
  scoreOrderLength: 1000,
  keyPackBytes: 24 * 1024,
  groupLimit: 1024,
  groupShare: 0.25,
  groupChunk: 128,
  detailFileBytes: 128 * 1024,
};
