import { describe, expect, it } from "vitest";
import { servesSameCatalog } from "../../../src/site/build-site.js";
import type { CatalogSnapshot, SnapshotPlugin } from "../../../src/snapshot/schema.js";
import { makePlugin, makeSnapshot } from "../../support/fixtures.js";

const plugin = (): SnapshotPlugin => ({
  ...makePlugin({
    npmName: "acme-x",
    mirrors: [
      { platform: "github", path: "acme/x", stars: 5, forks: 1, checkedAt: "2026-11-19T02:00:00.000Z", archived: false, openIssues: 3 },
    ],
  }),
  downloads: { lastWeek: 10, lastMonth: 40, weekly: [{ date: "2026-11-19", count: 10 }] },
  dependents: 2,
  releases: { count: 1, recent: [{ version: "1.0.0", publishedAt: "2024-01-01T00:00:00.000Z" }], times: [] },
  engines: { node: ">=18", host: null },
  trust: { provenance: false, installScripts: false },
  registry: { etag: '"a"', fetchedAt: "2026-11-19T02:00:00.000Z" },
});

const base = (): CatalogSnapshot => ({
  ...makeSnapshot([plugin()]),
  compatibility: {
    host: "node-red",
    ranges: ["engines.node-red"],
    versions: ["4.0.0"],
    distTags: { latest: "4.0.0" },
    readAt: "2026-11-19T02:00:00.000Z",
  },
});

function changed(edit: (snapshot: CatalogSnapshot, plugin: SnapshotPlugin) => void): CatalogSnapshot {
  const snapshot = structuredClone(base());
  edit(snapshot, snapshot.plugins[0] as SnapshotPlugin);
  return snapshot;
}

describe("whether two snapshots serve the same catalog", () => {
  it("ignores bookkeeping: validators, read times, when a mirror was checked", () => {
    expect(servesSameCatalog(base(), base())).toBe(true);
    const bookkeeping = changed((snapshot, p) => {
      p.registry = { etag: '"b"', fetchedAt: "2026-11-20T02:00:00.000Z" };
      (p.mirrors[0] as { checkedAt?: string }).checkedAt = "2026-11-20T02:00:00.000Z";
      if (snapshot.compatibility) snapshot.compatibility = { ...snapshot.compatibility, readAt: "2026-11-20T02:00:00.000Z", etag: '"c"' };
    });
    expect(servesSameCatalog(base(), bookkeeping)).toBe(true);
  });

  it("tells apart every fact a plugin's detail, the compat filter or the feeds serve", () => {
    const edits: Record<string, (snapshot: CatalogSnapshot, p: SnapshotPlugin) => void> = {
      downloads: (_, p) => {
        p.downloads = { lastWeek: 11, lastMonth: 40, weekly: [{ date: "2026-11-20", count: 11 }] };
      },
      history: (_, p) => {
        p.downloads = {
          lastWeek: 10,
          lastMonth: 40,
          weekly: [
            { date: "2026-11-12", count: 9 },
            { date: "2026-11-19", count: 10 },
          ],
        };
      },
      dependents: (_, p) => {
        p.dependents = 3;
      },
      releases: (_, p) => {
        p.releases = { count: 2, recent: [], times: [] };
      },
      engines: (_, p) => {
        p.engines = { node: ">=20", host: null };
      },
      trust: (_, p) => {
        p.trust = { provenance: true, installScripts: false };
      },
      readmeCut: (_, p) => {
        p.readmeCut = true;
      },
      repository: (_, p) => {
        (p.mirrors[0] as { archived?: boolean }).archived = true;
      },
      hostVersions: (snapshot) => {
        if (snapshot.compatibility) snapshot.compatibility.versions = ["4.0.0", "4.0.1"];
      },
      siteUrl: (snapshot) => {
        snapshot.siteUrl = "https://plugins.example.org/";
      },
    };
    for (const [name, edit] of Object.entries(edits)) expect(servesSameCatalog(base(), changed(edit)), name).toBe(false);
  });
});
