/**
 * The packument phase: for each listed package, the record it contributes,
 * reading as little as possible. An unchanged package (same version, same
 * document modification time as yesterday) reuses yesterday's record with no
 * request; a package with a known ETag is asked conditionally.
 */
import { BOUNDS, boundedText } from "../core/bounds.js";
import type { ExcludedPackage, SnapshotPlugin } from "../snapshot/schema.js";
import type { UpstreamClient } from "./http/client.js";
import { type DerivationRules, derivePackage, type PackageRecord } from "./registry/derive-package.js";
import { fetchPackument } from "./registry/fetch-packument.js";
import type { ListedPackage } from "./registry/listing.js";
import type { BuildReport } from "./report.js";

export interface Member {
  readonly record: PackageRecord;
  readonly etag: string | undefined;
  readonly modified: string | undefined;
  readonly fetchedAt: string;
  /** Today's read failed: this is yesterday's record, served as stale. */
  readonly stale?: true;
}

export interface Yesterday {
  readonly plugins: ReadonlyMap<string, SnapshotPlugin>;
  /** Yesterday's records were derived by today's rules (the same display-name and host-range paths): unchanged ones may be reused. */
  readonly recordsReusable: boolean;
  readonly excluded: ReadonlyMap<string, ExcludedPackage>;
}

/** What reading one member needs besides the package. */
export interface ReadContext {
  readonly client: UpstreamClient;
  readonly report: BuildReport;
  readonly now: () => Date;
  readonly derive: DerivationRules;
}

export async function readMembers(
  listed: readonly ListedPackage[],
  previous: Yesterday,
  context: ReadContext,
  onDone: () => void,
): Promise<{ members: Member[]; excluded: ExcludedPackage[] }> {
  const { report } = context;
  const excluded: ExcludedPackage[] = [];
  const members = await Promise.all(
    listed.map(async (pkg) => {
      try {
        const stillExcluded = previous.excluded.get(pkg.name);
        if (stillExcluded !== undefined && stillExcluded.version === pkg.version && stillExcluded.modified === pkg.updated) {
          report.excluded[stillExcluded.reason]++;
          excluded.push(stillExcluded);
          return undefined;
        }
        const member = await readMember(pkg, previous.recordsReusable ? previous.plugins.get(pkg.name) : undefined, context);
        if (typeof member === "string") {
          if (pkg.updated !== undefined) excluded.push({ npmName: pkg.name, version: pkg.version, modified: pkg.updated, reason: member });
          return undefined;
        }
        return member;
      } catch (error) {
        // Retries are spent: one unreadable package must not sink the build.
        return keepPrevious(pkg, previous.plugins.get(pkg.name), report, error);
      } finally {
        onDone();
      }
    }),
  );
  return { members: members.filter((member): member is Member => member !== undefined), excluded };
}

/** A member, nothing (not found, malformed), or why it is excluded. */
async function readMember(
  pkg: ListedPackage,
  before: SnapshotPlugin | undefined,
  context: ReadContext,
): Promise<Member | ExcludedPackage["reason"] | undefined> {
  const { client, report, now } = context;
  // A record without today's facts (an older snapshot wrote it) is read again once, whatever its validators say.
  const kept = before === undefined ? undefined : recordOf(before);
  const reusable = kept !== undefined && hasFacts(kept) ? kept : undefined;
  if (reusable !== undefined && before?.version === pkg.version && pkg.updated !== undefined && before.registry?.modified === pkg.updated) {
    report.packuments.reused++;
    return {
      record: reusable,
      etag: before.registry?.etag,
      modified: pkg.updated,
      fetchedAt: before.registry?.fetchedAt ?? now().toISOString(),
    };
  }
  const answer = await fetchPackument(client, pkg.name, reusable === undefined ? undefined : before?.registry?.etag);
  if (answer.kind === "not-modified" && reusable !== undefined) {
    report.packuments.notModified++;
    return { record: reusable, etag: before?.registry?.etag, modified: pkg.updated, fetchedAt: now().toISOString() };
  }
  if (answer.kind === "not-found" || answer.kind === "not-modified") {
    report.excluded.notFound++;
    return undefined;
  }
  report.packuments.fetched++;
  if (answer.kind === "malformed") return skipMalformed(report, pkg.name, answer.reason);
  const derived = derivePackage(answer.document, context.derive, now().getTime());
  // The record is keyed by the name it gives: one naming another member would put two records under one name and slug.
  if (derived.kind === "member" && derived.record.npmName !== pkg.name)
    return skipMalformed(report, pkg.name, `the packument is named ${JSON.stringify(boundedText(derived.record.npmName, 80))}`);
  if (derived.kind === "member")
    return {
      record: derived.record,
      etag: answer.etag,
      modified: pkg.updated ?? modifiedOf(answer.document),
      fetchedAt: now().toISOString(),
    };
  if (derived.kind === "malformed") return skipMalformed(report, pkg.name, derived.reason);
  report.excluded[derived.kind]++;
  return derived.kind;
}

function keepPrevious(pkg: ListedPackage, before: SnapshotPlugin | undefined, report: BuildReport, error: unknown): Member | undefined {
  const record = before === undefined ? undefined : recordOf(before);
  report.packuments.failed++;
  noteProblem(report, pkg.name, `unreadable today: ${error instanceof Error ? error.message : String(error)}`);
  if (record === undefined || before === undefined) return undefined;
  const fetchedAt = before.registry?.fetchedAt ?? before.updatedAt;
  return { record, etag: before.registry?.etag, modified: before.registry?.modified, fetchedAt, stale: true };
}

export function skipMalformed(report: BuildReport, name: string, reason: string): undefined {
  report.skippedMalformed++;
  noteProblem(report, name, reason);
  return undefined;
}

/** The report's list of packages and why: the first hundred, names and reasons cut to a size. */
function noteProblem(report: BuildReport, name: string, reason: string): void {
  if (report.malformed.length < 100) report.malformed.push({ name: boundedText(name, BOUNDS.npmName), reason: boundedText(reason, 300) });
}

function modifiedOf(document: unknown): string | undefined {
  const modified = (document as { time?: { modified?: unknown } } | null)?.time?.modified;
  // A validator compared with the search listing's, never shown: a long one is no date the registry wrote.
  return typeof modified === "string" && modified.length <= 64 ? modified : undefined;
}

/** The facts a build of today derives: a record without them is not reused while its package is unchanged. */
function hasFacts(record: PackageRecord): boolean {
  return record.releases !== undefined && record.engines !== undefined && record.trust !== undefined;
}

/** Yesterday's record, when the snapshot kept everything needed to rebuild it (the facts of today's builds may be absent). */
function recordOf(plugin: SnapshotPlugin): PackageRecord | undefined {
  const registry = plugin.registry;
  if (registry?.npmLogins === undefined || registry.mirrorRefs === undefined) return undefined;
  return {
    ...(plugin.releases === undefined ? {} : { releases: plugin.releases }),
    ...(plugin.engines === undefined ? {} : { engines: plugin.engines }),
    ...(plugin.trust === undefined ? {} : { trust: plugin.trust }),
    npmName: plugin.npmName,
    name: plugin.name,
    description: plugin.description,
    version: plugin.version,
    license: plugin.license,
    homepage: plugin.homepage,
    publishedAt: plugin.publishedAt,
    updatedAt: plugin.updatedAt,
    tags: plugin.tags,
    readme: plugin.readme,
    readmeCut: plugin.readmeCut === true,
    npmLogins: registry.npmLogins,
    mirrors: registry.mirrorRefs,
  };
}
