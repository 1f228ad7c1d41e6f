/** CONTRACT section 6: `query DIR 'q=…'` answers on stdout exactly as the HTTP API would. */
import { afterAll, beforeAll, describe, it } from "vitest";
import { rm } from "node:fs/promises";
import { CORE } from "../support/fixtures.js";
import { call } from "../support/http.js";
import { buildSiteWithCli, httpTarget, makeTempDir, runCli, startServeProcess, type Target } from "../support/targets.js";

describe.concurrent("query", () => {
  let dir: string;
  let site: string;
  let http: Target;
  beforeAll(async () => {
    dir = await makeTempDir();
    site = await buildSiteWithCli(CORE, dir);
    http = httpTarget(await startServeProcess(site));
  });
  afterAll(async () => {
    await http?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.for(["", "q=charts", "sort=name&per_page=3&page=2", "category=CHARTS&author=%40alice", "web=1&sort=recent", "page=99", "q=caf%C3%A9&foo=bar"])(
    "query %j prints the HTTP body and exits 0",
    async (query, { expect }) => {
      const [result, reply] = await Promise.all([runCli(["query", site, query]), call(http, `/api/plugins${query === "" ? "" : `?${query}`}`)]);
      expect(reply.status).toBe(200);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(reply.text);
    },
  );

  it.for(["page=0", "sort=Stars&per_page=101", "q=a&q=b"])("query %j prints the 400 problem and exits 1", async (query, { expect }) => {
    const [result, reply] = await Promise.all([runCli(["query", site, query]), call(http, `/api/plugins?${query}`)]);
    expect(reply.status).toBe(400);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(reply.text);
  });
});
