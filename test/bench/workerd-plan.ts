/** What the workerd child (`workerd-child.ts`) is asked to run, and what it reports back. */
import type { QueryClass } from "./queries.js";

/** A static asset the assets binding serves without invoking the Worker: the loopback and routing cost alone. */
export const BASELINE_PATH = "/catalog/manifest.json";

export type WorkerdKind = QueryClass | "baseline";

export interface WorkerdTimedQuery {
  readonly kind: WorkerdKind;
  readonly path: string;
}

export interface WorkerdPlan {
  readonly siteDir: string;
  /** One fresh Miniflare instance per path. */
  readonly coldUnfiltered: readonly string[];
  readonly coldQuery: readonly string[];
  /** Mixed queries sent to the warm instance first, untimed. */
  readonly warmup: readonly string[];
  /** Then these, each timed; classes and baseline interleaved. */
  readonly timed: readonly WorkerdTimedQuery[];
}

export interface WorkerdColdSample {
  readonly path: string;
  /** `new Miniflare` to `ready`: the workerd process started, the Worker's script loaded. */
  readonly readyMs: number;
  /** After `ready`: `dispatchFetch` to the first answer's last body byte. */
  readonly firstMs: number;
  /** The same request once more on the same instance, for scale. */
  readonly secondMs: number;
  /** On a second fresh instance: the static asset as its first request (cold hop and assets router, no Worker). */
  readonly assetFirstMs: number;
  /** Then the same API request there: the Worker's isolate still cold, the hop to workerd already open. */
  readonly afterAssetMs: number;
  readonly total: number;
}

export interface WorkerdResult {
  readonly coldUnfiltered: readonly WorkerdColdSample[];
  readonly coldQuery: readonly WorkerdColdSample[];
  readonly timings: Record<WorkerdKind, number[]>;
  readonly slowest: Record<WorkerdKind, { readonly path: string; readonly ms: number }>;
  /** Answers with at least one plugin, per class. */
  readonly nonEmpty: Record<QueryClass, number>;
}
