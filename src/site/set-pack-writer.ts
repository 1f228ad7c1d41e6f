/**
 * Writes a `SetPack` (see core/site-format.ts): named sets of ordinals, each
 * stored the smaller way, as a sorted list or as a bitmap, so the shim can
 * use it straight from the file's bytes, keys and set table included.
 */
import { SET_BITMAP, SET_LIST, type SetPackHeader } from "../core/site-format.js";

export interface NamedSet {
  /** Well-formed Unicode (the catalog's texts are cleaned so), so that its UTF-8 gives it back. */
  readonly key: string;
  /** Ordinals in ascending order, no duplicates. */
  readonly members: readonly number[];
}

const encoder = new TextEncoder();

/** `sets` in the order their keys should be found; `header` says what else the pack holds. */
export function encodeSetPack(plugins: number, sets: readonly NamedSet[], header: SetPackHeader = {}): Uint8Array {
  const bitmapWords = Math.ceil(plugins / 32);
  const table: number[] = [];
  const bodies: Uint32Array[] = [];
  let words = 0;
  for (const { members } of sets) {
    const asList = members.length <= bitmapWords;
    const body = asList ? Uint32Array.from(members) : bitmapOf(bitmapWords, members);
    table.push(words, body.length, asList ? SET_LIST : SET_BITMAP);
    bodies.push(body);
    words += body.length;
  }
  const keys = sets.map((set) => encoder.encode(keyOf(set)));
  const keyEnds: number[] = [];
  let keyBytes = 0;
  for (const key of keys) keyEnds.push((keyBytes += key.byteLength));
  const headerBytes = encoder.encode(JSON.stringify(header));
  const tableStart = align4(4 + headerBytes.byteLength);
  const keysStart = tableStart + 4 * (1 + table.length + keyEnds.length);
  const bodyStart = align4(keysStart + keyBytes);
  const bytes = new Uint8Array(bodyStart + 4 * words);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, headerBytes.byteLength, true);
  bytes.set(headerBytes, 4);
  let offset = tableStart;
  const put = (word: number) => {
    view.setUint32(offset, word, true);
    offset += 4;
  };
  put(sets.length);
  for (const word of table) put(word);
  for (const word of keyEnds) put(word);
  keys.forEach((key, i) => {
    bytes.set(key, keysStart + (keyEnds[i]! - key.byteLength));
  });
  offset = bodyStart;
  for (const body of bodies) for (const word of body) put(word);
  return bytes;
}

/** A lone surrogate: UTF-8 has none, so its key would not read back. */
const LONE_SURROGATE = /\p{Cs}/u;

function keyOf({ key }: NamedSet): string {
  if (LONE_SURROGATE.test(key)) throw new Error(`a set pack key is not well-formed Unicode: ${JSON.stringify(key)}`);
  return key;
}

function bitmapOf(words: number, members: readonly number[]): Uint32Array {
  const bitmap = new Uint32Array(words);
  for (const member of members) bitmap[member >>> 5]! |= 1 << (member & 31);
  return bitmap;
}

export const align4 = (n: number): number => (n + 3) & ~3;
