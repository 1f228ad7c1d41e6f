/**
 * `serve` faces whoever can reach its port: each raw request below goes over a
 * socket to the real binary, gets a 4xx (or what the contract says), and the
 * server still answers an ordinary request after it. A request the HTTP parser
 * itself refuses (junk, an unknown method, oversized headers) is answered by
 * Node before the site sees it; the point is that none of them ends the process.
 */

import { rm } from "node:fs/promises";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORE } from "../../support/fixtures.js";
import { buildSiteWithCli, makeTempDir, type ServeProcess, startServeProcess } from "../../support/targets.js";

/** Sends `raw` as it is and resolves to everything the server wrote back before closing (or `ms` passing). */
function exchange(port: number, raw: string, ms = 5_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, ms);
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on("error", () => undefined);
    socket.write(Buffer.from(raw, "latin1"));
  });
}

const statusOf = (answer: string): number => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? Number.NaN);

const request = (target: string, headers: string, method = "GET"): string =>
  `${method} ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

/** [what, raw request, the status it must get]. */
const HOSTILE: readonly [string, string, number][] = [
  ["an empty Host", request("/api/plugins", "Host:\r\n"), 200],
  ["a Host with a space", request("/api/plugins", "Host: a b\r\n"), 200],
  ["a Host with a bad port", request("/api/plugins", "Host: a:99999\r\n"), 200],
  ["a Host with an open bracket", request("/api/plugins", "Host: [::1\r\n"), 200],
  ["a Host of bytes that are no text", request("/api/status", "Host: \xff\xfe\r\n"), 200],
  ["two Host headers", request("/api/status", "Host: a\r\nHost: b\r\n"), 200],
  ["an absolute-form target", request("http://elsewhere.example/api/plugins?per_page=1", "Host: x\r\n"), 200],
  ["an absolute-form target of a file", request("http://elsewhere.example/index.html", "Host: x\r\n"), 200],
  ["OPTIONS *", request("*", "Host: x\r\n", "OPTIONS"), 204],
  ["GET *", request("*", "Host: x\r\n"), 400],
  ["an authority-form GET", request("elsewhere.example:443", "Host: x\r\n"), 400],
  ["a target starting with //", request("//api/plugins", "Host: x\r\n"), 400],
  ["an unknown method on the API", request("/api/plugins", "Host: x\r\n", "FOO"), 400],
  ["DELETE on the API", request("/api/plugins", "Host: x\r\n", "DELETE"), 405],
  ["POST with a body on the API", `POST /api/plugins HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello`, 405],
  [
    "PUT with a chunked body on a file",
    `PUT /index.html HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    405,
  ],
  ["oversized headers", request("/api/plugins", `Host: x\r\nX-Big: ${"a".repeat(100_000)}\r\n`), 431],
  ["a broken percent escape in a path", request("/%E0%A4%A", "Host: x\r\n"), 400],
  ["a broken percent escape in a query", request("/api/plugins?q=%E0%A4%A", "Host: x\r\n"), 200],
  ["a NUL in the path", request("/api/plugins%00", "Host: x\r\n"), 404],
  ["a path that climbs out", request("/../../../etc/passwd", "Host: x\r\n"), 404],
  ["a 5,000-character query", request(`/api/plugins?q=${"a".repeat(5_000)}`, "Host: x\r\n"), 400],
  ["a target over 16 KB", request(`/api/plugins?q=${"%F0%9F%98%80".repeat(5_000)}`, "Host: x\r\n"), 431],
  ["bytes that are no HTTP", "\u0000\u0001\u0002junk\r\n\r\n", 400],
];

describe("serve survives any request", () => {
  let dir: string;
  let server: ServeProcess;
  let port: number;
  beforeAll(async () => {
    dir = await makeTempDir();
    server = await startServeProcess(await buildSiteWithCli(CORE, dir));
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const stillAnswers = async (): Promise<void> => {
    expect(server.child.exitCode).toBeNull();
    expect(statusOf(await exchange(port, request("/api/status", "Host: 127.0.0.1\r\n")))).toBe(200);
  };

  it.each(HOSTILE)("%s: answered, and the server keeps answering", async (_what, raw, status) => {
    expect(statusOf(await exchange(port, raw))).toBe(status);
    await stillAnswers();
  });

  it("HTTP/1.0 without Host, to the API and to a file", async () => {
    for (const target of ["/api/plugins?per_page=1", "/"]) {
      const answer = await exchange(port, `GET ${target} HTTP/1.0\r\n\r\n`);
      expect(statusOf(answer), target).toBe(200);
    }
    await stillAnswers();
  });

  it("CONNECT: 405, no tunnel", async () => {
    const answer = await exchange(port, "CONNECT elsewhere.example:443 HTTP/1.1\r\nHost: elsewhere.example:443\r\n\r\n");
    expect(statusOf(answer)).toBe(405);
    await stillAnswers();
  });

  it("a client that hangs up mid-request or before reading its answer", async () => {
    for (let i = 0; i < 20; i++) {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => undefined);
      socket.write(i % 2 === 0 ? "GET /api/plugins?per_page=100 HTTP/1.1\r\nHost: x\r\n\r\n" : "GET /api/plu");
      socket.destroy();
    }
    await stillAnswers();
    expect(server.stderr()).not.toMatch(/TypeError|Invalid URL|uncaught/i);
  });

  it("a problem body for the requests the bridge refuses itself", async () => {
    const answer = await exchange(port, request("*", "Host: x\r\n"));
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { status: number; detail: string };
    expect(body.status).toBe(400);
    expect(body.detail).toContain("path");
  });
});
