/**
 * Progress for long steps: a bar on a terminal (cli-progress), and on a
 * non-terminal (CI logs) one plain line every few seconds instead of a bar
 * that would print a line per tick.
 */
import { Presets, SingleBar } from "cli-progress";
import type { Progress } from "../upstream/progress.js";
import type { CliIo } from "./io.js";

const LINE_INTERVAL_MS = 5_000;

export function createProgress(io: CliIo, now: () => number = Date.now): Progress {
  return io.isTTY ? barProgress(io) : lineProgress(io, now);
}

function barProgress(io: CliIo): Progress {
  let bar: SingleBar | undefined;
  const stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return {
    phase(name, total) {
      stop();
      bar = new SingleBar(
        { format: `${name.padEnd(12)} [{bar}] {value}/{total} {eta_formatted}`, stream: process.stderr, clearOnComplete: false },
        Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    advance: (by = 1) => bar?.increment(by),
    log(line) {
      stop();
      io.stderr(`${line}\n`);
    },
    done: stop,
  };
}

function lineProgress(io: CliIo, now: () => number): Progress {
  let name = "";
  let total = 0;
  let value = 0;
  let lastLine = 0;
  const print = () => {
    io.stderr(`${name}: ${value}/${total}\n`);
    lastLine = now();
  };
  return {
    phase(next, size) {
      name = next;
      total = size;
      value = 0;
      print();
    },
    advance(by = 1) {
      value += by;
      if (now() - lastLine >= LINE_INTERVAL_MS || value === total) print();
    },
    log: (line) => io.stderr(`${line}\n`),
    done() {},
  };
}
