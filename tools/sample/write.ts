/**
 * Writing a sample snapshot to disk. Small catalogs are written pretty, for
 * reading and diffing; large ones compact and streamed plugin by plugin, so
 * a 20,000-plugin file never exists as one string in memory.
 */
import { Buffer } from "node:buffer";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { DEFAULT_GENERATED_AT } from "./dates.js";
import { generatePlugins, generateSnapshot, type SampleOptions, snapshotHeader } from "./generate.js";

export interface WriteResult {
  plugins: number;
  bytes: number;
}

/**
 * Writes the snapshot for `options` to `file` (replacing it only once it is
 * complete). Compact output is exactly `JSON.stringify(generateSnapshot(options))`;
 * pretty output is the same with a 2-space indent.
 */
export async function writeSampleSnapshot(file: string, options: SampleOptions, pretty: boolean): Promise<WriteResult> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { encoding: "utf8", highWaterMark: 1 << 20 });
  let bytes = 0;
  let plugins = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  try {
    if (pretty) {
      const snapshot = generateSnapshot(options);
      plugins = snapshot.plugins.length;
      await write(`${JSON.stringify(snapshot, null, 2)}\n`);
    } else {
      await write(`${JSON.stringify(snapshotHeader(options.generatedAt ?? DEFAULT_GENERATED_AT)).slice(0, -1)},"plugins":[`);
      for (const plugin of generatePlugins(options)) {
        await write(`${plugins === 0 ? "" : ","}${JSON.stringify(plugin)}`);
        plugins++;
      }
      await write("]}");
    }
    out.end();
    await once(out, "finish");
    await rename(partial, file);
    return { plugins, bytes };
  } catch (error) {
    out.destroy();
    // The stream opens its file asynchronously: removed before that open completes, the file would reappear.
    if (!out.closed) await once(out, "close");
    await rm(partial, { force: true });
    throw error;
  }
}
