/**
 * Reads a `DetailFile` (core/site-format.ts) in place: its table is three
 * views of its words, and a detail is found by a binary search of the
 * hashes, then inflated alone. Nothing else of the file is touched.
 */
import { partitionPoint } from "../core/partition.js";
import { DETAIL_SLUG_PREFIX } from "../core/site-format.js";
import { inflate } from "./inflate.js";
import { CatalogUnavailable } from "./problem.js";
import { wordsAt } from "./uint32-words.js";

export interface DetailFileContents {
  readonly count: number;
  /** The details' slug hashes, ascending. */
  readonly hashes: Uint32Array;
  /** Where each deflated body ends in `bodies`. */
  readonly ends: Uint32Array;
  /** Each body's length once inflated. */
  readonly lengths: Uint32Array;
  readonly bodies: Uint8Array;
  /** The file, for errors. */
  readonly what: string;
}

/** @throws CatalogUnavailable when `bytes` are not a detail file. */
export function readDetailFile(bytes: Uint8Array, what: string): DetailFileContents {
  const count = bytes.byteLength < 4 ? undefined : wordsAt(bytes, 0, 1)[0]!;
  const bodiesStart = count === undefined ? Number.POSITIVE_INFINITY : 4 + 12 * count;
  if (count === undefined || bodiesStart > bytes.byteLength) throw notDetailFile(what);
  const words = wordsAt(bytes, 4, 3 * count);
  const contents = {
    count,
    hashes: words.subarray(0, count),
    ends: words.subarray(count, 2 * count),
    lengths: words.subarray(2 * count),
    bodies: bytes.subarray(bodiesStart),
    what,
  };
  if ((count === 0 ? 0 : contents.ends[count - 1]) !== contents.bodies.byteLength) throw notDetailFile(what);
  return contents;
}

/**
 * The body of `slug`'s detail, if the file holds it: its UTF-8 JSON, inflated into a buffer of its own.
 * @param hash `slugHash(slug)`
 */
export async function detailIn(contents: DetailFileContents, slug: string, hash: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  for (let index = firstWithHash(contents.hashes, hash); index < contents.count && contents.hashes[index] === hash; index++) {
    const body = await inflatedAt(contents, index);
    if (startsWithSlug(body, slug)) return body;
  }
  return undefined;
}

/** The first index whose hash is at least `hash`. */
function firstWithHash(hashes: Uint32Array, hash: number): number {
  return partitionPoint(0, hashes.length, (index) => hashes[index]! >= hash);
}

async function inflatedAt(contents: DetailFileContents, index: number): Promise<Uint8Array<ArrayBuffer>> {
  const { ends, bodies, what } = contents;
  const [start, end] = [index === 0 ? 0 : ends[index - 1]!, ends[index]!];
  if (!(start <= end && end <= bodies.byteLength)) throw notDetailFile(what);
  const body = await inflate(bodies.subarray(start, end), contents.lengths[index]!);
  if (body === undefined) throw notDetailFile(what);
  return body;
}

/** `{"slug":"<slug>"`: a slug's characters are ASCII that JSON writes as they are. */
function startsWithSlug(body: Uint8Array, slug: string): boolean {
  const prefix = DETAIL_SLUG_PREFIX.length;
  if (body.byteLength < prefix + slug.length + 1 || body[prefix + slug.length] !== QUOTE) return false;
  for (let i = 0; i < prefix; i++) if (body[i] !== DETAIL_SLUG_PREFIX.charCodeAt(i)) return false;
  for (let i = 0; i < slug.length; i++) if (body[prefix + i] !== slug.charCodeAt(i)) return false;
  return true;
}

const QUOTE = 0x22;

const notDetailFile = (what: string) => new CatalogUnavailable(`${what} is not a detail file`);
