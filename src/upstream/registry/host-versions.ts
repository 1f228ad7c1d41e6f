/**
 * The host's versions and dist-tags from its packument (docs/API.md#the-hosts-versions):
 * what `compat` accepts. Pure and bounded: the host's packument is as
 * untrusted as any, so its versions are capped in number (the newest by
 * `time`) and length, and its tags in number.
 */
import { BOUNDS, cleanText, isLongerThan } from "../../core/bounds.js";
import { fieldsOf } from "../fields.js";
import { timeOf } from "./dates.js";
import { compareReleases, Release } from "./releases.js";
import { TopK } from "./top-k.js";

/** The most versions kept: far more than any host has published (node-red: a few hundred). */
export const HOST_VERSIONS = 10_000;
/** The most dist-tags kept. */
export const HOST_TAGS = 100;

export interface HostVersions {
  /** Newest first by publication time (an undated one after every dated one), ties by version (version-order.ts). */
  readonly versions: string[];
  /** Tag → version, only tags whose version is in `versions`, in the packument's order. */
  readonly distTags: Record<string, string>;
}

/**
 * @returns the versions and tags, or why the document gives none
 */
export function hostVersionsOf(packument: unknown): HostVersions | { readonly problem: string } {
  const doc = fieldsOf(packument);
  const versions = doc["versions"];
  if (typeof versions !== "object" || versions === null || Array.isArray(versions))
    return { problem: "the packument has no versions object (unpublished, or not a packument)" };
  const time = fieldsOf(doc["time"]);
  const newest = new TopK<Release>(HOST_VERSIONS, compareReleases);
  for (const version of Object.keys(versions)) {
    // A version is compared exactly as written: one that cleaning would change, or too long to show, is skipped, not cut.
    if (version === "" || cleanText(version) !== version || isLongerThan(version, BOUNDS.version)) continue;
    const at = Object.hasOwn(time, version) ? timeOf(time[version]) : undefined;
    newest.push(new Release(version, at ?? Number.NEGATIVE_INFINITY));
  }
  const kept = newest.sorted().map((release) => release.version);
  return { versions: kept, distTags: distTagsOf(doc["dist-tags"], new Set(kept)) };
}

function distTagsOf(value: unknown, versions: ReadonlySet<string>): Record<string, string> {
  const fields = fieldsOf(value);
  const tags: [string, string][] = [];
  // for…in stops at the cap: a million tags are not all copied out first.
  for (const tag in fields) {
    if (tags.length >= HOST_TAGS) break;
    if (!Object.hasOwn(fields, tag)) continue;
    const version = fields[tag];
    // "__proto__" would be no own key of the object written: no registry allows such a tag anyway.
    const plain = tag !== "" && tag !== "__proto__" && cleanText(tag) === tag && !isLongerThan(tag, BOUNDS.version);
    if (plain && typeof version === "string" && versions.has(version)) tags.push([tag, version]);
  }
  return Object.fromEntries(tags);
}
