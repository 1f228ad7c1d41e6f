/**
 * One API request through the shim in-process, timed from `new Request` to
 * the last body byte. The body is read as bytes, as a server would send it:
 * decoding or parsing it here would fill the heap with the bench's own
 * garbage and charge its collection to the shim's later answers.
 */
import type { FetchHandler } from "../../src/shim/index.js";

export const ORIGIN = "http://bench.invalid";

export interface TimedAnswer {
  readonly ms: number;
  readonly status: number;
  readonly body: Uint8Array;
}

export async function timedRequest(shim: FetchHandler, path: string): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await shim(new Request(`${ORIGIN}${path}`));
  const body = new Uint8Array(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, body };
}

const decoder = new TextDecoder();

/** Every answer the bench times must be a 200: a fast error is no result. */
export function checkOk(answer: TimedAnswer, path: string): void {
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${decoder.decode(answer.body.subarray(0, 300))}`);
}

/** The `total` of a 200 body, read from its first key (CONTRACT section 2 fixes the key order). */
export function totalOf(body: Uint8Array): number {
  const head = decoder.decode(body.subarray(0, 32));
  const total = /^\{"total":(\d+),/.exec(head)?.[1];
  if (total === undefined) throw new Error(`answer does not start with a numeric total: ${head}`);
  return Number(total);
}
