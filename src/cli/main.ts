#!/usr/bin/env node
/** The `plugin-catalog` executable. */
import { readFileSync } from "node:fs";
import { processIo, redactSecrets } from "./io.js";
import { run } from "./program.js";

const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
const io = { ...processIo, stdout: redactSecrets(processIo.stdout, process.env), stderr: redactSecrets(processIo.stderr, process.env) };
process.exitCode = await run(process.argv.slice(2), io, version, process.env);
