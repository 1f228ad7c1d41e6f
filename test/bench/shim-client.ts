/** One API request through the shim in-process, timed from `new Request` to the last body byte. */
import type { FetchHandler } from "../../src/shim/index.js";

export const ORIGIN = "http://bench.invalid";

export interface TimedAnswer {
  readonly ms: number;
  readonly status: number;
  readonly body: string;
}

export async function timedRequest(shim: FetchHandler, path: string): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await shim(new Request(`${ORIGIN}${path}`));
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

/** Every answer the bench times must be a 200: a fast error is no result. */
export function checkOk(answer: TimedAnswer, path: string): void {
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
}

/** The `total` of a 200 body. */
export function totalOf(body: string): number {
  const total = (JSON.parse(body) as { total?: unknown }).total;
  if (typeof total !== "number") throw new Error(`answer has no numeric total: ${body.slice(0, 200)}`);
  return total;
}
