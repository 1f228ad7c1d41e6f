/**
 * The size cap on one upstream answer (contract section 5: "Each upstream response has a size
 * cap, named in the build report when hit"): a real local server sends bodies just over and
 * exactly at a small `maxBodyBytes`, framed every way HTTP/1.1 allows, and gzipped.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../../src/upstream/hosts.js";
import { UpstreamClient } from "../../../src/upstream/http/client.js";
import { ResponseTooLargeError } from "../../../src/upstream/http/errors.js";

const CAP = 4096;

type Framing = "content-length" | "chunked" | "close";

/** `/<framing>/<bytes>` answers `bytes` bytes of JSON-ish text, framed as asked; `/gzip/<bytes>` gzips them. */
let http: Server;
let raw: ReturnType<typeof createTcpServer>;
let httpUrl: string;
let rawUrl: string;
const hits: string[] = [];

function body(bytes: number): Buffer {
  return Buffer.alloc(bytes, "a");
}

beforeAll(async () => {
  http = createHttpServer((req, res) => {
    hits.push(req.url ?? "");
    const [, framing, size] = (req.url ?? "").split("/");
    const bytes = body(Number(size));
    if (framing === "content-length") {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(bytes.length) }).end(bytes);
    } else if (framing === "gzip") {
      const zipped = gzipSync(bytes);
      res
        .writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": String(zipped.length) })
        .end(zipped);
    } else {
      res.writeHead(200, { "content-type": "application/json" }); // no length: chunked
      for (let at = 0; at < bytes.length; at += 1000) res.write(bytes.subarray(at, at + 1000));
      res.end();
    }
  });
  // HTTP/1.1 with neither a length nor chunks: the body ends when the connection does.
  raw = createTcpServer((socket) => {
    socket.once("data", (request) => {
      hits.push(request.toString("latin1").split(" ")[1] ?? "");
      const size = Number(request.toString("latin1").split(" ")[1]?.split("/")[2]);
      socket.end(
        Buffer.concat([Buffer.from("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n"), body(size)]),
      );
    });
    socket.on("error", () => {});
  });
  await Promise.all([
    new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve)),
    new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve)),
  ]);
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
});

afterAll(async () => {
  http.closeAllConnections();
  await Promise.all([new Promise((resolve) => http.close(resolve)), new Promise((resolve) => raw.close(resolve))]);
});

function client(framing: Framing | "gzip"): UpstreamClient {
  return new UpstreamClient({
    baseUrl: framing === "close" ? rawUrl : httpUrl,
    concurrency: 2,
    timeoutMs: 5_000,
    retries: 3,
    maxBodyBytes: CAP,
    sleep: async () => {},
  });
}

describe("UpstreamClient's size cap", () => {
  it.each(["content-length", "chunked", "close", "gzip"] as const)(
    "%s: a body one byte over the cap fails with ResponseTooLargeError, is not retried, and is counted",
    async (framing) => {
      const upstream = client(framing);
      const path = `/${framing}/${CAP + 1}`;
      const before = hits.filter((hit) => hit === path).length;
      const error = await upstream.request(path).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(String((error as Error).message)).toMatch(/over the 4 KiB cap/);
      expect((error as ResponseTooLargeError).capBytes).toBe(CAP);
      expect(hits.filter((hit) => hit === path).length - before).toBe(1);
      expect(upstream.stats).toMatchObject({ requests: 1, retries: 0, tooLarge: 1 });
      expect(upstream.gateRecord.down).toBeUndefined();
    },
  );

  it.each(["content-length", "chunked", "close", "gzip"] as const)("%s: a body exactly at the cap is read whole", async (framing) => {
    const upstream = client(framing);
    const response = await upstream.request(`/${framing}/${CAP}`);
    expect(response.text).toBe("a".repeat(CAP));
    expect(upstream.stats).toMatchObject({ requests: 1, tooLarge: 0 });
  });

  it("reads no further than the cap: a 64 MiB chunked body fails after about the cap", async () => {
    const upstream = client("chunked");
    const started = performance.now();
    await expect(upstream.request(`/chunked/${64 << 20}`)).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("caps the hosts as documented: the registry at 100 MiB, GitHub and GitLab at 16 MiB", () => {
    expect(MAX_BODY_BYTES).toEqual({ registry: 100 << 20, github: 16 << 20, gitlab: 16 << 20 });
  });
});
