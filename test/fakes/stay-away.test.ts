/** Limits opened mid-run (stay-away.ts), an outage that starts mid-run, and ecosystem manifest fields, as the fakes serve them. */
import { afterEach, describe, expect, it } from "vitest";
import {
  createWorld,
  exhaustGraphqlQuota,
  outageAfter,
  type RunningFake,
  StayAwayLog,
  startFakeGitHub,
  startFakeRegistry,
  tooManyRequestsStorm,
} from "./index.js";

const world = createWorld({ packages: 40, seed: 5 });
const running: RunningFake[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

interface GraphqlAnswer {
  status: number;
  reset: string | null;
  remaining: string | null;
  body: { errors?: { type?: string }[] };
}

async function graphql(url: string): Promise<GraphqlAnswer> {
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { authorization: "bearer t0ken", "content-type": "application/json" },
    body: JSON.stringify({ query: "query { rateLimit { remaining resetAt } }" }),
  });
  const headers = { reset: response.headers.get("x-ratelimit-reset"), remaining: response.headers.get("x-ratelimit-remaining") };
  return { status: response.status, ...headers, body: (await response.json()) as { errors?: { type?: string }[] } };
}

describe("exhaustGraphqlQuota", () => {
  it("answers RATE_LIMITED from the chosen request until the whole-second reset, then serves again", async () => {
    const github = await startFakeGitHub({ world });
    running.push(github);
    const log = new StayAwayLog();
    github.faults.add(log.recorder());
    exhaustGraphqlQuota(github, log, { after: 1, resetInMs: 300 });

    const first = await graphql(github.url);
    expect(first.body.errors).toBeUndefined();
    expect(Number(first.remaining)).toBeGreaterThan(0);
    const limited = [await graphql(github.url), await graphql(github.url)];
    const [window] = log.windows;
    expect(log.windows).toHaveLength(1);
    expect(window!.until % 1000).toBe(0);
    for (const answer of limited) {
      expect(answer.status).toBe(200);
      expect(answer.body.errors?.[0]?.type).toBe("RATE_LIMITED");
      expect(answer).toMatchObject({ remaining: "0", reset: String(window!.until / 1000) });
    }
    await new Promise((resolve) => setTimeout(resolve, window!.until - Date.now() + 20));
    expect((await graphql(github.url)).body.errors).toBeUndefined();
    // The second limited request came after the first had told the client to stay away.
    expect(log.violations(0)).toHaveLength(1);
    expect(log.violations(60_000)).toHaveLength(0);
  });
});

describe("tooManyRequestsStorm", () => {
  it("answers `count` matching requests in a row with 429 and Retry-After, after the first `after`, each opening a window", async () => {
    const registry = await startFakeRegistry({ world });
    running.push(registry);
    const log = new StayAwayLog();
    const name = world.names().find((n) => !n.startsWith("@")) ?? "";
    const storm = tooManyRequestsStorm(registry, log, { where: (req) => req.path === `/${name}`, after: 2, count: 3, retryAfterS: 2 });
    const statuses: (number | string | null)[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${registry.url}/${name}`);
      await response.arrayBuffer();
      statuses.push(response.status === 429 ? `429 after ${response.headers.get("retry-after")}` : response.status);
    }
    await (await fetch(`${registry.url}/-/v1/search?text=keywords:acme-plugin`)).arrayBuffer();
    expect(statuses).toEqual([200, 200, "429 after 2", "429 after 2", "429 after 2", 200, 200]);
    expect(storm.fired).toBe(3);
    expect(log.windows.map((w) => w.until - w.from)).toEqual([2000, 2000, 2000]);
  });
});

describe("outageAfter", () => {
  it("serves the first `after` counted requests, then answers 503 to everything", async () => {
    const registry = await startFakeRegistry({ world });
    running.push(registry);
    const counted = (req: { path: string }) => !req.path.startsWith("/-/");
    registry.faults.add(outageAfter(2, counted));
    const [a, b] = world.names();
    const statuses: number[] = [];
    const search = "/-/v1/search?text=keywords:acme-plugin";
    for (const path of [search, `/${a}`, search, `/${b}`, search, `/${a}`]) {
      const response = await fetch(`${registry.url}${path}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 503, 503]);
  });
});

describe("setManifestFields", () => {
  it("puts an ecosystem's own fields into every manifest the registry serves", async () => {
    const local = createWorld({ packages: 10, seed: 6 });
    const name = local.names().find((n) => !local.get(n)?.unpublished && !n.startsWith("@")) ?? "";
    const before = local.get(name)?.modified;
    local.setManifestFields(name, { signalk: { displayName: "Freeboard SK" } });
    const registry = await startFakeRegistry({ world: local });
    running.push(registry);
    const packument = (await (await fetch(`${registry.url}/${name}`, { headers: { accept: "application/json" } })).json()) as {
      "dist-tags": { latest: string };
      versions: Record<string, { signalk?: { displayName?: string } }>;
      time: { modified: string };
    };
    expect(packument.versions[packument["dist-tags"].latest]?.signalk?.displayName).toBe("Freeboard SK");
    expect(packument.time.modified).not.toBe(before);
  });
});
