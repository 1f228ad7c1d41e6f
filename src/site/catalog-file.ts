/**
 * The body of `/api/catalog.json` (docs/API.md#whole-catalog), written by the
 * build so the shim only reads it: `{ builtAt, total, plugins }` with every
 * plugin in `stars` order, byte for byte the records the pages carry.
 *
 * At 50,000 plugins the body is over 20 MiB, more than a CDN takes as one
 * file (Cloudflare refuses assets over 25 MiB), so it is stored as
 * consecutive byte ranges of at most `maxPartBytes`; the shim answers their
 * concatenation.
 */
const encoder = new TextEncoder();

/** 16 MiB: well under the 20 MiB per file the site keeps to. */
export const PART_BYTES = 16 * 1024 * 1024;

/** Consecutive byte ranges of `bytes`, each at most `maxPartBytes` long (views, not copies). */
export function cutIntoParts(bytes: Uint8Array, maxPartBytes = PART_BYTES): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < bytes.byteLength; start += maxPartBytes) parts.push(bytes.subarray(start, start + maxPartBytes));
  return parts;
}

/** `recordsJson` are the plugins' UTF-8 wire JSON in `stars` order. */
export function catalogFileParts(builtAt: string, recordsJson: readonly Uint8Array[], maxPartBytes = PART_BYTES): Uint8Array[] {
  const head = encoder.encode(`{"builtAt":${JSON.stringify(builtAt)},"total":${recordsJson.length},"plugins":[`);
  const tail = encoder.encode("]}");
  const length =
    head.byteLength +
    recordsJson.reduce((sum, record) => sum + record.byteLength, 0) +
    Math.max(0, recordsJson.length - 1) +
    tail.byteLength;
  const body = new Uint8Array(length);
  body.set(head, 0);
  let offset = head.byteLength;
  recordsJson.forEach((record, i) => {
    if (i > 0) body[offset++] = 0x2c; // ","
    body.set(record, offset);
    offset += record.byteLength;
  });
  body.set(tail, offset);
  return cutIntoParts(body, maxPartBytes);
}
