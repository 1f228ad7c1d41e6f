/**
 * The one bridge between Node's HTTP objects and the Fetch API: what a request target becomes, what a Node request
 * becomes (whatever a client wrote in it), and the bytes written back.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyBytes, type NodeRequestLike, targetPath, toFetchRequest } from "../../../src/runtime/node/fetch-bridge.js";

describe("targetPath, the path and query of a request target", () => {
  it.each([
    ["/api/plugins?q=x&sort=name", "/api/plugins?q=x&sort=name"],
    ["/", "/"],
    ["/api/plugins/", "/api/plugins/"],
    ["/api/plugins?q=a%20b#frag", "/api/plugins?q=a%20b#frag"],
  ])("takes origin-form %j as it is", (target, path) => {
    expect(targetPath(target)).toBe(path);
  });

  it.each([
    ["http://example.com/api/plugins?q=x", "/api/plugins?q=x"],
    ["HTTPS://Example.com:8443/api/status?x=1#fragment", "/api/status?x=1"],
    ["http://example.com", "/"],
    ["http://example.com/a b", "/a%20b"],
  ])("reduces absolute-form %j to its path and query", (target, path) => {
    expect(targetPath(target)).toBe(path);
  });

  it("reads a missing or empty target as /", () => {
    expect(targetPath(undefined)).toBe("/");
    expect(targetPath("")).toBe("/");
  });

  it.each([
    ["*"],
    ["//x"],
    ["//example.com/api/plugins"],
    ["example.com:443"],
    ["api/plugins"],
    ["ftp://example.com/api/plugins"],
    ["http://[::1"],
  ])("has no path for %j", (target) => {
    expect(targetPath(target)).toBeUndefined();
  });
});

const request = (fields: Partial<NodeRequestLike>): NodeRequestLike => ({ method: "GET", url: "/api/plugins", headers: {}, ...fields });

describe("toFetchRequest, a Node request as the shim sees it", () => {
  it("puts the target's path and query on a fixed origin, whatever the Host header says", () => {
    for (const host of [undefined, "", "a b", "[::1", "example.com"]) {
      const converted = toFetchRequest(request({ url: "/api/plugins?q=x", headers: host === undefined ? {} : { host } }));
      expect(converted?.url, String(host)).toBe("http://localhost/api/plugins?q=x");
    }
    expect(toFetchRequest(request({ url: "http://elsewhere.example/api/status?y=2" }))?.url).toBe("http://localhost/api/status?y=2");
  });

  it("is undefined for a target that is no path", () => {
    for (const url of ["*", "//x", "example.com:443", "ftp://example.com/"]) expect(toFetchRequest(request({ url })), url).toBeUndefined();
  });

  it("keeps every header the Fetch API takes: repeated ones joined, absent ones skipped, refused ones dropped", () => {
    const converted = toFetchRequest(
      request({
        headers: {
          "if-none-match": '"a"',
          "x-repeated": ["one", "two"],
          "x-absent": undefined,
          "x-nul": "a\u0000b",
          "x-wide": "\u0100",
          "bad name": "v",
          "x-latin1": "caf\u00e9",
          "x-padded": "  spaced  ",
        },
      }),
    );
    expect(converted).toBeDefined();
    expect([...(converted?.headers ?? [])]).toEqual([
      ["if-none-match", '"a"'],
      ["x-latin1", "caf\u00e9"],
      ["x-padded", "spaced"],
      ["x-repeated", "one, two"],
    ]);
  });

  it("keeps GET, HEAD, OPTIONS and any method the Fetch API takes; GET when none is given", () => {
    const methodOf = (method: string | undefined) => toFetchRequest(request({ method }))?.method;
    expect(methodOf(undefined)).toBe("GET");
    expect(methodOf("HEAD")).toBe("HEAD");
    expect(methodOf("OPTIONS")).toBe("OPTIONS");
    expect(methodOf("get")).toBe("GET");
    expect(methodOf("PURGE")).toBe("PURGE");
    expect(methodOf("M-SEARCH")).toBe("M-SEARCH");
  });

  it("turns a method the Fetch API refuses into PATCH, which the shim answers 405 like every other", () => {
    for (const method of ["CONNECT", "TRACE", "TRACK", "GE T", ""]) {
      expect(toFetchRequest(request({ method }))?.method, JSON.stringify(method)).toBe("PATCH");
    }
  });

  it("forwards no body: the API reads none", () => {
    const converted = toFetchRequest(request({ method: "POST", headers: { "content-length": "5", "content-type": "text/plain" } }));
    expect(converted?.method).toBe("POST");
    expect(converted?.body).toBeNull();
  });
});

const streamOf = (chunks: readonly Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe("bodyBytes, the bytes serve writes for a response", () => {
  it("is the body's one chunk itself, not a copy", async () => {
    const chunk = new TextEncoder().encode('{"total":0}');
    expect(await bodyBytes(new Response(streamOf([chunk])))).toBe(chunk);
  });

  it("is every chunk in order when there are several", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 1, maxLength: 40 }), { maxLength: 6 }), async (chunks) => {
        const bytes = await bodyBytes(new Response(streamOf(chunks)));
        expect(Buffer.from(bytes ?? []).equals(Buffer.concat(chunks))).toBe(true);
      }),
    );
  });

  it("is undefined without a body", async () => {
    expect(await bodyBytes(new Response(null, { status: 204 }))).toBeUndefined();
  });
});
