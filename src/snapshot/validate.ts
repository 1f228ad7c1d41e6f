/** Parsing a snapshot's text into a typed, checked `CatalogSnapshot`. */
import type { z } from "zod";
import { boundedPlugin } from "./bounded-plugin.js";
import { type CatalogSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, snapshotSchema } from "./schema.js";

export class SnapshotError extends Error {
  override name = "SnapshotError";
}

const MAX_LISTED_PROBLEMS = 5;

/**
 * @throws SnapshotError naming the bad record (index and slug) and field.
 * @example parseSnapshot(await readFile("catalog.snapshot.json", "utf8"), "catalog.snapshot.json")
 */
export function parseSnapshot(text: string, source: string): CatalogSnapshot {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  checkFormat(data, source);
  const result = snapshotSchema.safeParse(data);
  if (result.success) return { ...result.data, plugins: result.data.plugins.map(boundedPlugin) };
  throw new SnapshotError(`${source} is not a valid catalog snapshot: ${describeIssues(result.error.issues, data)}`);
}

function checkFormat(data: unknown, source: string): void {
  const header = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  if (header["format"] !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(`${source} is not a catalog snapshot: "format" must be "${SNAPSHOT_FORMAT}"`);
  }
  if (header["formatVersion"] !== SNAPSHOT_VERSION) {
    throw new SnapshotError(
      `${source} has snapshot formatVersion ${JSON.stringify(header["formatVersion"])}; this version of plugin-catalog reads formatVersion ${SNAPSHOT_VERSION}`,
    );
  }
}

function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): string {
  const listed = issues.slice(0, MAX_LISTED_PROBLEMS).map((issue) => `${describePath(issue.path, data)}: ${issue.message}`);
  const more = issues.length - listed.length;
  return listed.join("; ") + (more > 0 ? `; and ${more} more problem${more === 1 ? "" : "s"}` : "");
}

/** `["plugins", 3, "totalStars"]` → `plugins[3] (slug "foo").totalStars`. */
function describePath(path: readonly PropertyKey[], data: unknown): string {
  let text = "";
  let node: unknown = data;
  for (const key of path) {
    text += typeof key === "number" ? `[${key}]` : `${text === "" ? "" : "."}${String(key)}`;
    node = typeof node === "object" && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === "number" && path[0] === "plugins" && text.startsWith("plugins[") && !text.includes(".")) {
      const slug = typeof node === "object" && node !== null ? (node as Record<string, unknown>)["slug"] : undefined;
      if (typeof slug === "string") text += ` (slug ${JSON.stringify(slug)})`;
    }
  }
  return text === "" ? "the file" : text;
}
