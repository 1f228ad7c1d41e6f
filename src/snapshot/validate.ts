/** Parsing a snapshot's text into a typed, checked `CatalogSnapshot`. */
import type { z } from "zod";
import { boundedPlugin } from "./bounded-plugin.js";
import {
  type CatalogSnapshot,
  catalogIssues,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type SnapshotPlugin,
  snapshotHeaderSchema,
  snapshotPluginSchema,
} from "./schema.js";

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
  const issues: Issue[] = [];
  const { plugins: rawPlugins, ...rawHeader } = data as Record<string, unknown>;
  const header = snapshotHeaderSchema.safeParse(rawHeader);
  // One at a time: a header's arrays (categories, host versions) are data-sized, and so may be its issues.
  if (!header.success) for (const issue of header.error.issues) issues.push(issue);
  const plugins = Array.isArray(rawPlugins) ? parsePlugins(rawPlugins, issues) : [];
  if (!Array.isArray(rawPlugins)) issues.push({ path: ["plugins"], message: "must be an array of plugin records" });
  if (issues.length === 0) catalogIssues(plugins, (path, message) => issues.push({ path, message }));
  if (header.success && issues.length === 0) return { ...header.data, plugins: plugins.map(boundedPlugin) };
  throw new SnapshotError(`${source} is not a valid catalog snapshot: ${describeIssues(issues, { plugins: rawPlugins })}`);
}

type Issue = Pick<z.core.$ZodIssue, "path" | "message">;

/**
 * Checks the records one at a time and drops each raw record once read, so a large catalog
 * is never held twice (raw and parsed) at once; a bad record's slug stays for its message.
 */
function parsePlugins(raw: unknown[], issues: Issue[]): SnapshotPlugin[] {
  const plugins: SnapshotPlugin[] = [];
  for (let index = 0; index < raw.length; index++) {
    const result = snapshotPluginSchema.safeParse(raw[index]);
    if (result.success) {
      plugins.push(result.data);
      raw[index] = { slug: result.data.slug };
    } else {
      for (const issue of result.error.issues) issues.push({ path: ["plugins", index, ...issue.path], message: issue.message });
    }
  }
  return plugins;
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

function describeIssues(issues: readonly Issue[], data: unknown): string {
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
