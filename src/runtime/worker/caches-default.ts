/**
 * Workers' `caches.default`: the cache of the data center that runs the
 * request, shared by every isolate there. Only Workers on a custom domain
 * get a working one (on `*.workers.dev` its writes are dropped), and only
 * Workers have it at all, so it is looked up rather than assumed.
 */
import type { EdgeCache } from "../../shim/index.js";

interface WorkersCacheStorage {
  readonly default?: EdgeCache;
}

export function workersDefaultCache(): EdgeCache | undefined {
  return (globalThis as { caches?: WorkersCacheStorage }).caches?.default;
}
