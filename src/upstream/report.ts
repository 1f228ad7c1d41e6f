/**
 * The build report: what the fetch found, skipped, retried, waited for and
 * kept. Printed, written into the site (and with `--report` to a file), and
 * summarized again by `plugin-catalog report` for the CI run's page. Its
 * shape is a schema so a report file written by an older build still reads
 * (fields it lacks take their empty values).
 */
import { z } from "zod";
import { describeBytes } from "./http/errors.js";
import type { Platform } from "./mirrors/parse.js";

export type Upstream = "registry" | Platform;

const count = z.number().int().nonnegative().default(0);
const countPerUpstream = z.object({ registry: count, github: count, gitlab: count }).prefault({});
const pauses = z.object({ pauses: count, pausedMs: count }).prefault({});
const mirrorTally = z
  .object({
    found: count,
    missing: count,
    /** Could not be read today; last known counts kept. */
    keptPrevious: count,
    /** Could not be read today and never read before: counted 0. */
    unreadNoPrevious: count,
    /**
     * Found, but some facts (URL, archived, open issues, last push, default branch) were not given well-formed today
     * (open issues are never read over GitHub's REST): yesterday's values kept where known.
     */
    partial: count,
  })
  .prefault({});

export const buildReportSchema = z.object({
  startedAt: z.string(),
  members: count,
  listed: count,
  excluded: z.object({ config: count, deprecated: count, unpublished: count, notFound: count }).prefault({}),
  skippedMalformed: count,
  malformed: z.array(z.object({ name: z.string(), reason: z.string() })).default([]),
  cappedKeywords: z.array(z.object({ keyword: z.string(), total: z.number() })).default([]),
  /** `failed`: unreadable after retries; yesterday's record kept where there was one. */
  packuments: z.object({ fetched: count, notModified: count, reused: count, failed: count }).prefault({}),
  mirrors: z.object({ github: mirrorTally, gitlab: mirrorTally }).prefault({}),
  requests: countPerUpstream,
  retries: countPerUpstream,
  /** Host-wide pauses for rate limits: how many, and how long in all. */
  rateLimits: z.object({ registry: pauses, github: pauses, gitlab: pauses }).prefault({}),
  /** Hosts given up for the rest of the build (down, or rate limited beyond the build's budget), and why. */
  platformsDown: z.object({ registry: z.string().optional(), github: z.string().optional(), gitlab: z.string().optional() }).default({}),
  /** Answers cut off at their host's size cap (docs/API.md#bounds): how many, and the cap. */
  tooLarge: z
    .object({
      registry: z.object({ answers: count, capBytes: count }).optional(),
      github: z.object({ answers: count, capBytes: count }).optional(),
      gitlab: z.object({ answers: count, capBytes: count }).optional(),
    })
    .default({}),
  phasesMs: z.record(z.string(), z.number()).default({}),
  /**
   * Search results whose downloads or dependents were absent or malformed (docs/API.md#downloads): yesterday's value,
   * else 0, stands for each such count.
   */
  countsFellBack: count,
  /** The host's packument (config `compatibility`); absent when none is configured. */
  host: z
    .object({
      package: z.string(),
      /** read: new versions; unchanged: 304; kept: unreadable, yesterday's kept; unread: unreadable and never read. */
      outcome: z.enum(["read", "unchanged", "kept", "unread"]),
      /** The versions the catalog holds after this build. */
      versions: count,
      /** When the versions the catalog holds were read. */
      readAt: z.string().optional(),
      /** Why today's read failed. */
      reason: z.string().optional(),
    })
    .optional(),
});

export type BuildReport = z.infer<typeof buildReportSchema>;
export type MirrorTally = BuildReport["mirrors"]["github"];

export function emptyReport(startedAt: string): BuildReport {
  return buildReportSchema.parse({ startedAt });
}

const UPSTREAM_NAMES: Record<Upstream, string> = { registry: "registry", github: "GitHub", gitlab: "GitLab" };
const UPSTREAMS = Object.keys(UPSTREAM_NAMES) as Upstream[];

interface SummaryRow {
  readonly label: string;
  readonly value: string;
}

const n = (value: number) => value.toLocaleString("en-US");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The summary once, for both renderings: the terminal's lines and the CI page's table. */
function summaryRows(report: BuildReport): SummaryRow[] {
  const { excluded: e, packuments: p, requests, retries } = report;
  const mirrors = (t: MirrorTally) =>
    `${n(t.found)} found, ${n(t.missing)} missing, ${n(t.keptPrevious)} kept previous counts, ${n(t.unreadNoPrevious)} unread` +
    (t.partial > 0 ? ` (${n(t.partial)} found kept some previous facts)` : "");
  const perHost = UPSTREAMS.map((u) => `${UPSTREAM_NAMES[u]} ${n(requests[u])}`).join(", ");
  return [
    { label: "members", value: `${n(report.members)} (listed ${n(report.listed)})` },
    {
      label: "exclusions",
      value: `${n(e.config)} by config, ${n(e.deprecated)} deprecated, ${n(e.unpublished)} unpublished, ${n(e.notFound)} not found`,
    },
    { label: "malformed", value: `${n(report.skippedMalformed)} skipped` },
    {
      label: "packuments",
      value:
        `${n(p.fetched)} fetched, ${n(p.notModified)} not modified (304), ${n(p.reused)} reused unchanged, ` +
        `${n(p.failed)} unreadable (yesterday's record kept where there was one)`,
    },
    { label: "GitHub mirrors", value: mirrors(report.mirrors.github) },
    { label: "GitLab mirrors", value: mirrors(report.mirrors.gitlab) },
    ...countRows(report),
    ...hostRows(report),
    { label: "requests", value: `${perHost} (retries ${UPSTREAMS.map((u) => n(retries[u])).join(" / ")})` },
    ...rateLimitRows(report),
    ...tooLargeRows(report),
    ...UPSTREAMS.flatMap((u) => downRow(u, report.platformsDown[u])),
    {
      label: "time",
      value:
        Object.entries(report.phasesMs)
          .map(([phase, ms]) => `${phase} ${seconds(ms)}`)
          .join(", ") || "-",
    },
  ];
}

function countRows(report: BuildReport): SummaryRow[] {
  if (report.countsFellBack === 0) return [];
  const value = `${n(report.countsFellBack)} search results without a valid download or dependents count (previous value, else 0, kept)`;
  return [{ label: "counts", value }];
}

function hostRows(report: BuildReport): SummaryRow[] {
  const host = report.host;
  if (host === undefined) return [];
  const versions = `${n(host.versions)} version${host.versions === 1 ? "" : "s"}`;
  const value = {
    read: `${host.package}: read, ${versions}`,
    unchanged: `${host.package}: unchanged (304), ${versions}`,
    kept: `${host.package}: unreadable today (${host.reason ?? "no reason given"}); kept the ${versions} read ${host.readAt ?? "before"}`,
    unread: `${host.package}: unreadable (${host.reason ?? "no reason given"}) and never read before: compat answers as in a catalog without compatibility`,
  }[host.outcome];
  return [{ label: "host versions", value }];
}

function rateLimitRows(report: BuildReport): SummaryRow[] {
  const paused = UPSTREAMS.filter((u) => report.rateLimits[u].pauses > 0);
  if (paused.length === 0) return [];
  const value = paused.map((u) => {
    const { pauses, pausedMs } = report.rateLimits[u];
    return `${UPSTREAM_NAMES[u]} paused ${pauses === 1 ? "once" : `${n(pauses)} times`}, ${seconds(pausedMs)} in all`;
  });
  return [{ label: "rate limits", value: value.join("; ") }];
}

function tooLargeRows(report: BuildReport): SummaryRow[] {
  const value = UPSTREAMS.flatMap((u) => {
    const hit = report.tooLarge[u];
    return hit === undefined ? [] : [`${UPSTREAM_NAMES[u]} ${n(hit.answers)} over its ${describeBytes(hit.capBytes)} cap for one response`];
  });
  return value.length === 0 ? [] : [{ label: "size caps", value: `${value.join("; ")} (left out, or read again tomorrow)` }];
}

function downRow(upstream: Upstream, reason: string | undefined): SummaryRow[] {
  if (reason === undefined) return [];
  const consequence = upstream === "registry" ? "the build cannot complete" : "its remaining mirrors kept their last known counts";
  return [{ label: `${UPSTREAM_NAMES[upstream]} given up`, value: `${reason}; ${consequence}` }];
}

function warnings(report: BuildReport): string[] {
  const serves = "but the registry's search serves at most 10,000: the rest are missing";
  const capped = report.cappedKeywords.map(({ keyword, total }) => `keyword "${keyword}" matches ${n(total)} packages ${serves}`);
  const host = report.host?.outcome === "unread" ? [`the host's versions (${report.host.package}) were never read: no compat filter`] : [];
  return [...capped, ...host];
}

/** A few lines for the terminal and the CI log. */
export function summarizeReport(report: BuildReport): string {
  return [...summaryRows(report).map((row) => `${row.label}: ${row.value}`), ...warnings(report).map((w) => `warning: ${w}`)].join("\n");
}

/** A Markdown table for a CI run's page (GitHub's step summary). */
export function reportMarkdown(report: BuildReport): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
  return [
    "## Catalog build report",
    "",
    "| | |",
    "|---|---|",
    ...summaryRows(report).map((row) => `| ${cell(row.label)} | ${cell(row.value)} |`),
    ...warnings(report).flatMap((w) => ["", `> **Warning:** ${w}`]),
    "",
  ].join("\n");
}
