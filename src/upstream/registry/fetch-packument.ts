/**
 * Full packuments (`Accept: application/json`: the abbreviated form has no
 * README or dates), fetched conditionally: with the previous build's ETag an
 * unchanged package costs a 304.
 */
import type { UpstreamClient } from "../http/client.js";
import { describeBytes, isNotFound, ResponseTooLargeError } from "../http/errors.js";

export type PackumentAnswer =
  | { readonly kind: "document"; readonly document: unknown; readonly etag: string | undefined }
  | { readonly kind: "not-modified" }
  | { readonly kind: "not-found" }
  | { readonly kind: "malformed"; readonly reason: string };

/** `@scope/name` → `@scope%2fname`, as the registry expects. */
export function packumentPath(name: string): string {
  return `/${name.startsWith("@") ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`;
}

export async function fetchPackument(client: UpstreamClient, name: string, etag: string | undefined): Promise<PackumentAnswer> {
  try {
    const response = await client.request(packumentPath(name), {
      headers: { accept: "application/json", ...(etag === undefined ? {} : { "if-none-match": etag }) },
      accept: [304, 404],
    });
    if (response.status === 304) return { kind: "not-modified" };
    if (response.status === 404) return { kind: "not-found" };
    try {
      return { kind: "document", document: JSON.parse(response.text) as unknown, etag: response.headers.get("etag") ?? undefined };
    } catch {
      return { kind: "malformed", reason: "packument is not valid JSON" };
    }
  } catch (error) {
    if (isNotFound(error)) return { kind: "not-found" };
    // Left out, not kept from yesterday: a document over the cap today will be over it tomorrow.
    if (error instanceof ResponseTooLargeError)
      return { kind: "malformed", reason: `packument is over the ${describeBytes(error.capBytes)} cap for one response` };
    throw error;
  }
}
