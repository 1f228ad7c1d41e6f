/**
 * Sizes of the files the shim reads. A cold edge isolate pays for every
 * file it reads (a fetch of the assets binding) and for every byte it
 * touches, so each answer should need few files, each small.
 */
export interface SiteLayout {
  /**
   * Plugins per fine shard (see `SiteManifest.fineShards`), unless the catalog would then need more than
   * `fineShardFiles` of them: a larger catalog gets larger fine shards (`fineShardSizeFor`).
   */
  readonly fineShardSize: number;
  readonly fineShardFiles: number;
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
  // A page of 100 plugins scattered over 10,000 reads about 94 fine shards of 12 (0.5 MB) where it read 88 of 25
  // (1 MB): the same CPU in a fresh Worker, half the bytes (docs/BENCHMARKS.md, the choices table).
  fineShardSize: 12,
  // A host takes 20,000 files, and a 50,000-plugin site has about 10,000 others.
  fineShardFiles: 2_500,
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

/** The plugins per fine shard of a catalog of `plugins`: `fineShardSize`, or more when that would make too many files. */
export function fineShardSizeFor(layout: SiteLayout, plugins: number): number {
  return Math.max(layout.fineShardSize, Math.ceil(plugins / layout.fineShardFiles));
}
