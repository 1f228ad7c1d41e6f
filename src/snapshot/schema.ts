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

export const snapshotSchema = z
  .object({
    format: z.literal(SNAPSHOT_FORMAT),
    formatVersion: z.literal(SNAPSHOT_VERSION),
    /** When the upstream data was read: the catalog's Last-Modified. */
    generatedAt: timestamp,
    /** The configuration's `categories`, in its order: the entries of `/api/facets`. Absent in older snapshots: none. */
    categories: z.array(z.string().min(1)).optional(),
    /** The configuration's display-name paths the records were read with; absent: the default. A change re-reads every packument. */
    displayName: z.array(z.string().min(1)).optional(),
    plugins: z.array(snapshotPluginSchema),
    /** Listed packages left out as deprecated or unpublished, so tomorrow need not read them again while unchanged. */
    excluded: z
      .array(
        z.object({ npmName: z.string().min(1), version: z.string(), modified: z.string(), reason: z.enum(["deprecated", "unpublished"]) }),
      )
      .optional(),
  })
  .superRefine((snapshot, ctx) => {
    const seen = new Map<string, number>();
    snapshot.plugins.forEach((plugin, index) => {
      for (const [field, value] of [
        ["slug", plugin.slug],
        ["npmName", plugin.npmName],
      ] as const) {
        const key = `${field}:${value}`;
        const first = seen.get(key);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["plugins", index, field],
            message: `duplicates plugins[${first}].${field} ${JSON.stringify(value)}`,
          });
        } else seen.set(key, index);
      }
      recordIssues(plugin, (path, message) => ctx.addIssue({ code: "custom", path: ["plugins", index, ...path], message }));
    });
  });

type IssueSink = (path: (string | number)[], message: string) => void;

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
export type SnapshotPlugin = z.infer<typeof snapshotPluginSchema>;
export type CatalogSnapshot = z.infer<typeof snapshotSchema>;
export type ExcludedPackage = NonNullable<CatalogSnapshot["excluded"]>[number];
