/**
 * `query DIR 'q=…'`, driven in process, answers on stdout exactly as the HTTP
 * API would: compared with the server `serve` runs, started in this process.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type RunningServer, serveSite } from "../../../src/runtime/node/serve.js";
import { CORE } from "../../support/fixtures.js";
import { call } from "../../support/http.js";
import { makeTempDir, type Target } from "../../support/targets.js";
import { buildSiteInProcess, expectOneLineFailure, runInProcess } from "../run-in-process.js";

function serverTarget(server: RunningServer): Target {
  return {
    fetch: (pathAndQuery, init) => fetch(`${server.url}${pathAndQuery}`, { redirect: "manual", ...init }),
    close: () => server.close(),
  };
}

/** Runs `query SITE QUERY` and asks the HTTP server the same, side by side. */
const both = (site: string, http: Target, query: string) =>
  Promise.all([runInProcess(["query", site, query]), call(http, `/api/plugins${query === "" ? "" : `?${query}`}`)]);

describe.concurrent("query", () => {
  let dir: string;
  let site: string;
  let http: Target;
  beforeAll(async () => {
    dir = await makeTempDir();
    site = await buildSiteInProcess(CORE, dir);
    http = serverTarget(await serveSite({ dir: site, port: 0, host: "127.0.0.1" }));
  });
  afterAll(async () => {
    await http?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const GOOD = ["", "q=charts", "sort=name&per_page=3&page=2", "category=CHARTS&author=%40alice", "web=1&sort=recent", "page=99"];
  it.for([...GOOD, "q=caf%C3%A9&foo=bar"])("query %j prints the HTTP body and exits 0", async (query, { expect }) => {
    const [result, reply] = await both(site, http, query);
    expect(reply.status).toBe(200);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(reply.text);
  });

  it.for(["page=0", "sort=Stars&per_page=101", "q=a&q=b"])("query %j prints the 400 problem and exits 1", async (query, { expect }) => {
    const [result, reply] = await both(site, http, query);
    expect(reply.status).toBe(400);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(reply.text);
    expect(expectOneLineFailure(expect, result)).toMatch(/^plugin-catalog: 400: /);
  });

  it("a directory with no catalog: exit 1, one line saying how to build one", async ({ expect }) => {
    const message = expectOneLineFailure(expect, await runInProcess(["query", dir, "q=x"]));
    expect(message).toContain(`build one first: plugin-catalog build --out ${dir}`);
  });
});
