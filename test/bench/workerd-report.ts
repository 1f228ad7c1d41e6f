/**
 * The workerd bench's readable tables, with the query bench's in-process
 * figures in a column of their own when `--compare` gave them.
 */
import type { InProcessFigures } from "./in-process-figures.js";
import { describeMachine } from "./machine.js";
import { QUERY_CLASSES } from "./queries.js";
import { ms, percent, renderColumns } from "./table.js";
import type { WorkerdBenchResults } from "./workerd-results.js";

const NONE = "—";

function coldTable(r: WorkerdBenchResults, inProcess: InProcessFigures | undefined): string[] {
  const c = r.cold;
  const rows: string[][] = [
    ["first unfiltered page (/api/plugins …), median", ms(c.unfilteredMs), inProcess ? ms(inProcess.coldUnfilteredMs) : NONE],
    ["first unfiltered page, max", ms(c.unfilteredMaxMs), inProcess ? ms(inProcess.coldUnfilteredMaxMs) : NONE],
    ["first q answer, median", ms(c.queryMs), inProcess ? ms(inProcess.coldQueryMs) : NONE],
    ["first q answer, max", ms(c.queryMaxMs), inProcess ? ms(inProcess.coldQueryMaxMs) : NONE],
    ["  the same request again, same instance, median", ms(c.secondRequestMs), NONE],
    ["  before each: new Miniflare → ready (not counted above), median", ms(c.readyMs), NONE],
    ["  before each: new Miniflare → ready, max", ms(c.readyMaxMs), NONE],
    ["breakdown, on another fresh instance each:", "", ""],
    ["  a static asset as the first request (no Worker), median", ms(c.assetFirstMs), NONE],
    ["  then the unfiltered page (Worker still cold), median", ms(c.unfilteredAfterAssetMs), NONE],
    ["  then the q answer (Worker still cold), median", ms(c.queryAfterAssetMs), NONE],
  ];
  const header = ["cold", "workerd", "in-process"];
  return inProcess ? renderColumns(header, rows) : renderColumns(header.slice(0, 2), rows.map((row) => row.slice(0, 2)));
}

function warmTable(r: WorkerdBenchResults, inProcess: InProcessFigures | undefined): string[] {
  const b = r.baseline;
  const rows = QUERY_CLASSES.map((kind) => [
    kind,
    ms(r.p50Ms[kind]),
    ms(r.p99Ms[kind]),
    ms(r.p50Ms[kind] - b.p50Ms),
    ms(r.maxMs[kind]),
    percent(r.nonEmptyShare[kind]),
    ...(inProcess ? [ms(inProcess.p50Ms[kind]), ms(inProcess.p99Ms[kind])] : []),
  ]);
  rows.push([`baseline: ${b.path}`, ms(b.p50Ms), ms(b.p99Ms), "0", ms(b.maxMs), NONE, ...(inProcess ? [NONE, NONE] : [])]);
  const header = ["class", "workerd p50", "workerd p99", "p50 − baseline", "workerd max", "≥ 1 plugin", ...(inProcess ? ["in-process p50", "in-process p99"] : [])];
  return renderColumns(header, rows);
}

export function renderWorkerdReport(r: WorkerdBenchResults, inProcess: InProcessFigures | undefined): string {
  const quick = r.quick ? " --quick" : "";
  const out = [
    `plugin-catalog workerd bench: ${r.plugins} plugins, seed ${r.seed}${r.quick ? " (--quick)" : ""}; the bundled Worker (lib/worker/_worker.js) in Miniflare's workerd over a real assets binding`,
    ...describeMachine(r.machine),
    "",
    `Cold start (${r.cold.samples} + ${r.cold.samples} samples, each on new Miniflare instances: a new workerd process, a fresh isolate, the shim's caches empty)`,
    ...coldTable(r, inProcess),
    "Cold is timed from `dispatchFetch` after `ready` to the first answer's last byte: Miniflare's ready (workerd start-up, script load) is excluded and shown apart;",
    "the loopback hop and the first connection to the new workerd are included. In-process cold is a fresh Node process's createShim → answer (imports excluded).",
    "",
    `Warm latency (${r.warmQueriesPerClass} queries per class and ${r.baseline.count} baseline requests, interleaved, on one instance after a warm-up; dispatchFetch → body read)`,
    ...warmTable(r, inProcess),
    "Every workerd figure includes Miniflare's loopback hop (Node → HTTP on 127.0.0.1 → workerd → back). The baseline is a static asset the assets router serves",
    "without invoking the Worker, so `p50 − baseline` is roughly the Worker's own share (shim, assets-binding reads, the Worker invocation).",
  ];
  if (inProcess) {
    out.push(`In-process figures from ${inProcess.file} (${inProcess.plugins} plugins${inProcess.plugins === r.plugins ? "" : ` — NOT the ${r.plugins} measured here`}): Request → body read, no network.`);
  }
  out.push(
    "",
    "Reproduce:",
    `  npm run bench -- workerd --plugins ${r.plugins} --seed ${r.seed}${quick}${inProcess ? ` --compare ${inProcess.file}` : ""}`,
    `  (in-process figures to compare with: npm run bench -- --plugins ${r.plugins} --seed ${r.seed}${quick} --json bench.json)`,
    "  slowest queries:",
    `    cold: ${r.cold.slowest}`,
    ...QUERY_CLASSES.map((kind) => `    warm ${kind}: ${r.slowestQuery[kind]}`),
  );
  return out.join("\n");
}
