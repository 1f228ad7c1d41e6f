/** HEAD answers as GET without a body (docs/API.md#methods), for the suites of the endpoints beside /api/plugins. */
import { expect } from "vitest";
import type { Reply } from "../support/http.js";

export function expectHeadAsGet(get: Reply, head: Reply): void {
  expect(head.status).toBe(get.status);
  expect(head.text).toBe("");
  for (const name of ["content-type", "etag", "last-modified", "cache-control", "access-control-allow-origin"]) {
    expect(head.headers.get(name), name).toBe(get.headers.get(name));
  }
  // A runtime may leave Content-Length off a GET it streams; where HEAD has one, it is the GET body's.
  const length = head.headers.get("content-length");
  if (length !== null) expect(Number(length), "Content-Length").toBe(Buffer.byteLength(get.text));
}
