/**
 * A test entry module for workerd that runs the deployed Worker
 * (`./_worker.js`, unchanged) and records what reaches it: every request the
 * platform routes to the Worker, and every file the Worker reads through its
 * ASSETS binding. The record is read (and emptied) at LOG_PATH, under `/api/`
 * because only `/api/*` reaches the Worker at all.
 */
import type { Target } from "../../support/targets.js";

export const LOG_PATH = "/api/__test__/log";

export const COUNTING_ENTRY = `
import worker from "./_worker.js";

let log = { invocations: [], reads: [] };

export default {
  async fetch(request, env, ctx) {
    const path = new URL(request.url).pathname;
    if (path === ${JSON.stringify(LOG_PATH)}) {
      const taken = log;
      log = { invocations: [], reads: [] };
      return Response.json(taken);
    }
    log.invocations.push(path);
    // A new wrapper per request, but the Worker keeps the first one it sees: each read lands in the current log.
    const assets = { fetch: (input) => (log.reads.push(new URL(typeof input === "string" ? input : input.url).pathname), env.ASSETS.fetch(input)) };
    return worker.fetch(request, { ...env, ASSETS: assets }, ctx);
  },
};
`;

export interface WorkerLog {
  /** Paths of the requests that invoked the Worker. */
  readonly invocations: readonly string[];
  /** Paths the Worker fetched from its ASSETS binding. */
  readonly reads: readonly string[];
}

/** What reached the Worker since the last call. */
export async function takeLog(target: Target): Promise<WorkerLog> {
  const response = await target.fetch(LOG_PATH);
  if (response.status !== 200) throw new Error(`${LOG_PATH} answered ${response.status}: the counting entry is not running`);
  return (await response.json()) as WorkerLog;
}
