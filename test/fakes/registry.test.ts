import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type RunningFake, startFakeRegistry, type World } from "./index.js";

interface SearchBody {
  objects: { package: { name: string; keywords: string[] }; dependents: unknown; downloads: unknown; score: unknown; flags: unknown }[];
  total: number;
  time: string;
}

async function search(base: string, query: string): Promise<{ status: number; body: SearchBody }> {
  const res = await fetch(`${base}/-/v1/search?${query}`);
  return { status: res.status, body: (await res.json()) as SearchBody };
}

describe("fake registry", () => {
  let world: World;
  let registry: RunningFake;

  beforeAll(async () => {
    world = createWorld({ packages: 600, seed: 21, keywords: ["acme-plugin", "acme-extra"] });
    registry = await startFakeRegistry({ world });
  });
  afterAll(() => registry.close());

  it("searches by keyword in the live response shape and pages with size ≤ 250 and from", async () => {
    const first = await search(registry.url, "text=keywords:acme-plugin&size=1000");
    expect(first.status).toBe(200);
    expect(first.body.objects).toHaveLength(250);
    const object = first.body.objects[0];
    expect(Object.keys(object ?? {}).sort()).toEqual(["dependents", "downloads", "flags", "package", "score", "searchScore", "updated"]);
    expect(typeof object?.dependents).toBe("string");
    expect(Object.keys(object?.package ?? {})).toEqual(
      expect.arrayContaining(["name", "version", "keywords", "date", "links", "publisher", "maintainers", "sanitized_name"]),
    );
    expect(first.body.objects.some((o) => "license" in o.package)).toBe(true); // absent when none is declared

    const names = new Set<string>();
    for (let from = 0; from < first.body.total; from += 250) {
      const page = await search(registry.url, `text=keywords:acme-plugin&size=250&from=${from}`);
      for (const o of page.body.objects) names.add(o.package.name);
    }
    expect(names.size).toBe(first.body.total);
    const either = await search(registry.url, "text=keywords:acme-plugin,acme-extra&size=1");
    expect(either.body.total).toBe(600);
    const defaults = await search(registry.url, "text=keywords:ACME-PLUGIN");
    expect(defaults.body.objects).toHaveLength(20);
  });

  it("serves packuments for plain, %2f-encoded and unencoded scoped names; 404 for unknown", async () => {
    const scoped = world.names().find((n) => n.startsWith("@") && !world.get(n)?.unpublished) ?? "";
    for (const path of [scoped.replace("/", "%2f"), scoped.replace("/", "%2F"), scoped]) {
      const res = await fetch(`${registry.url}/${path}`, { headers: { accept: "application/json" } });
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { name: string; readme: string; time: Record<string, unknown>; versions: object };
      expect(doc.name).toBe(scoped);
      expect(typeof doc.readme).toBe("string");
      expect(doc.time.created).toBeTypeOf("string");
    }
    const missing = await fetch(`${registry.url}/no-such-package-anywhere`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found" });
  });

  it("answers If-None-Match with 304 until the package changes", async () => {
    const name = world.names().find((n) => !world.get(n)?.unpublished) ?? "";
    const url = `${registry.url}/${encodeURIComponent(name)}`;
    const first = await fetch(url);
    const etag = first.headers.get("etag") ?? "";
    expect(first.headers.get("last-modified")).toBeTruthy();
    const before = registry.stats.notModified;
    const again = await fetch(url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(registry.stats.notModified).toBe(before + 1);
    world.bumpVersion(name);
    const changed = await fetch(url, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("serves an unpublished package as the registry does: 200, time.unpublished, no versions", async () => {
    const name = world.names().find((n) => !world.get(n)?.unpublished && !n.startsWith("@")) ?? "";
    world.unpublish(name);
    const res = await fetch(`${registry.url}/${name}`);
    const doc = (await res.json()) as Record<string, unknown> & { time: { unpublished: { versions: string[] } } };
    expect(res.status).toBe(200);
    expect(doc["dist-tags"]).toBeUndefined();
    expect(doc.versions).toBeUndefined();
    expect(doc.time.unpublished.versions.length).toBeGreaterThan(0);
    const listed = await search(registry.url, `text=keywords:acme-plugin,acme-extra&size=250&from=0`);
    expect(listed.body.total).toBe(600); // the search index still lists it
  });

  it("serves the abbreviated document when asked for it", async () => {
    const name = world.names().find((n) => !world.get(n)?.unpublished) ?? "";
    const res = await fetch(`${registry.url}/${encodeURIComponent(name)}`, { headers: { accept: "application/vnd.npm.install-v1+json" } });
    const doc = (await res.json()) as Record<string, unknown>;
    expect(res.headers.get("content-type")).toBe("application/vnd.npm.install-v1+json");
    expect(doc.readme).toBeUndefined();
    expect(doc.modified).toBeTypeOf("string");
  });
});

describe("fake registry limits", () => {
  it("stops at the result window: empty pages past it (or 400), with the true total", async () => {
    const world = createWorld({ packages: 120, seed: 8 });
    const empty = await startFakeRegistry({ world, resultWindow: 100 });
    const strict = await startFakeRegistry({ world, resultWindow: 100, pastResultWindow: "error" });
    try {
      const straddle = await search(empty.url, "text=keywords:acme-plugin&size=50&from=80");
      expect([straddle.body.objects.length, straddle.body.total]).toEqual([20, 120]);
      const past = await search(empty.url, "text=keywords:acme-plugin&size=50&from=100");
      expect([past.status, past.body.objects.length, past.body.total]).toEqual([200, 0, 120]);
      expect((await fetch(`${strict.url}/-/v1/search?text=keywords:acme-plugin&from=100`)).status).toBe(400);
    } finally {
      await Promise.all([empty.close(), strict.close()]);
    }
  });

  it("rate-limits a search burst with 429, retry-after 0, for the whole block period", async () => {
    const world = createWorld({ packages: 30, seed: 9 });
    const registry = await startFakeRegistry({ world, searchRateLimit: { burst: 3, windowMs: 10_000, blockMs: 300 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${registry.url}/-/v1/search?text=keywords:acme-plugin&from=${i}`);
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get("retry-after")).toBe("0");
          expect(res.headers.get("content-type")).toContain("text/html");
        }
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect((await fetch(`${registry.url}/${world.names()[0] ?? ""}`)).status).toBe(200); // packuments are not limited
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await fetch(`${registry.url}/-/v1/search?text=keywords:acme-plugin`)).status).toBe(200);
    } finally {
      await registry.close();
    }
  });
});
