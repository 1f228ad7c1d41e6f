/**
 * Sizes of the files the shim reads. A cold edge isolate pays for every
 * file it reads (a fetch of the assets binding) and for every byte it
 * touches, so each answer should need few files, each small.
 */
export interface SiteLayout {
  /** Aim for postings blocks of about this many bytes; a block holds whole terms. */
  readonly postingsBlockBytes: number;
  /** Aim for filter packs of about this many bytes (their number follows from it). */
  readonly keyPackBytes: number;
  /** Sets of at most this many plugins also get copies of their records, grouped (see `SetPackHeader.groups`). */
  readonly groupLimit: number;
  /** Plugins per group chunk, and the most records in one group file. */
  readonly groupChunk: number;
}

export const DEFAULT_LAYOUT: SiteLayout = {
  postingsBlockBytes: 32 * 1024,
  keyPackBytes: 24 * 1024,
  groupLimit: 1024,
  groupChunk: 128,
};
