/**
 * Writes a `SetPack` (see core/site-format.ts): named sets of ordinals, each
 * stored the smaller way, as a sorted list or as a bitmap, so the shim can
 * use it straight from the file's bytes.
 */
import { SET_BITMAP, SET_LIST, type SetPackHeader } from "../core/site-format.js";

export interface NamedSet {
  readonly key: string;
  /** Ordinals in ascending order, no duplicates. */
  readonly members: readonly number[];
}

const encoder = new TextEncoder();

/** `sets` in the order their keys should be found (the header's `keys`); `extra` goes into the header too. */
export function encodeSetPack(plugins: number, sets: readonly NamedSet[], extra: Omit<SetPackHeader, "keys" | "sets"> = {}): Uint8Array {
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
  const header: SetPackHeader = { keys: sets.map((set) => set.key), sets: table, ...extra };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const bodyStart = align4(4 + headerBytes.byteLength);
  const bytes = new Uint8Array(bodyStart + 4 * words);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, headerBytes.byteLength, true);
  bytes.set(headerBytes, 4);
  let offset = bodyStart;
  for (const body of bodies) {
    for (const word of body) {
      view.setUint32(offset, word, true);
      offset += 4;
    }
  }
  return bytes;
}

function bitmapOf(words: number, members: readonly number[]): Uint32Array {
  const bitmap = new Uint32Array(words);
  for (const member of members) bitmap[member >>> 5]! |= 1 << (member & 31);
  return bitmap;
}

export const align4 = (n: number): number => (n + 3) & ~3;
