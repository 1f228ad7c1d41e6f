/** The document through the real runtimes too: `serve` (Node + http-server) and the bundled Worker in workerd. */
import { describe, expect, it } from "vitest";
import { OPENAPI_MEDIA_TYPE, OPENAPI_PATH } from "../../src/core/routes.js";
import { openApiDocument } from "../../src/site/openapi-document.js";
import { CORE } from "../support/fixtures.js";
import { conformingTarget, ResponseConformance } from "../support/openapi-conformance.js";
import { type StartTarget, startServeTarget } from "../support/targets.js";
import { startWorkerdTarget } from "../support/workerd-target.js";

const RUNTIMES: ReadonlyArray<readonly [string, StartTarget]> = [
  ["plugin-catalog serve", startServeTarget],
  ["workerd (Miniflare)", startWorkerdTarget],
];

describe.each(RUNTIMES)(`${OPENAPI_PATH} via %s`, (_name, start) => {
  it("answers GET, HEAD, If-None-Match and other methods as the in-process shim does", async () => {
    const target = conformingTarget(await start(CORE), new ResponseConformance(openApiDocument()));
    try {
      const get = await target.fetch(OPENAPI_PATH);
      expect(get.status).toBe(200);
      expect(get.headers.get("content-type")).toBe(OPENAPI_MEDIA_TYPE);
      expect(await get.json()).toEqual(openApiDocument());
      const etag = get.headers.get("etag") ?? "";
      expect((await target.fetch(OPENAPI_PATH, { headers: { "if-none-match": etag } })).status).toBe(304);
      expect((await target.fetch(OPENAPI_PATH, { method: "HEAD" })).status).toBe(200);
      expect((await target.fetch(OPENAPI_PATH, { method: "POST" })).status).toBe(405);
    } finally {
      await target.close();
    }
  });
});
