/** Small helpers for talking to a `Target` and reading its answers. */
import type { Target } from "./targets.js";

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  /** The body as text ("" when there is none). */
  readonly text: string;
}

export async function call(target: Target, pathAndQuery: string, init?: RequestInit): Promise<Reply> {
  const response = await target.fetch(pathAndQuery, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

/** `/api/plugins?` + the given parameters, each name and value percent-encoded. */
export function pluginsPath(params: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]> = {}): string {
  const pairs = Array.isArray(params) ? (params as ReadonlyArray<readonly [string, string]>) : Object.entries(params);
  if (pairs.length === 0) return "/api/plugins";
  return `/api/plugins?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
}

export interface MediaType {
  readonly type: string;
  readonly params: ReadonlyMap<string, string>;
}

/** `application/json; charset=UTF-8` → type `application/json`, params {charset → "UTF-8"}. */
export function parseMediaType(header: string | null): MediaType | undefined {
  if (header === null) return undefined;
  const [type = "", ...rest] = header.split(";");
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    params.set(
      part.slice(0, eq).trim().toLowerCase(),
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** Comma-separated header values, trimmed, e.g. `Allow: GET, HEAD` → ["GET", "HEAD"]. */
export function headerList(value: string | null): string[] {
  return value === null
    ? []
    : value
        .split(",")
        .map((v) => v.trim())
        .filter((v) => v !== "");
}

export function parseCacheControl(value: string | null): ReadonlyMap<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of headerList(value)) {
    const eq = part.indexOf("=");
    if (eq < 0) directives.set(part.toLowerCase(), true);
    else
      directives.set(
        part.slice(0, eq).trim().toLowerCase(),
        part
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, "$1"),
      );
  }
  return directives;
}

export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  503: "Service Unavailable",
};
