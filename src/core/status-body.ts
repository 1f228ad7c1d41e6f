/**
 * The 200 body of `GET /api/status` (docs/API.md#status): how fresh the
 * catalog is, per upstream. Written once by the build; the shim serves its bytes.
 */
export const STATUS_SOURCES = ["npm", "github", "gitlab"] as const;
export type StatusSource = (typeof STATUS_SOURCES)[number];

export interface SourceStatus {
  /** When the build last read this upstream successfully; null if never. */
  readonly readAt: string | null;
  /** Packages (npm) or mirrors (GitHub, GitLab) this source covers. */
  readonly items: number;
  /** How many of them carry data from an earlier build because they could not be read this time. */
  readonly stale: number;
  /** When the oldest such data was read; null when `stale` is 0. */
  readonly staleSince: string | null;
}

export interface CatalogStatus {
  readonly builtAt: string;
  readonly plugins: number;
  readonly sources: Readonly<Record<StatusSource, SourceStatus>>;
}
