#!/usr/bin/env node
/** The `plugin-catalog` executable. */
import { readFileSync } from "node:fs";
import { processIo } from "./io.js";
import { run } from "./program.js";

const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
process.exitCode = await run(process.argv.slice(2), processIo, version);
