/**
 * One request to the Worker through Miniflare's `dispatchFetch`, timed from
 * the call to the last body byte: Node → loopback HTTP → workerd (assets
 * router, then the Worker for `/api/*`) → back.
 */
import type { Miniflare } from "miniflare";
import type { TimedAnswer } from "./shim-client.js";

const ORIGIN = "http://localhost";

export async function timedDispatch(miniflare: Miniflare, path: string): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await miniflare.dispatchFetch(`${ORIGIN}${path}`);
  const body = new Uint8Array(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, body };
}
