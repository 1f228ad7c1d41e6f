/** Preloaded into the CLI under test: at exit, its peak RSS (ru_maxrss in KiB, the kernel's high-water mark) into BENCH_RSS_FILE. */
import { writeFileSync } from "node:fs";

const target = process.env["BENCH_RSS_FILE"];
if (target) process.on("exit", () => writeFileSync(target, String(process.resourceUsage().maxRSS)));
