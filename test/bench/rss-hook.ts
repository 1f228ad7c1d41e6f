/**
 * Preloaded into the CLI under test (`node --import …/rss-hook.js`): when the
 * process exits, writes its own peak resident set size (getrusage ru_maxrss,
 * in KiB on Linux) to the file named by BENCH_RSS_FILE. The kernel's own
 * high-water mark, so no sampling can miss a short peak.
 */
import { writeFileSync } from "node:fs";

const target = process.env["BENCH_RSS_FILE"];
if (target !== undefined && target !== "") {
  process.on("exit", () => writeFileSync(target, String(process.resourceUsage().maxRSS)));
}
