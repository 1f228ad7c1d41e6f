/** The shim as a long-lived Node server runs it (`serve`, and the query bench that stands for it). */
import { createShim, type FetchHandler, type SiteReader } from "../../shim/index.js";

/**
 * Each build is preloaded into memory once opened: a server lives long enough for it to pay. Bodies come as streams,
 * which Node's `Response` does not copy (`writeFetchResponse` writes their chunks as they are).
 */
export function serverShim(reader: SiteReader, logError?: (error: unknown) => void): FetchHandler {
  return createShim({ reader, preload: true, streamBodies: true, ...(logError ? { logError } : {}) });
}
