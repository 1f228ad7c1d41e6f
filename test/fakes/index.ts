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
export { createWorld, World, type ResolvedMirror, type WorldOptions } from "./world.js";
export type * from "./world-types.js";
export { NO_README } from "./readme.js";
export { startFakeRegistry, type FakeRegistryOptions } from "./registry.js";
export { indexedKeywords } from "./registry-search.js";
export { startFakeGitHub, githubSecondaryRateLimit, type FakeGitHub, type FakeGitHubOptions } from "./github.js";
export { startFakeGitLab, gitlabThrottled, type FakeGitLab, type FakeGitLabOptions } from "./gitlab.js";
export { FaultPlan, matches, type FaultAction, type FaultHandle, type FaultRule, type RequestMatch } from "./faults.js";
export { dropFields, hang, mapJson, outage, outageAfter, reset, respond, retypeFields, tooManyRequests, truncate } from "./fault-actions.js";
export type { FakeRequest, FakeResponse, RunningFake, ServerOptions } from "./server.js";
export type { BurstLimit } from "./rate-limit.js";
export { StayAwayLog, exhaustGraphqlQuota, tooManyRequestsStorm, type StayAwayWindow } from "./stay-away.js";
export { FakeStats, CredentialLog } from "./stats.js";
