/** The fetch bench's figures, as `--json FILE` writes them. */
import type { BuildReport } from "../../src/upstream/report.js";
import type { FetchBenchOptions } from "./fetch-args.js";
import type { FetchBuildRun } from "./fetch-build.js";
import { UPSTREAMS, type FakesReady, type Upstream } from "./fakes-protocol.js";
import type { MachineLoad } from "./machine.js";
import { round } from "./stats.js";

export interface FetchRunFigures {
  readonly wallMs: number;
  /** Requests each fake received (retries included). */
  readonly requests: Record<Upstream, number>;
  readonly totalRequests: number;
  readonly maxInFlight: Record<Upstream, number>;
  readonly peakRssMb: number;
  /** 304s each fake sent. */
  readonly notModified: Record<Upstream, number>;
  readonly byRoute: Record<Upstream, Record<string, number>>;
  readonly byStatus: Record<Upstream, Record<string, number>>;
  /** From the build's own report. */
  readonly members: number;
  readonly packuments: BuildReport["packuments"];
  readonly retries: BuildReport["retries"];
  readonly cliRequests: BuildReport["requests"];
  readonly phasesMs: Record<string, number>;
  /** Wall time outside those phases: start-up, reading yesterday's catalog, checking, building and writing the site. */
  readonly outsidePhasesMs: number;
}

export interface FetchBenchResults {
  /** Packages in the fake world. */
  readonly plugins: number;
  readonly seed: number;
  readonly quick: boolean;
  readonly latencyMs: number;
  readonly searchIntervalMs: number;
  /** Packages given a new version before the incremental build. */
  readonly changed: number;
  readonly githubRepos: number;
  readonly gitlabProjects: number;
  readonly machine: MachineLoad;
  readonly full: FetchRunFigures;
  readonly incremental: FetchRunFigures;
}

const perUpstream = <T>(pick: (name: Upstream) => T): Record<Upstream, T> =>
  Object.fromEntries(UPSTREAMS.map((name) => [name, pick(name)])) as Record<Upstream, T>;

export function figuresOf(run: FetchBuildRun): FetchRunFigures {
  const requests = perUpstream((name) => run.upstream[name].requests);
  return {
    wallMs: round(run.wallMs, 1),
    requests,
    totalRequests: UPSTREAMS.reduce((sum, name) => sum + requests[name], 0),
    maxInFlight: perUpstream((name) => run.upstream[name].maxInFlight),
    peakRssMb: round(run.peakRssMb, 1),
    notModified: perUpstream((name) => run.upstream[name].notModified),
    byRoute: perUpstream((name) => run.upstream[name].byRoute),
    byStatus: perUpstream((name) => run.upstream[name].byStatus),
    members: run.report.members,
    packuments: run.report.packuments,
    retries: run.report.retries,
    cliRequests: run.report.requests,
    phasesMs: run.report.phasesMs,
    outsidePhasesMs: round(run.wallMs - Object.values(run.report.phasesMs).reduce((sum, ms) => sum + ms, 0), 1),
  };
}

export function collectFetchResults(options: FetchBenchOptions, world: FakesReady, machine: MachineLoad, full: FetchBuildRun, incremental: FetchBuildRun): FetchBenchResults {
  return {
    plugins: options.packages,
    seed: options.seed,
    quick: options.quick,
    latencyMs: options.latencyMs,
    searchIntervalMs: options.searchIntervalMs,
    changed: options.changed,
    githubRepos: world.githubRepos,
    gitlabProjects: world.gitlabProjects,
    machine,
    full: figuresOf(full),
    incremental: figuresOf(incremental),
  };
}
