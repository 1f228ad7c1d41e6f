/**
 * `plugin-catalog serve`: http-server for the site's static files, with the
 * shim mounted in front of it for `/api/`.
 */

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import httpServer from "http-server";
import { type FetchHandler, STATUS_PATH } from "../../shim/index.js";
import { type NodeRequestLike, type NodeResponseLike, toFetchRequest, writeFetchResponse } from "./fetch-bridge.js";
import { createFsReader } from "./fs-reader.js";
import { serverShim } from "./server-shim.js";

export interface ServeOptions {
  readonly dir: string;
  readonly port: number;
  readonly host: string;
  readonly logError?: (error: unknown) => void;
}

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function serveSite(options: ServeOptions): Promise<RunningServer> {
  const shim = serverShim(createFsReader(options.dir), options.logError);
  const server = httpServer.createServer({
    root: options.dir,
    cache: 60,
    showDir: false,
    before: [apiMiddleware(shim)],
  }) as unknown as { server: Server };
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  // Opens the catalog now, so that its preload starts before the first visitor asks.
  void shim(new Request(new URL(STATUS_PATH, url))).then((answer) => answer.body?.cancel());
  return {
    url,
    close: () => new Promise((resolve) => server.server.close(() => resolve())),
  };
}

function apiMiddleware(shim: FetchHandler) {
  return (request: NodeRequestLike, response: NodeResponseLike, next: () => void): void => {
    if (!(request.url ?? "").startsWith("/api/")) {
      next();
      return;
    }
    const origin = `http://${request.headers.host ?? "localhost"}`;
    void shim(toFetchRequest(request, origin)).then((answer) => writeFetchResponse(response, answer));
  };
}
