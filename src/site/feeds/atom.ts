/**
 * An Atom 1.0 document (RFC 4287) as bytes, from plain values: every text is
 * escaped, and the characters XML 1.0 forbids are left out, so the document
 * parses with a strict XML parser whatever the values hold. The same values
 * always give the same bytes.
 */

export interface AtomPerson {
  readonly name: string;
  readonly uri?: string;
}

export interface AtomEntry {
  /** An absolute IRI: also the entry's alternate link. */
  readonly id: string;
  readonly title: string;
  /** RFC 3339 timestamps. */
  readonly updated: string;
  readonly published: string;
  readonly summary: string;
  readonly authors: readonly AtomPerson[];
}

export interface AtomFeed {
  /** The feed's own absolute URL: its id and its `self` link. */
  readonly self: string;
  /** The page the feed is an alternate of. */
  readonly alternate: string;
  readonly title: string;
  readonly updated: string;
  /** Written only when an entry has no author of its own, as RFC 4287 requires. */
  readonly author: AtomPerson;
  readonly entries: readonly AtomEntry[];
}

const encoder = new TextEncoder();

/**
 * @example
 * atomBytes({ self: "https://x.org/feeds/new.xml", alternate: "https://x.org/", title: "New", updated, author, entries: [] })
 */
export function atomBytes(feed: AtomFeed): Uint8Array {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${text(feed.self)}</id>`,
    `  <title type="text">${text(feed.title)}</title>`,
    `  <updated>${text(feed.updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${attribute(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${attribute(feed.alternate)}"/>`,
    ...(feed.entries.every((entry) => entry.authors.length > 0) ? [] : person("author", feed.author, "  ")),
    ...feed.entries.flatMap(entryLines),
    "</feed>",
    "",
  ];
  return encoder.encode(lines.join("\n"));
}

function entryLines(entry: AtomEntry): string[] {
  return [
    "  <entry>",
    `    <id>${text(entry.id)}</id>`,
    `    <title type="text">${text(entry.title)}</title>`,
    `    <updated>${text(entry.updated)}</updated>`,
    `    <published>${text(entry.published)}</published>`,
    `    <link rel="alternate" type="text/html" href="${attribute(entry.id)}"/>`,
    `    <summary type="text">${text(entry.summary)}</summary>`,
    ...entry.authors.flatMap((author) => person("author", author, "    ")),
    "  </entry>",
  ];
}

function person(element: string, { name, uri }: AtomPerson, indent: string): string[] {
  const parts = [`<name>${text(name)}</name>`, ...(uri === undefined ? [] : [`<uri>${text(uri)}</uri>`])];
  return [`${indent}<${element}>${parts.join("")}</${element}>`];
}

/**
 * What XML 1.0 forbids (its `Char` production): controls but tab, line feed and carriage return, lone surrogates,
 * U+FFFE and U+FFFF.
 */
const FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `value` without the characters XML 1.0 forbids. */
export function xmlChars(value: string): string {
  return value.replace(FORBIDDEN, "");
}

/** Character data: `>` too, so that no `]]>` is ever written; a carriage return as a reference, which parsers keep. */
function text(value: string): string {
  return xmlChars(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

/** An attribute value in double quotes: white space as references, which attribute normalization keeps. */
function attribute(value: string): string {
  return text(value).replace(/"/g, "&quot;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");
}
