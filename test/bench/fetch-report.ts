/** The fetch bench's readable table: both builds, every figure against its target. */
import type { FetchBenchResults, FetchRunFigures } from "./fetch-results.js";
import { UPSTREAMS } from "./fakes-protocol.js";
import { describeMachine } from "./machine.js";
import { atMost, renderSections, targetSummary, type Row, type Section, type Target } from "./table.js";

const FULL_WALL_MS = 180_000;
const INCREMENTAL_WALL_MS = 60_000;
const INCREMENTAL_REQUESTS = 1_000;
const REPOS_PER_GITHUB_REQUEST = 50;
const PEAK_RSS_MB = 2048;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const limit = (ms: number): string => `${ms / 1000} s`;
const count = (n: number): string => n.toLocaleString("en-US");

/** The rows both builds share; `extra` are each build's own targets. */
function runRows(r: FetchRunFigures, extra: readonly Row[]): Row[] {
  const { packuments: p, retries, phasesMs } = r;
  return [
    ...extra,
    ...UPSTREAMS.map((name): Row => ({ measure: `max in flight, ${name}`, value: count(r.maxInFlight[name]) })),
    { measure: "CLI peak RSS", value: `${r.peakRssMb.toFixed(0)} MB`, target: atMost(r.peakRssMb, PEAK_RSS_MB, `${PEAK_RSS_MB} MB`) },
    { measure: "report: packuments fetched / 304 / reused / failed", value: `${count(p.fetched)} / ${count(p.notModified)} / ${count(p.reused)} / ${count(p.failed)}` },
    { measure: "report: retries registry / GitHub / GitLab", value: `${retries.registry} / ${retries.github} / ${retries.gitlab}` },
    { measure: "report: catalog members", value: count(r.members) },
    ...Object.entries(phasesMs).map(([phase, ms]): Row => ({ measure: `report: phase ${phase}`, value: seconds(ms) })),
    { measure: "wall time outside those phases (site build, write…)", value: seconds(r.outsidePhasesMs) },
  ];
}

function requestRows(r: FetchRunFigures, githubRepos: number, githubTarget?: Target): Row[] {
  return UPSTREAMS.map((name): Row => {
    const measure = name === "github" ? `requests, github (${count(githubRepos)} repositories)` : `requests, ${name}`;
    const value = `${count(r.requests[name])}${r.notModified[name] > 0 ? ` (${count(r.notModified[name])} × 304)` : ""}`;
    return name === "github" && githubTarget !== undefined ? { measure, value, target: githubTarget } : { measure, value };
  });
}

export function fetchSections(r: FetchBenchResults): Section[] {
  const githubLimit = r.githubRepos / REPOS_PER_GITHUB_REQUEST;
  const githubTarget = atMost(r.full.requests.github, githubLimit, `${count(Math.floor(githubLimit))} (1/${REPOS_PER_GITHUB_REQUEST})`);
  const { full, incremental } = r;
  return [
    ["Run 1: first full build (fresh --out)", runRows(full, [
      { measure: "wall time", value: seconds(full.wallMs), target: atMost(full.wallMs, FULL_WALL_MS, limit(FULL_WALL_MS)) },
      ...requestRows(full, r.githubRepos, githubTarget),
      { measure: "requests, all upstreams", value: count(full.totalRequests) },
    ])],
    [`Run 2: incremental build (${count(r.changed)} packages given a new version, same --out)`, runRows(incremental, [
      { measure: "wall time", value: seconds(incremental.wallMs), target: atMost(incremental.wallMs, INCREMENTAL_WALL_MS, limit(INCREMENTAL_WALL_MS)) },
      ...requestRows(incremental, r.githubRepos),
      { measure: "requests, all upstreams", value: count(incremental.totalRequests), target: atMost(incremental.totalRequests, INCREMENTAL_REQUESTS, count(INCREMENTAL_REQUESTS)) },
    ])],
  ];
}

export function renderFetchReport(r: FetchBenchResults): string {
  const all = fetchSections(r);
  const flags = `--packages ${r.plugins} --seed ${r.seed} --latency ${r.latencyMs} --search-interval ${r.searchIntervalMs} --changed ${r.changed}`;
  return [
    `plugin-catalog fetch bench: ${count(r.plugins)}-package fake world, seed ${r.seed}${r.quick ? " (--quick)" : ""}`,
    `fakes: registry, GitHub, GitLab in one child process of their own, ${r.latencyMs} ms latency per response; ${count(r.githubRepos)} GitHub repositories, ${count(r.gitlabProjects)} GitLab projects`,
    `CLI: plugin-catalog build --config … --search-interval ${r.searchIntervalMs} (defaults otherwise), fake GITHUB_TOKEN and GITLAB_TOKEN`,
    ...describeMachine(r.machine),
    "",
    ...renderSections(all),
    targetSummary(all),
    "Requests are counted by the fakes (retries included); the report's figures are the build's own catalog/report.json. 1 MB = 2^20 bytes.",
    "",
    "Reproduce:",
    `  npm run bench -- fetch ${flags}${r.quick ? " --quick" : ""}`,
    `  (or, already compiled: node lib/test/bench/run.js fetch ${flags}${r.quick ? " --quick" : ""} --json fetch.json)`,
  ].join("\n");
}
