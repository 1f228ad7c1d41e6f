/**
 * The site's Atom feeds (docs/API.md#feeds), written when the build knows the
 * site's public URL: the plugins first published most recently, those
 * released most recently, and the latter within each configured category
 * whose name, lower-cased, is a file name of `a-z 0-9 . _ -`. An entry links
 * the plugin's view in the explorer. A feed's bytes depend on the catalog and
 * the site's URL alone, so an unchanged feed is unchanged bytes.
 */
import { BOUNDS, cutText } from "../../core/bounds.js";
import { compareCodeUnits } from "../../core/order.js";
import type { SnapshotPlugin } from "../../snapshot/schema.js";
import type { SiteSink } from "../build-site.js";
import { type AtomEntry, type AtomPerson, atomBytes, xmlChars } from "./atom.js";
import { siteLabel } from "./site-url.js";

export const FEED_ENTRIES = 50;
/** Creator logins an entry names as its authors. */
export const FEED_AUTHORS = 5;
export const NEW_FEED = "feeds/new.xml";
export const UPDATED_FEED = "feeds/updated.xml";
const CATEGORY_FILE = /^[a-z0-9._-]+$/;
const NO_ENTRY_TIME = "1970-01-01T00:00:00.000Z";

/** Site paths of the feeds, relative to the site's root. */
export interface FeedFiles {
  readonly new: string;
  readonly updated: string;
  /** Each configured category that has a feed, spelt as configured → its feed. */
  readonly categories: Readonly<Record<string, string>>;
}

export interface WrittenFeeds {
  readonly files: FeedFiles;
  /** The configured categories without a feed: lower-cased, their names are not made of a-z 0-9 . _ -. */
  readonly feedless: readonly string[];
}

type DateField = "publishedAt" | "updatedAt";

/**
 * @param root the site's root URL, ending in `/` (`siteRoot`)
 */
export function writeFeeds(sink: SiteSink, root: string, plugins: readonly SnapshotPlugin[], categories: readonly string[]): WrittenFeeds {
  const label = siteLabel(root);
  const feed = (path: string, title: string, alternate: string, date: DateField, members: readonly SnapshotPlugin[]) =>
    sink.set(path, feedBytes(root, path, title, alternate, date, members));
  const byUpdate = newestFirst(plugins, "updatedAt");
  feed(NEW_FEED, `New plugins: ${label}`, root, "publishedAt", newestFirst(plugins, "publishedAt").slice(0, FEED_ENTRIES));
  feed(UPDATED_FEED, `Updated plugins: ${label}`, `${root}?sort=recent`, "updatedAt", byUpdate.slice(0, FEED_ENTRIES));
  const files: Record<string, string> = {};
  for (const category of categories) {
    const name = category.toLowerCase();
    if (!CATEGORY_FILE.test(name)) continue;
    const path = `feeds/category/${name}.xml`;
    const written = Object.values(files).includes(path);
    files[category] = path;
    // Categories that differ only in case share one feed, titled by the first.
    if (written) continue;
    const members = byUpdate.filter((plugin) => plugin.tags.some((tag) => tag.toLowerCase() === name)).slice(0, FEED_ENTRIES);
    const alternate = `${root}?category=${encodeURIComponent(category)}&sort=recent`;
    feed(path, `Updated plugins in ${category}: ${label}`, alternate, "updatedAt", members);
  }
  return { files: { new: NEW_FEED, updated: UPDATED_FEED, categories: files }, feedless: feedlessCategories(categories) };
}

/** The categories that get no feed: lower-cased, their names are not made of a-z 0-9 . _ -. */
export function feedlessCategories(categories: readonly string[]): string[] {
  return categories.filter((category) => !CATEGORY_FILE.test(category.toLowerCase()));
}

/** By `date`, newest first; ties by slug. */
function newestFirst(plugins: readonly SnapshotPlugin[], date: DateField): SnapshotPlugin[] {
  return [...plugins].sort((a, b) => compareCodeUnits(b[date], a[date]) || compareCodeUnits(a.slug, b.slug));
}

function feedBytes(
  root: string,
  path: string,
  title: string,
  alternate: string,
  date: DateField,
  members: readonly SnapshotPlugin[],
): Uint8Array {
  const entries = members.map((plugin) => entryOf(root, plugin, date));
  const author: AtomPerson = { name: siteLabel(root), uri: root };
  return atomBytes({ self: `${root}${path}`, alternate, title, updated: entries[0]?.updated ?? NO_ENTRY_TIME, author, entries });
}

function entryOf(root: string, plugin: SnapshotPlugin, date: DateField): AtomEntry {
  // The snapshot is not trusted to be bounded: texts are bounded here as the API bounds them.
  const shown = (value: string, max: number) => cutText(xmlChars(value), max);
  return {
    id: `${root}?plugin=${encodeURIComponent(plugin.slug)}`,
    title: `${shown(plugin.name, BOUNDS.name)} ${shown(plugin.version, BOUNDS.version)}`,
    updated: plugin[date],
    published: plugin.publishedAt,
    summary: shown(plugin.description, BOUNDS.description),
    authors: authorsOf(plugin.creators).map((name) => ({ name })),
  };
}

/** The first `FEED_AUTHORS` distinct logins (case-insensitively, as `author` compares them) of the first `BOUNDS.logins`. */
function authorsOf(creators: readonly string[]): string[] {
  const [names, seen] = [[] as string[], new Set<string>()];
  for (const login of creators.slice(0, BOUNDS.logins)) {
    const name = cutText(xmlChars(login).trim(), BOUNDS.login);
    if (name === "" || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
    if (names.length === FEED_AUTHORS) break;
  }
  return names;
}
