/**
 * `npm run bench -- fetch`: the daily fetch at scale. The real CLI, in a child, builds the catalog from a seeded fake
 * world (registry, GitHub, GitLab at a fixed latency, served from this otherwise idle process) into a fresh directory;
 * then, a share of the packages given a new version, into the same one (incremental); then, that site as yesterday, the
 * next day's build once per kind of upstream trouble (docs/BENCHMARKS.md#the-fetch-bench-npm-run-bench----fetch).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BuildReport } from "../../src/upstream/report.js";
import { Random } from "../../tools/sample/random.js";
import type { FakeGitHub, RunningFake, World } from "../fakes/index.js";
import * as fakes from "../fakes/index.js";
import { type CliRun, runCli, sequentially } from "./child.js";
import { atMost, count, type Figure, json, round, type Section, seconds, shown, type Target } from "./figures.js";
import { type BenchContext, type Flags, publish } from "./harness.js";

const CONFIG = { keywords: ["acme-plugin"], webUiKeywords: ["webapp"] };
/** The fakes accept any well-formed token; real ones in the environment are never passed on. */
const FAKE_ENV = { GITHUB_TOKEN: "bench-fake-github-token", GITLAB_TOKEN: "bench-fake-gitlab-token", NO_COLOR: "1" };
const UPSTREAMS = ["registry", "github", "gitlab"] as const;
type Upstream = (typeof UPSTREAMS)[number];
type Fakes = Readonly<{ registry: RunningFake; github: FakeGitHub; gitlab: RunningFake }>;
/** A build's targets: wall time, all its requests, GitHub's requests (one per so many of `githubRepos`); and the CLI's peak RSS. */
type RunLimits = Readonly<{ wallMs: number; requests?: number; reposPerGithubRequest?: number; githubRepos?: number }>;
const FULL_LIMITS: RunLimits = { wallMs: 180_000, reposPerGithubRequest: 50 };
const INCREMENTAL_LIMITS: RunLimits = { wallMs: 60_000, requests: 1_000 };
const PEAK_RSS_MB = 2048;
type Counters = Pick<RunningFake["stats"], "requests" | "maxInFlight" | "notModified" | "byRoute" | "byStatus">;
/** `upstream`: what each fake saw during the build; `report`: its `catalog/report.json`. */
type BuildRun = CliRun & Readonly<{ upstream: Record<Upstream, Counters>; report: BuildReport }>;
/** Where builds write, and the flags every build gets. */
type Setting = Readonly<{ work: string; scratch: string; args: readonly string[] }>;

/** `changed`: 2 % of the packages unless told. */
export type FetchFlags = Flags & Readonly<{ latency: number; searchInterval: number; changed?: number }>;

export async function bench(flags: FetchFlags, { work, log }: BenchContext): Promise<void> {
  const { size: packages, seed, latency: latencyMs, searchInterval: searchIntervalMs } = flags;
  const changed = Math.min(packages, flags.changed ?? Math.round(packages * 0.02));
  const [config, out] = [join(work, "catalog.config.json"), join(work, "site")];
  const setting: Setting = { work, scratch: join(work, "scratch"), args: ["--config", config, "--search-interval", `${searchIntervalMs}`] };
  await mkdir(setting.scratch);
  await writeFile(config, JSON.stringify(CONFIG));
  log.progress(`generating the fake world: ${packages} packages (seed ${seed}), ${latencyMs} ms latency`);
  const world = fakes.createWorld({ packages, seed });
  const hosts = { githubRepos: world.github.index.size, gitlabProjects: world.gitlab.index.size };
  const [full, incremental] = await withFakes(world, latencyMs, async (healthy) => {
    const build = async (): Promise<BuildRun> => {
      const run = await fetchBuild(healthy, setting, out);
      log.progress(`  ${seconds(run.ms)}, peak RSS ${run.peakRssMb.toFixed(0)} MB; ${run.stdout.split("\n").at(-1)}`);
      return run;
    };
    log.progress(`run 1: first full build into a fresh --out (--search-interval ${searchIntervalMs})`);
    const first = await build();
    log.progress(`run 2: ${bump(world, changed, seed)} packages given a new version; incremental build into the same --out`);
    return [first, await build()];
  });
  log.progress("fault scenarios: the next day's build on troubled fakes, one build each");
  const faults = await runFaultScenarios(world, { ...flags, changed, yesterday: out, setting });
  const incrementalTitle = `Run 2: incremental build (${count(changed)} packages given a new version, same --out)`;
  const sections = [
    runSection("Run 1: first full build (fresh --out)", "full", full, { ...FULL_LIMITS, githubRepos: hosts.githubRepos }),
    runSection(incrementalTitle, "incremental", incremental, INCREMENTAL_LIMITS),
    faultSection(faults),
  ];
  const hostsLine = `${count(hosts.githubRepos)} GitHub repositories, ${count(hosts.gitlabProjects)} GitLab projects`;
  await publish(log, flags, {
    title: `plugin-catalog fetch bench: ${count(packages)}-package fake world`,
    about: `${latencyMs} ms a response; ${hostsLine}`,
    sections,
    notes: ["Requests are counted by the fakes (retries included); the report's figures are the build's own catalog/report.json."],
    command: `fetch --packages ${packages} --latency ${latencyMs} --search-interval ${searchIntervalMs} --changed ${changed}`,
    unit: "packages",
    figures: Object.entries({ latencyMs, searchIntervalMs, changed, ...hosts }).map(([key, value]) => json(key, value)),
  });
}

/** Fresh fakes over `world`, closed after `use`. */
async function withFakes<T>(world: World, latencyMs: number, use: (fakes: Fakes) => Promise<T>): Promise<T> {
  const options = { world, latencyMs };
  const started = {
    registry: await fakes.startFakeRegistry(options),
    github: await fakes.startFakeGitHub(options),
    gitlab: await fakes.startFakeGitLab(options),
  };
  try {
    return await use(started);
  } finally {
    await Promise.all(UPSTREAMS.map((name) => started[name].close()));
  }
}

/** `plugin-catalog build --out OUT ...args` against the fakes, their counters zeroed first and read after. */
async function fetchBuild(
  upstreams: Fakes,
  { scratch, args: common }: Setting,
  out: string,
  args: readonly string[] = [],
): Promise<BuildRun> {
  for (const name of UPSTREAMS) upstreams[name].stats.reset();
  const urls = ["--registry", upstreams.registry.url, "--github-url", upstreams.github.url, "--gitlab-url", upstreams.gitlab.url];
  const run = await runCli(["build", "--out", out, ...common, ...args, ...urls], scratch, { ...process.env, ...FAKE_ENV });
  // Copies: the next build's `reset` zeroes the counters.
  const copy = (name: Upstream): [Upstream, Counters] => [name, structuredClone<Counters>(upstreams[name].stats)];
  const upstream = Object.fromEntries(UPSTREAMS.map(copy)) as Record<Upstream, Counters>;
  return { ...run, upstream, report: JSON.parse(await readFile(join(out, "catalog", "report.json"), "utf8")) as BuildReport };
}

/** A new version of `changed` published packages, the same ones for the same world and seed; how many got one. */
function bump(world: World, changed: number, seed: number): number {
  const published = world.names().filter((name) => world.get(name)?.unpublished === undefined);
  const names = new Random(seed).sample(published, changed);
  for (const name of names) world.bumpVersion(name);
  return names.length;
}

/** Installs a scenario's trouble on fresh fakes; what it returns counts `whileLimited` once the build is over. */
type Scenario = (upstreams: Fakes, options: FaultOptions) => () => number;
type FaultOptions = FetchFlags & Readonly<{ changed: number; yesterday: string; setting: Setting }>;
type FaultFigures = Readonly<{ wallMs: number; requests: Record<string, number>; retries: Record<string, number> }> &
  Readonly<{ whileLimited: number; keptPrevious: number }>;
/** Past the fake's latency, how late a request may arrive after a limit and still have been on its way before it. */
const IN_FLIGHT_GRACE_MS = 250;
const waitSeconds = (options: FaultOptions): number => (options.quick ? 1 : 2);

/** Notes every request's arrival (added before the scenario's rule, so it sees them all), counted against the grace. */
function watch(fake: RunningFake, options: FaultOptions): [fakes.StayAwayLog, () => number] {
  const log = new fakes.StayAwayLog();
  fake.faults.add(log.recorder());
  return [log, () => log.violations(options.latency + IN_FLIGHT_GRACE_MS).length];
}

const SCENARIOS: Record<string, Scenario> = {
  healthy: () => () => 0,
  graphqlRateLimited(upstreams, options) {
    const [log, whileLimited] = watch(upstreams.github, options);
    // About 3 repositories for 4 packages, 100 a GraphQL batch: a third of the way through, at the 30th batch at most.
    const after = Math.min(30, Math.floor(options.size / 400));
    fakes.exhaustGraphqlQuota(upstreams.github, log, { after, resetInMs: waitSeconds(options) * 1000 });
    return whileLimited;
  },
  githubDown(upstreams) {
    upstreams.github.faults.add(fakes.outage());
    return () => upstreams.github.stats.requests;
  },
  gitlabDown(upstreams) {
    upstreams.gitlab.faults.add(fakes.outage());
    return () => upstreams.gitlab.stats.requests;
  },
  registry429Storm(upstreams, options) {
    const [log, whileLimited] = watch(upstreams.registry, options);
    const where = (req: { path: string }): boolean => !req.path.startsWith("/-/");
    fakes.tooManyRequestsStorm(upstreams.registry, log, {
      where,
      after: Math.floor(options.changed / 4),
      count: 10,
      retryAfterS: waitSeconds(options),
    });
    return whileLimited;
  },
};

/**
 * Overnight, `changed` more packages publish; each scenario is then the next day's build (`--previous` yesterday, a
 * fresh --out) on fresh fakes with its trouble. Measured one at a time; `--quick` only proves the scenarios still run,
 * so it runs them side by side.
 */
async function runFaultScenarios(world: World, options: FaultOptions): Promise<Record<string, FaultFigures>> {
  bump(world, options.changed, options.seed + 1);
  const run = ([name, scenario]: [string, Scenario]) =>
    withFakes(world, options.latency, async (upstreams): Promise<[string, FaultFigures]> => {
      const whileLimited = scenario(upstreams, options);
      const out = join(options.setting.work, `fault-${name}`);
      const { ms, report } = await fetchBuild(upstreams, options.setting, out, ["--previous", options.yesterday]);
      const requests = Object.fromEntries(UPSTREAMS.map((host) => [host, upstreams[host].stats.requests]));
      const keptPrevious = report.mirrors.github.keptPrevious + report.mirrors.gitlab.keptPrevious;
      return [name, { wallMs: Math.round(ms), requests, retries: { ...report.retries }, whileLimited: whileLimited(), keptPrevious }];
    });
  const scenarios = Object.entries(SCENARIOS);
  return Object.fromEntries(options.quick ? await Promise.all(scenarios.map(run)) : await sequentially(scenarios, run));
}

const slashed = (values: readonly number[]): string => values.map(count).join(" / ");

/** A build's section, its figures under `prefix`, against `limits`. */
function runSection(title: string, prefix: string, run: BuildRun, limits: RunLimits): Section {
  const { packuments: p, retries, phasesMs, members } = run.report;
  const key = (name: string): string => `${prefix}.${name}`;
  const counted = (name: string, value: number, label: string, target?: Target): Figure =>
    shown(key(name), value, label, count(value), target);
  const [rss, total] = [round(run.peakRssMb, 1), UPSTREAMS.reduce((sum, name) => sum + run.upstream[name].requests, 0)];
  const outside = run.ms - Object.values(phasesMs).reduce((sum, ms) => sum + ms, 0);
  const [perRequest, githubRepos] = [limits.reposPerGithubRequest, limits.githubRepos ?? 0];
  const totalTarget = limits.requests === undefined ? undefined : atMost(total, limits.requests, count(limits.requests));
  const requests = UPSTREAMS.map((name) => {
    const { requests, notModified } = run.upstream[name];
    const [label, text] = [`requests, ${name}`, `${count(requests)}${notModified > 0 ? ` (${count(notModified)} × 304)` : ""}`];
    if (name !== "github" || perRequest === undefined) return shown(key(`requests.${name}`), requests, label, text);
    const target = atMost(requests, githubRepos / perRequest, `${count(Math.floor(githubRepos / perRequest))} (1/${perRequest})`);
    return shown(key(`requests.${name}`), requests, `${label} (${count(githubRepos)} repositories)`, text, target);
  });
  return {
    title,
    figures: [
      shown(key("wallMs"), round(run.ms, 1), "wall time", seconds(run.ms), atMost(run.ms, limits.wallMs, `${limits.wallMs / 1000} s`)),
      ...requests,
      counted("totalRequests", total, "requests, all upstreams", totalTarget),
      ...UPSTREAMS.map((name) => counted(`maxInFlight.${name}`, run.upstream[name].maxInFlight, `max in flight, ${name}`)),
      shown(key("peakRssMb"), rss, "CLI peak RSS", `${rss.toFixed(0)} MB`, atMost(rss, PEAK_RSS_MB, `${PEAK_RSS_MB} MB`)),
      shown(
        key("packuments"),
        p,
        "report: packuments fetched / 304 / reused / failed",
        slashed([p.fetched, p.notModified, p.reused, p.failed]),
      ),
      shown(key("retries"), retries, "report: retries registry / GitHub / GitLab", slashed(UPSTREAMS.map((name) => retries[name]))),
      counted("members", members, "report: catalog members"),
      ...Object.entries(phasesMs).map(([phase, ms]) => shown(key(`phasesMs.${phase}`), ms, `report: phase ${phase}`, seconds(ms))),
      shown(key("outsidePhasesMs"), round(outside, 1), "wall time outside those phases (site build, write…)", seconds(outside)),
      ...UPSTREAMS.flatMap((name) =>
        (["notModified", "byRoute", "byStatus"] as const).map((field) => json(key(`${field}.${name}`), run.upstream[name][field])),
      ),
      json(key("cliRequests"), run.report.requests),
    ],
  };
}

/** One row per scenario; the JSON's `faults.<scenario>` is its figures as they are. */
function faultSection(faults: Record<string, FaultFigures>): Section {
  const perHost = (values: Record<string, number>): string => slashed(UPSTREAMS.map((name) => values[name] ?? 0));
  const text = (f: FaultFigures): string =>
    `${seconds(f.wallMs)}; ${perHost(f.requests)}; ${perHost(f.retries)}; ${count(f.whileLimited)}; ${count(f.keptPrevious)}`;
  const title =
    "Upstream trouble, the next day's build (--previous): wall; requests; retries (registry / GitHub / GitLab); while limited; kept previous";
  return { title, figures: Object.entries(faults).map(([scenario, f]) => shown(`faults.${scenario}`, f, scenario, text(f))) };
}
