/**
 * Writes every plugin's detail into `DetailFile`s (core/site-format.ts): by
 * slug hash, each body deflated on its own, whole details cut into files of
 * at most a byte budget, each file handed on as soon as it is complete so
 * that the build never holds more than one.
 */
import { deflateSync } from "node:zlib";
import { compareCodeUnits } from "../../core/order.js";
import { DETAIL_HASH_DIGITS, type DetailFiles, slugHash } from "../../core/site-format.js";
import type { SnapshotPlugin } from "../../snapshot/schema.js";
import { type AddFile, writeSeries } from "../file-series.js";
import { type DetailContext, detailContext, pluginDetail } from "./plugin-detail.js";

const encoder = new TextEncoder();

interface DetailEntry {
  readonly hash: number;
  readonly deflated: Uint8Array;
  /** The body's UTF-8 length. */
  readonly length: number;
}

/** Bytes per detail in a file's table: its hash, where its body ends, its inflated length. */
const TABLE_BYTES_PER_DETAIL = 12;

export function writeDetailFiles(add: AddFile, plugins: readonly SnapshotPlugin[], builtAt: string, fileBytes: number): DetailFiles {
  const context = detailContext(plugins, builtAt);
  const placed = plugins
    .map((plugin) => ({ plugin, hash: slugHash(plugin.slug) }))
    .sort((a, b) => a.hash - b.hash || compareCodeUnits(a.plugin.slug, b.plugin.slug));
  const firsts: string[] = [];
  const files = writeSeries(
    add,
    "details",
    detailFiles(placed, context, fileBytes, (hash) => firsts.push(hexHash(hash))),
  );
  return { files, firsts: firsts.join("") };
}

/** The files in order; `started` is told each file's first hash. */
function* detailFiles(
  placed: readonly { readonly plugin: SnapshotPlugin; readonly hash: number }[],
  context: DetailContext,
  fileBytes: number,
  started: (hash: number) => void,
): Generator<Uint8Array> {
  let batch: DetailEntry[] = [];
  let batchBytes = 4;
  for (const { plugin, hash } of placed) {
    const entry = detailEntry(plugin, hash, context);
    const bytes = TABLE_BYTES_PER_DETAIL + entry.deflated.byteLength;
    const last = batch.at(-1);
    // A file holds at least one detail, and a hash's details are all in one file: the shim looks in one.
    if (last !== undefined && last.hash !== hash && batchBytes + bytes > fileBytes) {
      yield encodeDetailFile(batch);
      [batch, batchBytes] = [[], 4];
    }
    if (batch.length === 0) started(hash);
    batch.push(entry);
    batchBytes += bytes;
  }
  if (batch.length > 0) yield encodeDetailFile(batch);
}

function detailEntry(plugin: SnapshotPlugin, hash: number, context: DetailContext): DetailEntry {
  const json = encoder.encode(JSON.stringify(pluginDetail(plugin, context)));
  return { hash, deflated: deflateSync(json, { level: 9 }), length: json.byteLength };
}

function encodeDetailFile(entries: readonly DetailEntry[]): Uint8Array {
  const n = entries.length;
  const bodiesStart = 4 + TABLE_BYTES_PER_DETAIL * n;
  const bytes = new Uint8Array(bodiesStart + entries.reduce((sum, entry) => sum + entry.deflated.byteLength, 0));
  const view = new DataView(bytes.buffer);
  const word = (index: number, value: number) => view.setUint32(4 * index, value, true);
  word(0, n);
  let end = 0;
  entries.forEach((entry, i) => {
    bytes.set(entry.deflated, bodiesStart + end);
    end += entry.deflated.byteLength;
    word(1 + i, entry.hash);
    word(1 + n + i, end);
    word(1 + 2 * n + i, entry.length);
  });
  return bytes;
}

const hexHash = (hash: number): string => hash.toString(16).padStart(DETAIL_HASH_DIGITS, "0");
