/**
 * Inflates zlib-format data (RFC 1950) with the platform's own
 * `DecompressionStream`: Workers, browsers, Node and Deno all have it, so the
 * shim carries no inflater of its own, and the work is native.
 */

/**
 * @param length the inflated length the data must have
 * @returns the inflated bytes, or undefined when the data is not zlib data of exactly `length` bytes
 */
export async function inflate(deflated: Uint8Array, length: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const stream = new DecompressionStream("deflate");
  const writer = stream.writable.getWriter();
  // A copy: a stream may take over the buffer it is given, and `deflated` is a view of a file that stays in use.
  // Neither promise is awaited, as they settle only while the output is read; a failure shows there.
  writer.write(deflated.slice()).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const inflated = new Uint8Array(length);
  let filled = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (filled + chunk.value.byteLength > length) {
        await reader.cancel();
        return undefined;
      }
      inflated.set(chunk.value, filled);
      filled += chunk.value.byteLength;
    }
  } catch {
    return undefined;
  }
  return filled === length ? inflated : undefined;
}
