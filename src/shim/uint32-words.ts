/**
 * The site's binary files are little-endian 32-bit words. Where the host is
 * little-endian (every Workers and Node platform) and the bytes are aligned,
 * a file's words are a view of its bytes: nothing is decoded or copied.
 */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** `count` words from byte `offset` of `bytes` (which must hold them). */
export function wordsAt(bytes: Uint8Array, offset: number, count: number): Uint32Array {
  const start = bytes.byteOffset + offset;
  if (LITTLE_ENDIAN && start % 4 === 0) return new Uint32Array(bytes.buffer, start, count);
  const view = new DataView(bytes.buffer, start, 4 * count);
  return Uint32Array.from({ length: count }, (_, i) => view.getUint32(4 * i, true));
}

/** The whole of `bytes` as words; undefined when its length is not a whole number of words. */
export function allWords(bytes: Uint8Array): Uint32Array | undefined {
  return bytes.byteLength % 4 === 0 ? wordsAt(bytes, 0, bytes.byteLength / 4) : undefined;
}
