import { afterEach, describe, expect, it } from "vitest";
import {
  createWorld,
  dropFields,
  hang,
  mapJson,
  outage,
  type RunningFake,
  reset,
  respond,
  retypeFields,
  startFakeGitHub,
  startFakeGitLab,
  startFakeRegistry,
  tooManyRequests,
  truncate,
} from "./index.js";

const world = createWorld({ packages: 120, seed: 51 });
const published = world.names().find((n) => !world.get(n)?.unpublished && !n.startsWith("@")) ?? "";
const running: RunningFake[] = [];

async function registry(options: Omit<Parameters<typeof startFakeRegistry>[0], "world"> = {}): Promise<RunningFake> {
  const fake = await startFakeRegistry({ world, ...options });
  running.push(fake);
  return fake;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((f) => f.close()));
});

describe("fault plans", () => {
  it("fire exactly N times for matching requests, then the fake answers normally", async () => {
    const fake = await registry();
    const flaky = fake.faults.add({ match: { method: "GET", path: /^\/-\/v1\/search\?.*from=0/ }, times: 2, action: tooManyRequests(3) });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${fake.url}/-/v1/search?text=keywords:acme-plugin&from=0`);
      if (res.status === 429) expect(res.headers.get("retry-after")).toBe("3");
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    const other = await fetch(`${fake.url}/${published}`);
    expect(statuses).toEqual([429, 429, 200, 200]);
    expect(other.status).toBe(200);
    expect(flaky.fired).toBe(2);
    expect(fake.faults.fired).toBe(2);
  });

  it("hang until the client times out, and close() still ends promptly", async () => {
    const fake = await registry({ faults: [{ action: hang() }] });
    await expect(fetch(`${fake.url}/${published}`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    const pending = fetch(`${fake.url}/${published}`).then(
      () => "answered",
      () => "failed",
    );
    while (fake.stats.requests < 2) await new Promise((resolve) => setTimeout(resolve, 5)); // it is hanging now
    expect(fake.stats.inFlight).toBeGreaterThan(0);
    const started = performance.now();
    await fake.close();
    expect(performance.now() - started).toBeLessThan(500);
    expect(await pending).toBe("failed");
  });

  it("reset the connection", async () => {
    const fake = await registry({ faults: [{ times: 1, action: reset() }] });
    await expect(fetch(`${fake.url}/${published}`)).rejects.toThrow(TypeError);
    expect((await fetch(`${fake.url}/${published}`)).status).toBe(200);
  });

  it("break bodies: truncated JSON, missing fields, wrong types", async () => {
    const fake = await registry();
    const url = `${fake.url}/${published}`;
    fake.faults.add({ times: 1, action: truncate() });
    await expect((await fetch(url)).json()).rejects.toThrow(SyntaxError);
    fake.faults.add({ times: 1, action: dropFields("dist-tags", "time") });
    expect(await fetch(url).then((r) => r.json())).not.toHaveProperty("dist-tags");
    fake.faults.add({ times: 1, action: retypeFields("versions", "name") });
    const retyped = (await fetch(url).then((r) => r.json())) as { versions: unknown; name: unknown };
    expect([typeof retyped.versions, typeof retyped.name]).toEqual(["string", "number"]);
    fake.faults.add({ times: 1, action: mapJson(() => ({ objects: "not an array" })) });
    expect(await fetch(`${fake.url}/-/v1/search?text=keywords:acme-plugin`).then((r) => r.json())).toEqual({ objects: "not an array" });
  });

  it("take a whole platform down and bring it back", async () => {
    const github = await startFakeGitHub({ world });
    const gitlab = await startFakeGitLab({ world });
    running.push(github, gitlab);
    const downs = [github.faults.add(outage()), gitlab.faults.add(outage())];
    const answers = await Promise.all([
      fetch(`${github.url}/graphql`, { method: "POST", headers: { authorization: "bearer t" }, body: "{}" }),
      fetch(`${github.url}/repos/a/b`),
      fetch(`${gitlab.url}/api/v4/projects/1`),
      fetch(`${gitlab.url}/api/graphql`, { method: "POST", body: "{}" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    for (const d of downs) d.remove();
    expect((await fetch(`${gitlab.url}/api/v4/projects/1`)).status).toBe(404);
  });

  it("aim at one GraphQL alias", async () => {
    const github = await startFakeGitHub({ world });
    running.push(github);
    github.faults.add({ match: { graphql: { alias: "poison" } }, action: respond(502, "<html>Bad gateway</html>") });
    const post = (query: string): Promise<number> =>
      fetch(`${github.url}/graphql`, { method: "POST", headers: { authorization: "bearer t" }, body: JSON.stringify({ query }) }).then(
        (r) => r.status,
      );
    expect(await post(`{ ok: repository(owner: "a", name: "b") { name } }`)).toBe(200);
    expect(await post(`{ ok: repository(owner: "a", name: "b") { name } poison: repository(owner: "c", name: "d") { name } }`)).toBe(502);
  });
});

describe("instruments", () => {
  it("delay answers by latencyMs and track in-flight concurrency and routes", async () => {
    const fake = await registry({ latencyMs: 50 });
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${fake.url}/${published}`).then((r) => r.arrayBuffer())));
    expect(answers).toHaveLength(8);
    expect(performance.now() - started).toBeGreaterThanOrEqual(49);
    expect(fake.stats.maxInFlight).toBe(8);
    expect(fake.stats.inFlight).toBe(0);
    expect(fake.stats.byRoute).toEqual({ "GET /:package": 8 });
    expect(fake.stats.byStatus).toEqual({ 200: 8 });
  });
});
