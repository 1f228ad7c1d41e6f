/**
 * How the shim reaches the site's files: a single `read` that each runtime
 * implements (file system, static-assets binding, memory). Everything the
 * shim reads goes through `readBytes`/`readText`/`readJson`, so a missing or broken file
 * always becomes a 503, never a crash.
 */
import { CatalogUnavailable } from "./problem.js";

export interface SiteReader {
  /** The file's bytes, or null when it does not exist. */
  read(path: string): Promise<Uint8Array | null>;
}

const decoder = new TextDecoder();

export async function readBytes(reader: SiteReader, path: string): Promise<Uint8Array> {
  let bytes: Uint8Array | null;
  try {
    bytes = await reader.read(path);
  } catch {
    throw new CatalogUnavailable(`${path} could not be read`);
  }
  if (bytes === null) throw new CatalogUnavailable(`${path} is missing`);
  return bytes;
}

export async function readText(reader: SiteReader, path: string): Promise<string> {
  return decoder.decode(await readBytes(reader, path));
}

export async function readJson<T>(reader: SiteReader, path: string): Promise<T> {
  return parseJson<T>(await readText(reader, path), path);
}

/** The same bytes as a view a `Response` takes (a reader may hand out views of shared or resizable buffers). */
export function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
}

/** JSON text of the site, `what` naming it in the 503 when it is broken. */
export function parseJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CatalogUnavailable(`${what} is not valid JSON`);
  }
}
