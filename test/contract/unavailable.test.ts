/**
 * docs/API.md#errors: "catalog files missing or unreadable → 503; the shim
 * never crashes its runtime". Each target is broken its own way.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_PATH, SITE_FORMAT_VERSION, type SiteManifest, seriesFile } from "../../src/core/site-format.js";
import { buildSite } from "../../src/site/build-site.js";
import { COMPAT } from "../support/compat-catalog.js";
import { CORE } from "../support/fixtures.js";
import { call } from "../support/http.js";
import { httpTarget, makeTempDir, mapReader, type SiteReader, shimTarget, startServeProcess, type Target } from "../support/targets.js";
import { expectBadRequest, expectCors, expectPage, expectProblem } from "./expect.js";

const PATHS = [
  "/api/plugins",
  "/api/plugins?q=charts",
  "/api/plugins?sort=name&page=2&per_page=3",
  "/api/plugins?category=charts&web=1",
  "/api/facets?q=charts&web=1",
  "/api/status",
  "/api/catalog.json",
  "/api/plugins/alpha-charts",
  "/api/plugins/acme~zeta",
];

describe("in-process shim with missing or unreadable catalog files", () => {
  let files: Map<string, Uint8Array>;
  beforeAll(async () => {
    files = await buildSite(CORE);
  });

  const readers: ReadonlyArray<readonly [string, () => SiteReader]> = [
    ["every read returns null", () => ({ read: async () => null })],
    ["every read rejects", () => ({ read: () => Promise.reject(new Error("EIO: disk on fire")) })],
    [
      "every read throws synchronously",
      () => ({
        read: () => {
          throw new Error("EACCES");
        },
      }),
    ],
    ["every file is garbage", () => ({ read: async () => new TextEncoder().encode("\u0000not json{") })],
    ["every file is empty", () => ({ read: async () => new Uint8Array() })],
  ];

  for (const [title, makeReader] of readers) {
    it(`${title}: 503 problem+json, never a rejected promise`, async () => {
      const target = shimTarget(makeReader(), { manifestTtlMs: 0 });
      for (const path of PATHS) {
        const reply = await call(target, path);
        const problem = expectProblem(reply, 503);
        expect(problem.detail).not.toContain("disk on fire");
      }
    });
  }

  it("one file missing: the right answer or a 503, never a wrong answer", async () => {
    const healthy = shimTarget(mapReader(files), { manifestTtlMs: 0 });
    const expected = new Map<string, string>();
    for (const path of PATHS) expected.set(path, (await call(healthy, path)).text);
    const keys = [...files.keys()];
    const step = Math.max(1, Math.floor(keys.length / 60));
    for (let i = 0; i < keys.length; i += step) {
      const partial = new Map(files);
      partial.delete(keys[i] ?? "");
      const target = shimTarget(mapReader(partial), { manifestTtlMs: 0 });
      for (const path of PATHS) {
        const reply = await call(target, path);
        if (reply.status === 503) expectProblem(reply, 503);
        else {
          if (path.startsWith("/api/plugins?") || path === "/api/plugins") expectPage(reply);
          expect(reply.status).toBe(200);
          expect(reply.text, `${path} without ${keys[i]}`).toBe(expected.get(path));
        }
      }
    }
  });

  it("a site of an older format version is a 503 on every endpoint, never misread", async () => {
    const manifest = JSON.parse(new TextDecoder().decode(files.get(MANIFEST_PATH))) as Record<string, unknown>;
    const { facets: _facets, status: _status, catalog: _catalog, ...rest } = manifest;
    const older = { ...rest, formatVersion: SITE_FORMAT_VERSION - 1 };
    const target = shimTarget(mapReader(new Map([...files, [MANIFEST_PATH, new TextEncoder().encode(JSON.stringify(older))]])));
    for (const path of PATHS) {
      expect(expectProblem(await call(target, path), 503).detail, path).toContain(`format version ${SITE_FORMAT_VERSION}`);
    }
  });

  it("a missing-file 503 does not stop the shim: once the files are back it answers 200", async () => {
    let broken = true;
    const healthy = mapReader(files);
    const target = shimTarget({ read: (path) => (broken ? Promise.resolve(null) : healthy.read(path)) }, { manifestTtlMs: 0 });
    expectProblem(await call(target, "/api/plugins"), 503);
    broken = false;
    expectPage(await call(target, "/api/plugins"));
  });

  it("a query with compat, checked against the catalog, gets a 503 without it, unless its other parameters are wrong", async () => {
    const target = shimTarget({ read: async () => null }, { manifestTtlMs: 0 });
    expectProblem(await call(target, "/api/plugins?compat=1.0.0"), 503);
    expectProblem(await call(target, "/api/facets?compat=1.0.0&sort=x"), 503);
    expectBadRequest(await call(target, "/api/plugins?page=0&compat=1.0.0&sort=Stars"), ["page", "sort"]);
    expectBadRequest(await call(target, "/api/facets?web=2&compat=nope"), ["web"]);
  });

  it("compat's own files missing or broken: a 503 for compat queries, every other answer unchanged", async () => {
    const site = await buildSite(COMPAT);
    const manifest = JSON.parse(new TextDecoder().decode(site.get(MANIFEST_PATH))) as SiteManifest;
    const versions = manifest.compat?.versions;
    const pack = manifest.compat?.drops === undefined ? undefined : seriesFile(manifest.compat.drops, 0);
    expect(versions !== undefined && pack !== undefined).toBe(true);
    const broken: ReadonlyArray<readonly [string, Uint8Array | undefined]> = [
      [versions!, undefined],
      [versions!, new TextEncoder().encode('{"host":"acme-host","versions":"4.1.2"}')],
      [versions!, new TextEncoder().encode("not json")],
      [pack!, undefined],
      [pack!, new Uint8Array([1, 2, 3])],
    ];
    for (const [path, bytes] of broken) {
      const files = new Map(site);
      if (bytes === undefined) files.delete(path);
      else files.set(path, bytes);
      const target = shimTarget(mapReader(files), { manifestTtlMs: 0 });
      expectProblem(await call(target, "/api/plugins?compat=latest"), 503);
      expectProblem(await call(target, "/api/facets?compat=4.1.2"), 503);
      expectPage(await call(target, "/api/plugins?category=charts"));
    }
  });

  it("a manifest whose compat entry is malformed is a 503 on every endpoint, never misread", async () => {
    const site = await buildSite(COMPAT);
    const manifest = JSON.parse(new TextDecoder().decode(site.get(MANIFEST_PATH))) as Record<string, unknown>;
    for (const compat of [{}, { host: 1 }, { host: "h", versions: "v.json" }, { host: "h", drops: { name: "x", hashes: "" } }, "h"]) {
      const files = new Map([...site, [MANIFEST_PATH, new TextEncoder().encode(JSON.stringify({ ...manifest, compat }))]]);
      const target = shimTarget(mapReader(files), { manifestTtlMs: 0 });
      for (const path of ["/api/plugins", "/api/plugins?compat=latest", "/api/status"]) expectProblem(await call(target, path), 503);
    }
  });

  it("OPTIONS and 404 still carry CORS while the catalog is missing", async () => {
    const target = shimTarget({ read: async () => null }, { manifestTtlMs: 0 });
    const options = await call(target, "/api/plugins", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expectCors(options);
    expectCors(await call(target, "/api/nope"));
  });
});

describe("plugin-catalog serve on a directory without a catalog", () => {
  let dir: string;
  let target: Target;
  beforeAll(async () => {
    dir = await makeTempDir();
    const siteDir = join(dir, "empty-site");
    await mkdir(siteDir);
    target = httpTarget(await startServeProcess(siteDir));
  });
  afterAll(async () => {
    await target?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers 503 problem+json for every query", async () => {
    for (const path of PATHS) expectProblem(await call(target, path), 503);
  });

  it("keeps serving afterwards", async () => {
    for (let i = 0; i < 3; i++) expectProblem(await call(target, "/api/plugins"), 503);
    const head = await call(target, "/api/plugins", { method: "HEAD" });
    expect(head.status).toBe(503);
    expect(head.text).toBe("");
    expectProblem(await call(target, "/api/plugins?sort=name"), 503);
  });
});
