/**
 * Display-name paths (docs/API.md#configuration): where in the latest
 * manifest a plugin's display name is kept. A path is dotted — Signal K
 * plugins keep theirs at `signalk.displayName` — and the first path that
 * gives a non-empty string wins. Pure, so the rules are property-tested.
 */
import { cleanText } from "../../core/bounds.js";

/** Every ecosystem without its own convention uses the top-level field. */
export const DEFAULT_DISPLAY_NAME_PATHS: readonly string[] = ["displayName"];

/**
 * The keys of a dotted path, or undefined when it is no path: empty, an empty
 * key (`a..b`, `.a`, `a.`), or white space inside (no manifest key has any,
 * so it can only be a typing mistake).
 */
export function parseDisplayNamePath(path: string): string[] | undefined {
  const keys = path.split(".");
  return keys.every((key) => /^[^\s.]+$/.test(key)) ? keys : undefined;
}

/**
 * The first path that gives a string with more than white space once cleaned (`cleanText`), as written but cleaned;
 * else undefined.
 */
export function displayNameAt(manifest: unknown, paths: readonly string[]): string | undefined {
  for (const path of paths) {
    const value = valueAtPath(manifest, path);
    const name = typeof value === "string" ? cleanText(value) : "";
    if (name.trim() !== "") return name;
  }
  return undefined;
}

/** The value at a dotted path (`parseDisplayNamePath`'s rules) in `root`; undefined when the path is none or leads nowhere. */
export function valueAtPath(root: unknown, path: string): unknown {
  return valueAt(root, parseDisplayNamePath(path) ?? []);
}

/** Own properties only: `constructor.name` must not read "Object" off the prototype. */
function valueAt(root: unknown, keys: readonly string[]): unknown {
  if (keys.length === 0) return undefined;
  let value = root;
  for (const key of keys) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
