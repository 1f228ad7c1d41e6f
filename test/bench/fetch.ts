/**
 * `npm run bench -- fetch`: the daily fetch at scale. The real CLI, in a child, builds the catalog from a seeded fake
 * world (registry, GitHub, GitLab at a fixed latency, served from this otherwise idle process) into a fresh directory,
 * then, a share of the packages given a new version, into the same one (incremental); then `fetch-faults.ts` runs.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BuildReport } from "../../src/upstream/report.js";
import { Random } from "../../tools/sample/random.js";
import { createWorld, type RunningFake, startFakeGitHub, startFakeGitLab, startFakeRegistry, type World } from "../fakes/index.js";
import { type CliRun, runCli } from "./child.js";
import { type FaultFigures, runFaultScenarios } from "./fetch-faults.js";
import type { Figure, Section, Target } from "./figures.js";
import { atMost, count, json, renderSections, round, seconds, shown, targetSummary } from "./figures.js";
import { type BenchContext, Flags, publish, reportHead, reproduce } from "./harness.js";

const USAGE =
  "usage: node lib/test/bench/run.js fetch [--packages N] [--seed S] [--latency MS] [--search-interval MS] [--changed N] " +
  "[--json FILE] [--quick]";
const CONFIG = { keywords: ["acme-plugin"], webUiKeywords: ["webapp"] };
/** The fakes accept any well-formed token; real ones in the environment are never passed on. */
const FAKE_ENV = { GITHUB_TOKEN: "bench-fake-github-token", GITLAB_TOKEN: "bench-fake-gitlab-token", NO_COLOR: "1" };
const UPSTREAMS = ["registry", "github", "gitlab"] as const;
type Upstream = (typeof UPSTREAMS)[number];
type Fakes = Record<Upstream, RunningFake>;
/** A build's targets: wall time, all its requests, GitHub's requests (one per so many repositories); and the CLI's peak RSS. */
type RunLimits = { readonly wallMs: number; readonly requests?: number; readonly reposPerGithubRequest?: number };
const FULL_LIMITS: RunLimits = { wallMs: 180_000, reposPerGithubRequest: 50 };
const INCREMENTAL_LIMITS: RunLimits = { wallMs: 60_000, requests: 1_000 };
const PEAK_RSS_MB = 2048;
type Counters = Pick<RunningFake["stats"], "requests" | "maxInFlight" | "notModified" | "byRoute" | "byStatus">;
/** `upstream`: what each fake saw during the build; `report`: its `catalog/report.json`. */
type BuildRun = CliRun & Readonly<{ upstream: Record<Upstream, Counters>; report: BuildReport }>;

export async function bench(argv: readonly string[], { work, log }: BenchContext): Promise<void> {
  const flags = new Flags(argv, USAGE, ["packages", "latency", "search-interval", "changed"]);
  const [packages, seed, quick] = [flags.size("packages", 100_000), flags.seed, flags.quick];
  const [latencyMs, searchIntervalMs] = [flags.integer("latency", 50, 0, 10_000), flags.integer("search-interval", 500, 0, 60_000)];
  const changed = flags.integer("changed", Math.round(packages * 0.02), 0, packages);
  const [scratch, config, out] = [join(work, "scratch"), join(work, "catalog.config.json"), join(work, "site")];
  await mkdir(scratch);
  await writeFile(config, JSON.stringify(CONFIG));
  log.progress(`generating the fake world: ${packages} packages (seed ${seed}), ${latencyMs} ms latency`);
  const world = createWorld({ packages, seed });
  const fakes: Fakes = {
    registry: await startFakeRegistry({ world, latencyMs }),
    github: await startFakeGitHub({ world, latencyMs }),
    gitlab: await startFakeGitLab({ world, latencyMs }),
  };
  const hosts = { githubRepos: world.github.index.size, gitlabProjects: world.gitlab.index.size };
  const build = async (): Promise<BuildRun> => {
    const run = await fetchBuild(fakes, out, ["--config", config, "--search-interval", String(searchIntervalMs)], scratch);
    log.progress(`  ${seconds(run.ms)}, peak RSS ${run.peakRssMb.toFixed(0)} MB; ${run.stdout.split("\n").at(-1)}`);
    return run;
  };
  try {
    log.progress(`run 1: first full build into a fresh --out (--search-interval ${searchIntervalMs})`);
    const full = await build();
    log.progress(`run 2: ${bump(world, changed, seed)} packages given a new version; incremental build into the same --out`);
    const incremental = await build();
    log.progress("fault scenarios: the next day's build on troubled fakes, one build each");
    const faults = await runFaultScenarios({ packages, seed, latencyMs, quick });
    const sections = [
      runSection("Run 1: first full build (fresh --out)", "full", full, hosts.githubRepos, FULL_LIMITS),
      runSection(
        `Run 2: incremental build (${count(changed)} packages given a new version, same --out)`,
        "incremental",
        incremental,
        hosts.githubRepos,
        INCREMENTAL_LIMITS,
      ),
      faultSection(faults),
    ];
    const command =
      `--packages ${packages} --seed ${seed} --latency ${latencyMs} --search-interval ${searchIntervalMs} ` +
      `--changed ${changed}${quick ? " --quick" : ""}`;
    const report = [
      ...reportHead(log, [
        `plugin-catalog fetch bench: ${count(packages)}-package fake world, seed ${seed}${quick ? " (--quick)" : ""}; ` +
          `${latencyMs} ms a response; ${count(hosts.githubRepos)} GitHub repositories, ${count(hosts.gitlabProjects)} GitLab projects`,
      ]),
      ...renderSections(sections),
      targetSummary(sections),
      "Requests are counted by the fakes (retries included); the report's figures are the build's own catalog/report.json.",
      ...reproduce(`fetch ${command}`),
    ];
    const settings = Object.entries({ latencyMs, searchIntervalMs, changed, ...hosts }).map(([key, value]) => json(key, value));
    await publish(log, flags, packages, report, [...settings, ...sections.flatMap((section) => section.figures)]);
  } finally {
    await Promise.all(UPSTREAMS.map((name) => fakes[name].close()));
  }
}

/** `plugin-catalog build --out OUT ...args` against the fakes, their counters zeroed first and read after. */
async function fetchBuild(fakes: Fakes, out: string, args: readonly string[], scratch: string): Promise<BuildRun> {
  for (const name of UPSTREAMS) fakes[name].stats.reset();
  const urls = ["--registry", fakes.registry.url, "--github-url", fakes.github.url, "--gitlab-url", fakes.gitlab.url];
  const run = await runCli(["build", "--out", out, ...args, ...urls], scratch, { ...process.env, ...FAKE_ENV });
  // `reset` replaces the route and status maps, so these stay this build's.
  const upstream = Object.fromEntries(
    UPSTREAMS.map((name) => {
      const { requests, maxInFlight, notModified, byRoute, byStatus } = fakes[name].stats;
      return [name, { requests, maxInFlight, notModified, byRoute, byStatus }];
    }),
  ) as Record<Upstream, Counters>;
  return { ...run, upstream, report: JSON.parse(await readFile(join(out, "catalog", "report.json"), "utf8")) as BuildReport };
}

const slashed = (values: readonly number[]): string => values.map(count).join(" / ");

/** A new version of `changed` published packages, the same ones for the same world and seed; how many got one. */
function bump(world: World, changed: number, seed: number): number {
  const names = new Random(seed).sample(
    world.names().filter((name) => world.get(name)?.unpublished === undefined),
    changed,
  );
  for (const name of names) world.bumpVersion(name);
  return names.length;
}

/** A build's section, its figures under `prefix`, against `limits`. */
function runSection(title: string, prefix: string, run: BuildRun, githubRepos: number, limits: RunLimits): Section {
  const { packuments: p, retries, phasesMs, members } = run.report;
  const key = (name: string): string => `${prefix}.${name}`;
  const counted = (name: string, value: number, label: string, target?: Target): Figure =>
    shown(key(name), value, label, count(value), target);
  const [rss, total] = [round(run.peakRssMb, 1), UPSTREAMS.reduce((sum, name) => sum + run.upstream[name].requests, 0)];
  const outside = run.ms - Object.values(phasesMs).reduce((sum, ms) => sum + ms, 0);
  const perRequest = limits.reposPerGithubRequest;
  const totalTarget = limits.requests === undefined ? undefined : atMost(total, limits.requests, count(limits.requests));
  const packuments = slashed([p.fetched, p.notModified, p.reused, p.failed]);
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
      shown(key("packuments"), p, "report: packuments fetched / 304 / reused / failed", packuments),
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

/** One row per scenario; the JSON's `faults` is `runFaultScenarios`'s result as it is. */
function faultSection(faults: Record<string, FaultFigures>): Section {
  const perHost = (values: Record<string, number>): string => slashed(UPSTREAMS.map((name) => values[name] ?? 0));
  const rows = Object.entries(faults).map(([scenario, f]) =>
    shown(
      `faults.${scenario}`,
      f,
      scenario,
      `${seconds(f.wallMs)}; ${perHost(f.requests)}; ${perHost(f.retries)}; ${count(f.whileLimited)}; ${count(f.keptPrevious)}`,
    ),
  );
  const title =
    "Upstream trouble, the next day's build (--previous): wall; requests; retries (registry / GitHub / GitLab); " +
    "while limited; kept previous";
  return { title, figures: rows };
}
