/**
 * The sample catalog's host (config `compatibility`): a Node-RED-like
 * package with a few hundred versions, betas before each major, and the
 * dist-tags `latest` (the newest release) and `next` (a newer beta), as the
 * build reads them from the host's packument. Deterministic: no draws.
 */
import type { Compatibility } from "../../src/snapshot/schema.js";
import { iso } from "./dates.js";

export const SAMPLE_HOST = "node-red";
export const SAMPLE_HOST_RANGES = ["node-red.version", "engines.node-red"];

export function sampleCompatibility(generatedAt: number): Compatibility {
  const versions: string[] = [];
  for (let major = 0; major <= 4; major++) {
    if (major > 0) for (let beta = 1; beta <= 3; beta++) versions.push(`${major}.0.0-beta.${beta}`);
    for (let minor = 0; minor <= (major === 0 ? 20 : 6); minor++)
      for (let patch = 0; patch <= 8; patch++) versions.push(`${major}.${minor}.${patch}`);
  }
  const latest = versions.at(-1) ?? "4.6.8";
  versions.push("5.0.0-beta.1", "5.0.0-beta.2");
  return {
    host: SAMPLE_HOST,
    ranges: [...SAMPLE_HOST_RANGES],
    // Newest first, as the build keeps them; published in this order.
    versions: versions.reverse(),
    distTags: { latest, next: "5.0.0-beta.2" },
    readAt: iso(generatedAt),
  };
}
