/**
 * A fast, synchronous 64-bit string hash (two FNV-1a lanes with different
 * offsets) for validators and cache keys. Not cryptographic: it only has to
 * make two different effective queries of one build disagree. Web Crypto's
 * digest would do, but it is asynchronous and on Node hops to a worker thread,
 * which showed up in the shim's latency tail.
 */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
