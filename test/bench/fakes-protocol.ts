/**
 * How the fetch bench talks to its fakes process (`fakes-child.ts`) over
 * Node's IPC channel: the child announces itself once, then answers calls.
 */

export const UPSTREAMS = ["registry", "github", "gitlab"] as const;
export type Upstream = (typeof UPSTREAMS)[number];

/** What the child is started with (its one argument, as JSON). */
export interface FakesSetup {
  readonly packages: number;
  readonly seed: number;
  readonly latencyMs: number;
}

/** Sent once, when the three fakes listen. */
export interface FakesReady {
  readonly kind: "ready";
  readonly urls: Record<Upstream, string>;
  readonly packages: number;
  /** Distinct repositories on the fake hosts (what the packages reach, renames counted once). */
  readonly githubRepos: number;
  readonly gitlabProjects: number;
  /** Time to generate the world. */
  readonly worldMs: number;
}

/** One fake's counters (see `test/fakes/stats.ts`), since the last reset. */
export interface UpstreamStats {
  readonly requests: number;
  readonly maxInFlight: number;
  readonly notModified: number;
  readonly byRoute: Record<string, number>;
  readonly byStatus: Record<string, number>;
}

/** Each operation's argument and answer. */
export interface FakesOps {
  /** The counters of all three fakes. */
  stats: { args: Record<string, never>; value: Record<Upstream, UpstreamStats> };
  /** Zeroes the counters, so the next build is counted alone. */
  reset: { args: Record<string, never>; value: null };
  /** Publishes a new version of `count` published packages drawn with `seed`. */
  bump: { args: { count: number; seed: number }; value: { names: string[] } };
  /** Closes the fakes; the child then exits. */
  close: { args: Record<string, never>; value: null };
}

export type FakesOp = keyof FakesOps;

/** One call; `op` tells its `args` apart. */
export type FakesCall = { [K in FakesOp]: { readonly id: number; readonly op: K; readonly args: FakesOps[K]["args"] } }[FakesOp];

export type FakesReply =
  | { readonly kind: "reply"; readonly id: number; readonly ok: true; readonly value: FakesOps[FakesOp]["value"] }
  | { readonly kind: "reply"; readonly id: number; readonly ok: false; readonly message: string };
