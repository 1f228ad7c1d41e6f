/**
 * The fetch under upstream trouble, for `npm run bench -- fetch`: a first
 * build on healthy fakes gives "yesterday"; a share of the packages then
 * publishes, and each scenario is the next day's build (`--previous`
 * yesterday, a fresh --out) against fresh fakes over the same world, with one
 * kind of trouble, after the same build without any (`healthy`, the baseline
 * each scenario's wall time is to be read against):
 *
 * - graphqlRateLimited: GitHub's GraphQL quota runs out mid-run (at the 30th
 *   request at most) and resets 2 s later;
 * - githubDown, gitlabDown: the whole platform answers 503 to everything;
 * - registry429Storm: ten packument requests in a row answered 429 with
 *   `Retry-After: 2`.
 *
 * Per scenario: wall time; requests (as the fakes counted them) and retries
 * (the build's report) per upstream; `whileLimited`, the requests a host
 * received while it was limited or down — for a limit, those arriving later
 * than the fake's latency plus 250 ms after the limit was announced (earlier
 * ones were on their way before the client could know) and before its reset;
 * for an outage, every request the host received; and `keptPrevious`, the
 * mirrors that kept yesterday's counts. With `quick` the waits are 1 s.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BuildReport } from "../../src/upstream/report.js";
import {
  createWorld,
  exhaustGraphqlQuota,
  type FakeGitHub,
  outage,
  type RunningFake,
  StayAwayLog,
  startFakeGitHub,
  startFakeGitLab,
  startFakeRegistry,
  tooManyRequestsStorm,
  type World,
} from "../fakes/index.js";
import { runCli, sequentially } from "./child.js";

export interface FaultScenarioOptions {
  readonly packages: number;
  readonly seed: number;
  readonly latencyMs: number;
  readonly quick: boolean;
}

export interface FaultFigures {
  wallMs: number;
  requests: Record<string, number>;
  retries: Record<string, number>;
  whileLimited: number;
  keptPrevious: number;
}

interface Fakes {
  readonly registry: RunningFake;
  readonly github: FakeGitHub;
  readonly gitlab: RunningFake;
}

/** Installs a scenario's trouble on fresh fakes; what it returns counts `whileLimited` once the build is over. */
type Scenario = (fakes: Fakes, options: FaultScenarioOptions) => () => number;

const UPSTREAMS = ["registry", "github", "gitlab"] as const;
const CONFIG = { keywords: ["acme-plugin"], webUiKeywords: ["webapp"] };
const FAKE_ENV = { GITHUB_TOKEN: "bench-fake-github-token", GITLAB_TOKEN: "bench-fake-gitlab-token", NO_COLOR: "1" };
/** Packages given a new version overnight, as in the incremental build of the fetch bench. */
const CHANGED_SHARE = 0.02;
/** Past the fake's latency, how late a request may arrive after a limit and still have been on its way before it. */
const IN_FLIGHT_GRACE_MS = 250;

const waitSeconds = (options: FaultScenarioOptions): number => (options.quick ? 1 : 2);

const SCENARIOS: Record<string, Scenario> = {
  healthy: () => () => 0,
  graphqlRateLimited(fakes, options) {
    const log = watch(fakes.github);
    // About 3 repositories for 4 packages, 100 a GraphQL batch: a third of the way through, at the 30th batch at most.
    const after = Math.min(30, Math.floor(options.packages / 400));
    exhaustGraphqlQuota(fakes.github, log, { after, resetInMs: waitSeconds(options) * 1000 });
    return () => log.violations(options.latencyMs + IN_FLIGHT_GRACE_MS).length;
  },
  githubDown(fakes) {
    fakes.github.faults.add(outage());
    return () => fakes.github.stats.requests;
  },
  gitlabDown(fakes) {
    fakes.gitlab.faults.add(outage());
    return () => fakes.gitlab.stats.requests;
  },
  registry429Storm(fakes, options) {
    const log = watch(fakes.registry);
    const changed = Math.round(options.packages * CHANGED_SHARE);
    const isPackument = (req: { path: string }) => !req.path.startsWith("/-/");
    const storm = { where: isPackument, after: Math.floor(changed / 4), count: 10, retryAfterS: waitSeconds(options) };
    tooManyRequestsStorm(fakes.registry, log, storm);
    return () => log.violations(options.latencyMs + IN_FLIGHT_GRACE_MS).length;
  },
};

export async function runFaultScenarios(options: FaultScenarioOptions): Promise<Record<string, FaultFigures>> {
  const work = await mkdtemp(join(tmpdir(), "plugin-catalog-fetch-faults-"));
  try {
    const world = createWorld({ packages: options.packages, seed: options.seed });
    const config = join(work, "catalog.config.json");
    await writeFile(config, JSON.stringify(CONFIG));
    const yesterday = join(work, "yesterday");
    await withFakes(world, options.latencyMs, (fakes) => build(fakes, config, yesterday, [], work));
    publishOvernight(world, options.seed);
    const runScenario = ([name, scenario]: [string, Scenario]) =>
      withFakes(world, options.latencyMs, async (fakes): Promise<[string, FaultFigures]> => {
        const whileLimited = scenario(fakes, options);
        const run = await build(fakes, config, join(work, name), ["--previous", yesterday], work);
        return [name, figuresOf(run, fakes, whileLimited())];
      });
    // Measured one at a time; `--quick` only proves the scenarios still run, so it runs them side by side.
    const scenarios = Object.entries(SCENARIOS);
    const results = options.quick ? await Promise.all(scenarios.map(runScenario)) : await sequentially(scenarios, runScenario);
    return Object.fromEntries(results);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Fresh fakes over `world`, closed after `use`. */
async function withFakes<T>(world: World, latencyMs: number, use: (fakes: Fakes) => Promise<T>): Promise<T> {
  const fakes: Fakes = {
    registry: await startFakeRegistry({ world, latencyMs }),
    github: await startFakeGitHub({ world, latencyMs }),
    gitlab: await startFakeGitLab({ world, latencyMs }),
  };
  try {
    return await use(fakes);
  } finally {
    await Promise.all(UPSTREAMS.map((name) => fakes[name].close()));
  }
}

/** Notes every request's arrival (added before the scenario's rule, so it sees them all). */
function watch(fake: RunningFake): StayAwayLog {
  const log = new StayAwayLog();
  fake.faults.add(log.recorder());
  return log;
}

/** `plugin-catalog build` with the CLI's defaults (the search paced at 500 ms) against the fakes; its wall time and report. */
type BuildRun = { ms: number; report: BuildReport };

async function build(fakes: Fakes, config: string, out: string, args: readonly string[], scratch: string): Promise<BuildRun> {
  const urls = ["--registry", fakes.registry.url, "--github-url", fakes.github.url, "--gitlab-url", fakes.gitlab.url];
  const run = await runCli(["build", "--config", config, "--out", out, ...args, ...urls], scratch, { ...process.env, ...FAKE_ENV });
  return { ms: run.ms, report: JSON.parse(await readFile(join(out, "catalog", "report.json"), "utf8")) as BuildReport };
}

/** A new version of every fiftieth published package (2%), the same ones for the same world and seed. */
function publishOvernight(world: World, seed: number): void {
  const published = world.names().filter((name) => world.get(name)?.unpublished === undefined);
  const step = Math.round(1 / CHANGED_SHARE);
  for (const name of published.filter((_, i) => i % step === seed % step)) world.bumpVersion(name);
}

function figuresOf(run: BuildRun, fakes: Fakes, whileLimited: number): FaultFigures {
  const { report } = run;
  return {
    wallMs: Math.round(run.ms),
    requests: Object.fromEntries(UPSTREAMS.map((name) => [name, fakes[name].stats.requests])),
    retries: { ...report.retries },
    whileLimited,
    keptPrevious: report.mirrors.github.keptPrevious + report.mirrors.gitlab.keptPrevious,
  };
}
