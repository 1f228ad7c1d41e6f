/**
 * The catalog snapshot: the file the fetch step writes and the site build
 * reads. It holds every public field of each plugin plus what the API needs
 * but never shows (README text, creator logins) and what tomorrow's fetch
 * needs (per-mirror counts to fall back on, registry validators).
 *
 * Versioned by `formatVersion`; a reader refuses versions it does not know.
 */
import { z } from "zod";

export const SNAPSHOT_FORMAT = "plugin-catalog/snapshot";
export const SNAPSHOT_VERSION = 1;

const SLUG = /^[a-z0-9._~-]+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const count = z.number().int().nonnegative();
const timestamp = z
  .string()
  .regex(TIMESTAMP, "expected a UTC timestamp YYYY-MM-DDTHH:mm:ss.sssZ")
  .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value, "is not a real date");
const httpUrl = z.string().regex(/^https?:\/\/\S+$/i, "expected an http(s) URL");

export const mirrorSchema = z.object({
  platform: z.enum(["github", "gitlab"]),
  /** `owner/name` (GitLab: `group/sub/name`) as the platform spells it. */
  path: z
    .string()
    .min(3)
    .regex(/^[^/\s]+(\/[^/\s]+)+$/, "expected owner/name"),
  stars: count,
  forks: count,
  /** When these counts were last read from the platform; absent when never. */
  checkedAt: timestamp.optional(),
  /** The owner login as the platform spells it (a creator login for `author`). */
  owner: z.string().min(1).optional(),
  /** Every name (lower-cased `owner/name`) that resolved to this repository, for tomorrow's fallback. */
  names: z.array(z.string()).optional(),
  /** The repository's canonical web URL as its host reports it; absent: `https://<host>.com/<path>`. */
  url: httpUrl.optional(),
  /** Absent: false. */
  archived: z.boolean().optional(),
  /** Open issues without pull requests; absent: 0. */
  openIssues: count.optional(),
  /** Last push (GitLab: last activity); absent or null: unknown. */
  pushedAt: timestamp.nullable().optional(),
  /** Absent or null: unknown. */
  defaultBranch: z.string().min(1).nullable().optional(),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY, "expected a UTC date YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().slice(0, 10) === value, "is not a real date");

/** The most weeks of download history a plugin keeps. */
export const DOWNLOAD_WEEKS = 26;
/** The most release times a plugin keeps (see `releasesSchema.times`). */
export const RELEASE_TIMES = 10_000;
/** The latest releases a plugin lists. */
export const RECENT_RELEASES = 10;

export const downloadsSchema = z.object({
  lastWeek: count,
  lastMonth: count,
  /**
   * The catalog's own history, oldest first: per UTC ISO week with a build, `lastWeek` as that week's last build read
   * it, dated by that build's day.
   */
  weekly: z.array(z.object({ date: day, count })).max(DOWNLOAD_WEEKS),
});

export const releasesSchema = z.object({
  /** Versions in `versions` with a date in `time`. */
  count,
  /** The latest, newest first (ties: version descending). */
  recent: z.array(z.object({ version: z.string().min(1), publishedAt: timestamp })).max(RECENT_RELEASES),
  /**
   * Publication times, newest first, of the dated versions published at most 365 days before the packument was read
   * (or after): any later build counts its last year's releases from them, without reading the packument again.
   */
  times: z.array(timestamp).max(RELEASE_TIMES),
});

/** The host a catalog's plugins run in (config `compatibility`), as the build last read its packument. */
export const compatibilitySchema = z.object({
  /** The host's npm package. */
  host: z.string().min(1),
  /** Dotted paths into a plugin's latest manifest; the first that holds a valid semver range is its `engines.host`. */
  ranges: z.array(z.string().min(1)),
  /** The host's published versions, as written in its packument's `versions`; absent: never read. */
  versions: z.array(z.string().min(1)).optional(),
  /** The host's dist-tags (tag → version); absent: never read. */
  distTags: z.record(z.string(), z.string()).optional(),
  /** When the host's packument was last read; absent: never. */
  readAt: timestamp.optional(),
  /** The host packument's ETag as last read, for If-None-Match. */
  etag: z.string().optional(),
});

export const mirrorRefSchema = z.object({ platform: z.enum(["github", "gitlab"]), path: z.string().min(3) });

export const snapshotPluginSchema = z.object({
  slug: z.string().regex(SLUG, "expected a slug of a-z 0-9 . _ ~ -"),
  npmName: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  version: z.string().min(1),
  license: z.string(),
  homepage: httpUrl.nullable(),
  totalStars: count,
  totalForks: count,
  hasWebUi: z.boolean(),
  publishedAt: timestamp,
  updatedAt: timestamp,
  tags: z.array(z.string().min(1)),
  /** README as published (Markdown); "" when none. */
  readme: z.string(),
  /** Logins that the `author` filter matches: maintainers, publisher, mirror owners. */
  creators: z.array(z.string().min(1)),
  mirrors: z.array(mirrorSchema),
  /** The README was longer than its bound (`readme` holds its head): the detail shows it cut, ending with "…". */
  readmeCut: z.literal(true).optional(),
  /** The registry's download counts (absent: 0 and no history). */
  downloads: downloadsSchema.optional(),
  /** Packages that depend on it, from the registry search (absent: 0). */
  dependents: count.optional(),
  /** From the packument's `versions` and `time` (absent: none). */
  releases: releasesSchema.optional(),
  /** From the latest manifest (absent: both null). */
  engines: z.object({ node: z.string().max(512).nullable(), host: z.string().max(512).nullable() }).optional(),
  /** From the latest version (absent: both false). */
  trust: z.object({ provenance: z.boolean(), installScripts: z.boolean() }).optional(),
  /** What tomorrow's fetch needs to reuse this record without reading the packument again. */
  registry: z
    .object({
      /** The packument's ETag, for If-None-Match. */
      etag: z.string().optional(),
      /** The registry's last change to the package document (search `updated`). */
      modified: z.string().optional(),
      /** When the packument was last read. */
      fetchedAt: timestamp.optional(),
      /** Today's read of the packument failed and this is the earlier record (read at `fetchedAt`): `/api/status` counts it stale. */
      stale: z.literal(true).optional(),
      /** Maintainers and the latest publisher: the npm part of `creators`. */
      npmLogins: z.array(z.string()).optional(),
      /** The mirrors the package itself names (before the config's are added). */
      mirrorRefs: z.array(mirrorRefSchema).optional(),
    })
    .optional(),
});

const snapshotHeaderFields = {
  format: z.literal(SNAPSHOT_FORMAT),
  formatVersion: z.literal(SNAPSHOT_VERSION),
  /** When the upstream data was read: the catalog's Last-Modified. */
  generatedAt: timestamp,
  /** The configuration's `categories`, in its order: the entries of `/api/facets`. Absent in older snapshots: none. */
  categories: z.array(z.string().min(1)).optional(),
  /** The configuration's display-name paths the records were read with; absent: the default. A change re-reads every packument. */
  displayName: z.array(z.string().min(1)).optional(),
  /** The configuration's `compatibility`, with the host's versions as last read; absent: none configured. */
  compatibility: compatibilitySchema.optional(),
  /** The configuration's `siteUrl` (feeds); absent: none. */
  siteUrl: httpUrl.optional(),
  /** Listed packages left out as deprecated or unpublished, so tomorrow need not read them again while unchanged. */
  excluded: z
    .array(
      z.object({ npmName: z.string().min(1), version: z.string(), modified: z.string(), reason: z.enum(["deprecated", "unpublished"]) }),
    )
    .optional(),
};

/** A snapshot but its plugins: what a reader checks before it checks the plugins one at a time. */
export const snapshotHeaderSchema = z.object(snapshotHeaderFields);

export const snapshotSchema = z
  .object({ ...snapshotHeaderFields, plugins: z.array(snapshotPluginSchema) })
  .superRefine((snapshot, ctx) => catalogIssues(snapshot.plugins, (path, message) => ctx.addIssue({ code: "custom", path, message })));

/** What the schema cannot say of the plugins together or of one record: duplicates, sums, the rules of docs/API.md#fields. */
export function catalogIssues(plugins: readonly SnapshotPlugin[], issue: IssueSink): void {
  const seen = new Map<string, number>();
  plugins.forEach((plugin, index) => {
    for (const [field, value] of [
      ["slug", plugin.slug],
      ["npmName", plugin.npmName],
    ] as const) {
      const key = `${field}:${value}`;
      const first = seen.get(key);
      if (first !== undefined) issue(["plugins", index, field], `duplicates plugins[${first}].${field} ${JSON.stringify(value)}`);
      else seen.set(key, index);
    }
    recordIssues(plugin, (path, message) => issue(["plugins", index, ...path], message));
  });
}

export type IssueSink = (path: (string | number)[], message: string) => void;

/** What the schema cannot say about one record: sums that match its mirrors, the rules of docs/API.md#fields. */
function recordIssues(plugin: SnapshotPlugin, issue: IssueSink): void {
  checkSums(plugin, issue);
  checkDerivedFields(plugin, issue);
}

/** Rules of docs/API.md#fields that a snapshot from any source must already obey. */
function checkDerivedFields(plugin: SnapshotPlugin, issue: IssueSink): void {
  firstCaseInsensitiveDuplicate(plugin.tags, (i) => issue(["tags", i], "duplicates an earlier tag (case-insensitively)"));
  plugin.tags.forEach((tag, i) => {
    if (tag !== tag.trim()) issue(["tags", i], "must be trimmed");
  });
  firstCaseInsensitiveDuplicate(
    plugin.mirrors.map((m) => `${m.platform}:${m.path}`),
    (i) => issue(["mirrors", i], "names the same repository as an earlier mirror"),
  );
}

function firstCaseInsensitiveDuplicate(values: readonly string[], report: (index: number) => void): void {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    const key = value.toLowerCase();
    if (seen.has(key)) report(i);
    seen.add(key);
  });
}

function checkSums(plugin: SnapshotPlugin, issue: IssueSink): void {
  for (const [field, part] of [
    ["totalStars", "stars"],
    ["totalForks", "forks"],
  ] as const) {
    const sum = plugin.mirrors.reduce((total, mirror) => total + mirror[part], 0);
    if (plugin[field] !== sum) issue([field], `is ${plugin[field]} but its mirrors' ${part} add up to ${sum}`);
  }
}

/** Why one record breaks the snapshot's rules (its own fields, not its place among others), or undefined. */
export function snapshotPluginProblem(plugin: SnapshotPlugin): string | undefined {
  const result = snapshotPluginSchema.safeParse(plugin);
  const issues: { path: PropertyKey[]; message: string }[] = result.success ? [] : [...result.error.issues];
  if (result.success) recordIssues(plugin, (path, message) => issues.push({ path, message }));
  const first = issues[0];
  return first === undefined ? undefined : `${first.path.map(String).join(".")}: ${first.message}`;
}

export type Mirror = z.infer<typeof mirrorSchema>;
export type Downloads = z.infer<typeof downloadsSchema>;
export type Releases = z.infer<typeof releasesSchema>;
export type Compatibility = z.infer<typeof compatibilitySchema>;
export type SnapshotPlugin = z.infer<typeof snapshotPluginSchema>;
export type CatalogSnapshot = z.infer<typeof snapshotSchema>;
export type ExcludedPackage = NonNullable<CatalogSnapshot["excluded"]>[number];
