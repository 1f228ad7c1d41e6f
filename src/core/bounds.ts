/**
 * What one plugin may contribute (docs/API.md#bounds): anyone can publish a
 * package with a catalog's keyword, so every text an upstream sends is cut to
 * a size before anything is indexed, sorted or written, and the site grows
 * with the number of plugins, not with any one plugin's content. Lengths are
 * in Unicode code points, as everywhere in the contract.
 *
 * Every function here is idempotent: a bounded value passes through
 * unchanged, so ordinary data and yesterday's records come out as they were.
 */

export const BOUNDS = {
  name: 200,
  description: 2_000,
  version: 256,
  license: 256,
  /** Longer: no homepage (null), since a cut URL points elsewhere. */
  homepage: 2_048,
  tags: 100,
  /** Longer keywords are dropped, not cut: a cut tag would be a category nobody gave. */
  tag: 100,
  /** Searchable README text: npm's own registry keeps no more in a packument. */
  readme: 65_536,
  logins: 100,
  /** `author` takes at most 256 characters, so a longer login could never be matched. */
  login: 256,
  /** npm's own limit on a package name; a longer one is no package npm could have published. */
  npmName: 214,
} as const;

export const ELLIPSIS = "…";

// C0 and C1 controls and DEL, but tab and line feed.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]+/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Well-formed Unicode: a lone surrogate becomes U+FFFD; control characters other than tab and line feed are removed. */
export function cleanText(value: string): string {
  return value.replace(LONE_SURROGATES, "\ufffd").replace(CONTROLS, "");
}

/** The index just past the first `count` code points of `value`, or undefined when it has no more than `count`. */
function indexAfterCodePoints(value: string, count: number): number | undefined {
  if (value.length <= count) return undefined;
  let index = 0;
  for (let seen = 0; seen < count; seen++) {
    if (index >= value.length) return undefined;
    index += isPairAt(value, index) ? 2 : 1;
  }
  return index < value.length ? index : undefined;
}

/** At most `max` code points: a longer value is cut at a code-point boundary and ends with "…". */
export function cutText(value: string, max: number): string {
  if (indexAfterCodePoints(value, max) === undefined) return value;
  return value.slice(0, indexAfterCodePoints(value, max - 1)) + ELLIPSIS;
}

/** The first `max` code points, without a mark: for text that is searched, never shown. */
export function headText(value: string, max: number): string {
  const end = indexAfterCodePoints(value, max);
  return end === undefined ? value : value.slice(0, end);
}

function isPairAt(value: string, index: number): boolean {
  const high = value.charCodeAt(index);
  const low = value.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/** `cleanText`, then `cutText`. */
export function boundedText(value: string, max: number): string {
  return cutText(cleanText(value), max);
}

/** More than `max` code points. */
export function isLongerThan(value: string, max: number): boolean {
  return indexAfterCodePoints(value, max) !== undefined;
}

/**
 * Keywords as tags: cleaned, trimmed, empties and keywords over `BOUNDS.tag` dropped, de-duplicated
 * case-insensitively keeping the first spelling, the first `BOUNDS.tags` kept. Reads no further than it needs.
 */
export function boundedTags(keywords: readonly unknown[]): string[] {
  return firstDistinct(keywords, BOUNDS.tags, BOUNDS.tag);
}

/**
 * Logins: cleaned, trimmed, empties and logins over `BOUNDS.login` dropped, de-duplicated case-insensitively (as
 * `author` matches them) keeping the first spelling, the first `BOUNDS.logins`.
 */
export function boundedLogins(candidates: readonly unknown[]): string[] {
  return firstDistinct(candidates, BOUNDS.logins, BOUNDS.login);
}

/** The first `count` strings of `values` that are not empty nor over `length` code points once cleaned and trimmed, distinct case-insensitively. */
function firstDistinct(values: readonly unknown[], count: number, length: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (let i = 0; i < values.length && kept.length < count; i++) {
    const text = shortCleanText(values[i], length);
    if (text === undefined || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
  }
  return kept;
}

/** The searchable README: its head, CR line ends read as line feeds (as Markdown does) before controls go. */
export function boundedReadme(readme: string): string {
  return cleanText(headText(readme, BOUNDS.readme).replace(/\r\n?/g, "\n"));
}

/**
 * A string of at most `max` code points once cleaned and trimmed, and not empty; else undefined. Measured after
 * cleaning and trimming, whatever the length before: controls and padding around a short keyword may run long.
 */
function shortCleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = cleanText(value).trim();
  return text === "" || isLongerThan(text, max) ? undefined : text;
}
