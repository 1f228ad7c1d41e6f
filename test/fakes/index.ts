/**
 * Fake upstreams for tests and benchmarks: real HTTP servers on 127.0.0.1 that answer
 * as the npm registry, GitHub and GitLab do (failures included), over one seeded world.
 *
 * @example
 * const world = createWorld({ packages: 1000, seed: 1 });
 * const registry = await startFakeRegistry({ world, latencyMs: 50 });
 * const github = await startFakeGitHub({ world, faults: [{ times: 2, action: respond(502) }] });
 * try { ... } finally { await Promise.all([registry.close(), github.close()]); }
 */

export {
  dropFields,
  hang,
  mapJson,
  outage,
  outageAfter,
  reset,
  respond,
  retypeFields,
  tooManyRequests,
  truncate,
} from "./fault-actions.js";
export { type FaultAction, type FaultHandle, FaultPlan, type FaultRule, matches, type RequestMatch } from "./faults.js";
export { type FakeGitHub, type FakeGitHubOptions, githubSecondaryRateLimit, startFakeGitHub } from "./github.js";
export { type FakeGitLab, type FakeGitLabOptions, gitlabThrottled, startFakeGitLab } from "./gitlab.js";
export type { BurstLimit } from "./rate-limit.js";
export { NO_README } from "./readme.js";
export { type FakeRegistryOptions, startFakeRegistry } from "./registry.js";
export { indexedKeywords } from "./registry-search.js";
export type { FakeRequest, FakeResponse, RunningFake, ServerOptions } from "./server.js";
export { CredentialLog, FakeStats } from "./stats.js";
export { exhaustGraphqlQuota, StayAwayLog, type StayAwayWindow, tooManyRequestsStorm } from "./stay-away.js";
export { createWorld, type PackumentOverride, RawJson, type ResolvedMirror, World, type WorldOptions } from "./world.js";
export type * from "./world-types.js";
