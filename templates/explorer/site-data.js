// @ts-check
/**
 * What the page knows of its site beyond the API: the data block the build
 * writes into `index.html` (`<script type="application/json" id="site-data">`,
 * docs/API.md#explorer-page), with the host's versions for the compat control
 * and the site's feeds. Read as untrusted, like every answer: a page served
 * with another build's or a hand-edited block shows fewer controls, never a
 * link off the site nor an unbounded list.
 */

/** @typedef {{ host: string, latest: string | null, versions: string[], distTags: [string, string][] }} Compat */
/** @typedef {{ new: string | null, updated: string | null, categories: Map<string, string> }} Feeds */
/** @typedef {{ compat: Compat | null, feeds: Feeds | null }} SiteData */

/** The host versions the compat control lists at most (a host publishes a few hundred). */
export const MAX_VERSIONS = 2000;
/** Dist-tags listed at most; npm hosts have a handful. */
export const MAX_TAGS = 100;
/** Category feeds read at most. */
export const MAX_CATEGORY_FEEDS = 1000;
/** Characters of the block read at most: a few thousand versions take well under this. */
const MAX_BLOCK = 4_000_000;
/** npm's longest package name. */
const MAX_HOST = 214;
/** The API's bound on a version (contract section 5). */
const MAX_VERSION = 256;
/** A feed's path as the build names it: one of the site's own files under feeds/, without a `.` or `..` part. */
const FEED_PATH = /^feeds\/[a-z0-9._-]+(\/[a-z0-9._-]+)*\.xml$/;

const NONE = /** @type {SiteData} */ ({ compat: null, feeds: null });

/**
 * The data block's text as the page reads it; anything but a JSON object gives neither control.
 * @example readSiteData('{"compat":null,"feeds":{"new":"feeds/new.xml","updated":"feeds/updated.xml","categories":{}}}')
 * // { compat: null, feeds: { new: "feeds/new.xml", updated: "feeds/updated.xml", categories: Map(0) } }
 * @param {string | null | undefined} text @returns {SiteData}
 */
export function readSiteData(text) {
  if (typeof text !== "string" || text.length > MAX_BLOCK) return NONE;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return NONE;
  }
  const d = objectOr(data);
  return { compat: readCompat(d.compat), feeds: readFeeds(d.feeds) };
}

/**
 * The host and its versions (contract section 12), or null where the catalog names no host.
 * @param {unknown} value @returns {Compat | null}
 */
export function readCompat(value) {
  const c = objectOr(value);
  if (typeof c.host !== "string" || c.host === "" || !Array.isArray(c.versions)) return null;
  /** @type {string[]} */
  const versions = [];
  for (const v of c.versions.slice(0, MAX_VERSIONS)) if (isVersion(v)) versions.push(v);
  /** @type {[string, string][]} */
  const distTags = [];
  for (const [tag, version] of firstEntries(c.distTags, MAX_TAGS))
    if (tag !== "" && tag.length <= MAX_VERSION && isVersion(version)) distTags.push([tag, version]);
  return { host: c.host.slice(0, MAX_HOST), latest: isVersion(c.latest) ? c.latest : null, versions, distTags };
}

/**
 * The site's Atom feeds, each a path relative to the site's root, or null where the build did not know the site's
 * address. Any other path is left out: the page links the site's own files only.
 * @param {unknown} value @returns {Feeds | null}
 */
export function readFeeds(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const f = objectOr(value);
  /** @type {Map<string, string>} */
  const categories = new Map();
  for (const [category, file] of firstEntries(f.categories, MAX_CATEGORY_FEEDS)) {
    const path = feedPath(file);
    if (path) categories.set(category.toLowerCase(), path);
  }
  return { new: feedPath(f.new), updated: feedPath(f.updated), categories };
}

/** @param {unknown} value @returns {Record<string, unknown>} */
const objectOr = (value) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : {};

/**
 * An object's first `max` own entries, read no further.
 * @param {unknown} value @param {number} max @returns {[string, unknown][]}
 */
function firstEntries(value, max) {
  const object = objectOr(value);
  /** @type {[string, unknown][]} */
  const entries = [];
  for (const key in object) {
    if (entries.length >= max) break;
    if (Object.hasOwn(object, key)) entries.push([key, object[key]]);
  }
  return entries;
}

/** @param {unknown} v @returns {v is string} */
const isVersion = (v) => typeof v === "string" && v !== "" && v.length <= MAX_VERSION;

/** @param {unknown} path */
const feedPath = (path) =>
  typeof path === "string" && path.length <= 1024 && FEED_PATH.test(path) && !path.split("/").some((part) => /^\.+$/.test(part))
    ? path
    : null;
