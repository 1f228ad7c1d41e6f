/**
 * One timed answer, from the request's construction to its last body byte (read as bytes, as a server would send it:
 * parsing it here would charge the bench's own garbage to later answers), what the shim read, answers per class.
 */
import { bodyBytes } from "../../src/runtime/node/fetch-bridge.js";
import type { SiteReader } from "../../src/shim/index.js";
import { type Figure, json, msFigure, percent, percentile, round } from "./figures.js";

/** `cpuMs`: the CPU the workerd process spent meanwhile (none in-process). */
export type TimedAnswer = { readonly ms: number; readonly status: number; readonly body: Uint8Array; readonly cpuMs?: number };
export type TimedQuery = { readonly kind: string; readonly path: string };

/** The body is read as `serve` sends it (`bodyBytes`): no copy of a body of one chunk. */
export async function timed(send: () => Promise<Response>): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await send();
  const body = (await bodyBytes(response)) ?? new Uint8Array(0);
  return { ms: performance.now() - started, status: response.status, body };
}

const decoder = new TextDecoder();

/** Every answer a bench times must be a 200: a fast error is no result. */
export function checkOk<T extends TimedAnswer>(answer: T, path: string): T {
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${decoder.decode(answer.body.subarray(0, 300))}`);
  return answer;
}

/**
 * The `total` of a 200 API body, read from its first key (docs/API.md#listing-response fixes the key order); a
 * plugin's detail, which starts with its slug, is one plugin.
 */
export function totalOf(body: Uint8Array): number {
  const head = decoder.decode(body.subarray(0, 32));
  if (head.startsWith('{"slug":"')) return 1;
  const total = /^\{"total":(\d+),/.exec(head)?.[1];
  if (total === undefined) throw new Error(`answer does not start with a numeric total: ${head}`);
  return Number(total);
}

/** Search data: the postings the shim searches (`catalog/data/postings*`) and the Lunr index for others (`…/search*`). */
export const isSearchFile = (path: string): boolean => /(?:^|\/)catalog\/data\/(?:postings|search)[^/]*$/.test(path.replaceAll("\\", "/"));
export type ReadCounts = { bytes: number; searchBytes: number };

/** A reader that counts what the shim read, so that a cold start can be held to its budget. */
export function countingReader(inner: SiteReader): { reader: SiteReader; counts: ReadCounts } {
  const counts = { bytes: 0, searchBytes: 0 };
  const read: SiteReader["read"] = async (path) => {
    const bytes = await inner.read(path);
    if (bytes === null) return null;
    counts.bytes += bytes.byteLength;
    if (isSearchFile(path)) counts.searchBytes += bytes.byteLength;
    return bytes;
  };
  return { counts, reader: { read } };
}

/** One class's answers: times, CPU inside workerd (none in-process), how many had a plugin, the slowest to replay. */
export type ClassTally = { readonly ms: number[]; readonly cpuMs: number[]; nonEmpty: number; slowest: { path: string; ms: number } };
/** The timed queries in turn, each answer's figures tallied under its class (`cpuMs` where `ask` measured one). */
export async function tally(kinds: readonly string[], timed: readonly TimedQuery[], ask: (path: string) => Promise<TimedAnswer>) {
  const byClass: Record<string, ClassTally> = Object.fromEntries(
    kinds.map((kind) => [kind, { ms: [], cpuMs: [], nonEmpty: 0, slowest: { path: "", ms: -1 } }]),
  );
  for (const { kind, path } of timed) {
    const answer = await ask(path);
    const into = byClass[kind]!;
    into.ms.push(answer.ms);
    if (answer.cpuMs !== undefined) into.cpuMs.push(answer.cpuMs);
    if (answer.ms > into.slowest.ms) into.slowest = { path, ms: answer.ms };
    if (path.startsWith("/api/") && totalOf(answer.body) > 0) into.nonEmpty++;
  }
  return byClass;
}

export const nonEmptyShare = ({ ms, nonEmpty }: ClassTally): number => round(ms.length === 0 ? 0 : nonEmpty / ms.length);

/** Per class: p50, p99 (against `p99Targets`, ms, where it has one), max, the share of answers with a plugin, the slowest query. */
export function latencyFigures(tally: Record<string, ClassTally>, classes: readonly string[], p99Targets: Record<string, number> = {}) {
  return classes.flatMap((kind): Figure[] => {
    const [p50, p99, max] = [50, 99, 100].map((p) => round(percentile(tally[kind]!.ms, p))) as [number, number, number];
    const share = nonEmptyShare(tally[kind]!);
    return [
      msFigure(`p50Ms.${kind}`, p50, `${kind} p50`),
      msFigure(`p99Ms.${kind}`, p99, `${kind} p99`, p99Targets[kind]),
      msFigure(`maxMs.${kind}`, max, `${kind} max  (answers with ≥ 1 plugin: ${percent(share)})`),
      json(`nonEmptyShare.${kind}`, share),
      json(`slowestQuery.${kind}`, tally[kind]!.slowest.path),
    ];
  });
}
