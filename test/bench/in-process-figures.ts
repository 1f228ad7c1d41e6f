/**
 * The query bench's in-process figures, read back from its `--json` file
 * (`npm run bench -- --json FILE`) to print next to another bench's.
 */
import { readFile } from "node:fs/promises";
import { QUERY_CLASSES, type QueryClass } from "./queries.js";

export interface InProcessFigures {
  readonly file: string;
  readonly plugins: number;
  readonly coldUnfilteredMs: number;
  readonly coldUnfilteredMaxMs: number;
  readonly coldQueryMs: number;
  readonly coldQueryMaxMs: number;
  readonly p50Ms: Record<QueryClass, number>;
  readonly p99Ms: Record<QueryClass, number>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

function numberAt(data: Json, key: string, file: string): number {
  const value = data[key];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`${file}: "${key}" is not a number; is it the --json of the query bench (npm run bench -- --json FILE)?`);
  return value;
}

function byClass(data: Json, key: string, file: string): Record<QueryClass, number> {
  const value = data[key];
  if (!isObject(value)) throw new Error(`${file}: "${key}" is not an object of query classes`);
  return Object.fromEntries(QUERY_CLASSES.map((kind) => [kind, numberAt(value, kind, `${file} ${key}`)])) as Record<QueryClass, number>;
}

export async function readInProcessFigures(file: string): Promise<InProcessFigures> {
  const data: unknown = JSON.parse(await readFile(file, "utf8"));
  if (!isObject(data)) throw new Error(`${file}: not a JSON object`);
  return {
    file,
    plugins: numberAt(data, "plugins", file),
    coldUnfilteredMs: numberAt(data, "coldUnfilteredMs", file),
    coldUnfilteredMaxMs: numberAt(data, "coldUnfilteredMaxMs", file),
    coldQueryMs: numberAt(data, "coldQueryMs", file),
    coldQueryMaxMs: numberAt(data, "coldQueryMaxMs", file),
    p50Ms: byClass(data, "p50Ms", file),
    p99Ms: byClass(data, "p99Ms", file),
  };
}
