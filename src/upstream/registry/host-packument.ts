/**
 * The host's packument (config `compatibility`, docs/API.md#the-hosts-versions): read
 * once a build, with If-None-Match when yesterday's ETag of the same host is
 * known. When it cannot be read, yesterday's versions and dist-tags stay;
 * when they were never read, they stay absent, and the report says so.
 */
import { boundedText } from "../../core/bounds.js";
import type { Compatibility } from "../../snapshot/schema.js";
import type { CatalogConfig } from "../config.js";
import type { UpstreamClient } from "../http/client.js";
import type { BuildReport } from "../report.js";
import { fetchPackument } from "./fetch-packument.js";
import { hostVersionsOf } from "./host-versions.js";

export type HostReport = NonNullable<BuildReport["host"]>;
type Configured = NonNullable<CatalogConfig["compatibility"]>;

export async function readHostPackument(
  client: UpstreamClient,
  config: Configured,
  previous: Compatibility | undefined,
  now: () => Date,
): Promise<{ compatibility: Compatibility; report: HostReport }> {
  const base = { host: config.host, ranges: [...config.ranges] };
  // Another host's versions are no fallback for this one.
  const kept = previous?.host === config.host && previous.versions !== undefined ? previous : undefined;
  const failed = (reason: string) => fallBack(base, kept, boundedText(reason, 300));
  try {
    const answer = await fetchPackument(client, config.host, kept?.etag);
    if (answer.kind === "not-modified" && kept !== undefined) {
      const compatibility = { ...withVersions(base, kept), readAt: now().toISOString() };
      return { compatibility, report: reportOf(config.host, "unchanged", compatibility) };
    }
    if (answer.kind === "not-found" || answer.kind === "not-modified") return failed(`the registry has no package ${config.host}`);
    if (answer.kind === "malformed") return failed(answer.reason);
    const read = hostVersionsOf(answer.document);
    if ("problem" in read) return failed(read.problem);
    const compatibility: Compatibility = {
      ...base,
      versions: read.versions,
      distTags: read.distTags,
      readAt: now().toISOString(),
      ...(answer.etag === undefined ? {} : { etag: answer.etag }),
    };
    return { compatibility, report: reportOf(config.host, "read", compatibility) };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}

function fallBack(
  base: Compatibility,
  kept: Compatibility | undefined,
  reason: string,
): { compatibility: Compatibility; report: HostReport } {
  if (kept === undefined) return { compatibility: base, report: { package: base.host, outcome: "unread", versions: 0, reason } };
  const compatibility = withVersions(base, kept);
  return { compatibility, report: { ...reportOf(base.host, "kept", compatibility), reason } };
}

/** `base` with what `from` last read of the host (versions, tags, when, the validator). */
function withVersions(base: Compatibility, from: Compatibility): Compatibility {
  return {
    ...base,
    ...(from.versions === undefined ? {} : { versions: from.versions }),
    ...(from.distTags === undefined ? {} : { distTags: from.distTags }),
    ...(from.readAt === undefined ? {} : { readAt: from.readAt }),
    ...(from.etag === undefined ? {} : { etag: from.etag }),
  };
}

function reportOf(host: string, outcome: HostReport["outcome"], compatibility: Compatibility): HostReport {
  return {
    package: host,
    outcome,
    versions: compatibility.versions?.length ?? 0,
    ...(compatibility.readAt === undefined ? {} : { readAt: compatibility.readAt }),
  };
}
