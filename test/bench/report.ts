/** The bench's readable table: every figure with its unit, its target and PASS/FAIL. */
import type { BenchOptions } from "./args.js";
import { describeMachine } from "./machine.js";
import { QUERY_CLASSES, Q_CLASSES, type QueryClass } from "./queries.js";
import type { BenchResults } from "./results.js";
import { atMost, mb, ms, percent, renderSections, targetSummary, type Row, type Section } from "./table.js";

const MIB = 1024 * 1024;

const P99_TARGET_MS: Record<QueryClass, number> = { default: 1, unfiltered: 1, filter: 2, q1: 5, qPrefix: 5, qFilters: 5 };

export function sections(r: BenchResults): Section[] {
  return [
    ["Build (real CLI, child process)", [
      { measure: "build wall time", value: `${(r.buildMs / 1000).toFixed(1)} s`, target: atMost(r.buildMs, 60_000, "60 s") },
      { measure: "build peak RSS", value: `${r.buildPeakRssMb.toFixed(0)} MB`, target: atMost(r.buildPeakRssMb, 2048, "2048 MB") },
    ]],
    ["Site size", [
      { measure: "files", value: `${r.siteFiles}` },
      { measure: "total, raw", value: mb(r.siteBytes) },
      { measure: "total, gzip -6", value: mb(r.siteGzipBytes) },
      { measure: `search data (${r.searchFiles} files), raw`, value: `${mb(r.searchBytes)} (${percent(r.searchBytes / r.siteBytes)})` },
      { measure: "search data, gzip -6", value: `${mb(r.searchGzipBytes)} (${percent(r.searchGzipBytes / r.siteGzipBytes)})` },
      { measure: "largest search file, raw", value: mb(r.largestSearchFileBytes) },
    ]],
    [`Cold start (fresh process per sample, ${r.coldSamples} samples)`, [
      { measure: "first unfiltered page, median", value: ms(r.coldUnfilteredMs), target: atMost(r.coldUnfilteredMs, 20, "20 ms") },
      { measure: "first unfiltered page, max", value: ms(r.coldUnfilteredMaxMs), target: atMost(r.coldUnfilteredMaxMs, 20, "20 ms") },
      { measure: "  bytes read, median", value: mb(r.coldUnfilteredBytesRead) },
      { measure: "first q answer, median", value: ms(r.coldQueryMs), target: atMost(r.coldQueryMs, 300, "300 ms") },
      { measure: "first q answer, max", value: ms(r.coldQueryMaxMs), target: atMost(r.coldQueryMaxMs, 300, "300 ms") },
      { measure: "  bytes read, all files, median", value: mb(r.coldQueryBytesRead) },
      { measure: "  search data read, median", value: mb(r.coldQuerySearchBytesRead), target: atMost(r.coldQuerySearchBytesRead, 2 * MIB, "2 MB") },
      { measure: "  search data read, max", value: mb(r.coldQuerySearchBytesReadMax), target: atMost(r.coldQuerySearchBytesReadMax, 2 * MIB, "2 MB") },
      { measure: "before each: loading the shim's modules", value: ms(r.coldImportMs) },
      { measure: "before each: Node's lazy Fetch API + WebCrypto", value: ms(r.coldRuntimeInitMs) },
    ]],
    [`Warm in-process latency (${r.warmQueriesPerClass} queries per class, Request → body read)`, [
      ...QUERY_CLASSES.flatMap((kind): Row[] => [
        { measure: `${kind} p50`, value: ms(r.p50Ms[kind]) },
        { measure: `${kind} p99`, value: ms(r.p99Ms[kind]), target: atMost(r.p99Ms[kind], P99_TARGET_MS[kind], `${P99_TARGET_MS[kind]} ms`) },
        { measure: `${kind} max  (answers with ≥ 1 plugin: ${percent(r.nonEmptyShare[kind])})`, value: ms(r.maxMs[kind]) },
      ]),
      { measure: "read from disk during the timed run", value: mb(r.warmBytesRead) },
      { measure: "GC pauses during the timed run", value: `${r.warmGc.count}, ${r.warmGc.totalMs.toFixed(0)} ms in all, longest ${r.warmGc.longestMs.toFixed(1)} ms` },
    ]],
    ["Memory (shim in its own process, after gc)", [
      { measure: `JS heap + ArrayBuffers after all ${r.heapQueries + r.warmQueriesPerClass * QUERY_CLASSES.length} queries`, value: `${r.heapMb.toFixed(1)} MB`, target: { text: "< 128 MB", pass: r.heapMb < 128 } },
      { measure: "  of which ArrayBuffers (records, bitsets)", value: `${r.heapArrayBuffersMb.toFixed(1)} MB` },
      { measure: "  of which before the shim existed", value: `${r.heapBaselineMb.toFixed(1)} MB` },
    ]],
    ["HTTP on loopback (serveSite, autocannon)", [
      { measure: "/api/plugins", value: `${r.httpRps.default.toFixed(0)} req/s (p99 ${r.httpP99Ms.default} ms)` },
      { measure: "q, rotating type-ahead queries", value: `${r.httpRps.q.toFixed(0)} req/s (p99 ${r.httpP99Ms.q} ms)` },
    ]],
  ];
}

export function renderReport(r: BenchResults, options: BenchOptions): string {
  const all = sections(r);
  const out: string[] = [
    `plugin-catalog bench: ${r.plugins} plugins, seed ${r.seed}${r.quick ? " (--quick)" : ""}`,
    ...describeMachine(r.machine),
    "",
    ...renderSections(all),
    targetSummary(all),
  ];
  out.push(`q classes: ${Q_CLASSES.join(", ")}. 1 MB = 2^20 bytes. The exit code reports broken runs only, not missed targets.`);
  out.push("", "Reproduce:", `  npm run bench -- --plugins ${options.plugins} --seed ${options.seed}${options.quick ? " --quick" : ""}`);
  out.push(`  (or, already compiled: node lib/test/bench/run.js --plugins ${options.plugins} --seed ${options.seed}${options.quick ? " --quick" : ""} --json bench.json)`);
  out.push("  slowest queries, to replay one (node lib/src/cli/main.js query DIR 'q=…'):");
  out.push(`    cold q: ${r.coldQuerySlowest}`);
  for (const kind of QUERY_CLASSES) out.push(`    warm ${kind}: ${r.slowestQuery[kind]}`);
  return out.join("\n");
}
