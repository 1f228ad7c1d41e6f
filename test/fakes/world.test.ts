import { describe, expect, it } from "vitest";
import { createWorld, indexedKeywords, NO_README, type PackageRecord, type World } from "./index.js";
import { packumentOf } from "./packument.js";

function packumentJson(world: World, name: string): string {
  const pkg = world.get(name);
  if (!pkg) throw new Error(`missing ${name}`);
  return JSON.stringify(packumentOf(pkg, () => world.readme(pkg)));
}

function count(world: World, test: (pkg: PackageRecord) => boolean): number {
  let n = 0;
  for (const pkg of world.packages()) if (test(pkg)) n++;
  return n;
}

describe("createWorld", () => {
  it("is deterministic per seed", () => {
    const a = createWorld({ packages: 300, seed: 11 });
    const b = createWorld({ packages: 300, seed: 11 });
    const c = createWorld({ packages: 300, seed: 12 });
    expect(b.names()).toEqual(a.names());
    for (const name of a.names().slice(0, 40)) expect(packumentJson(b, name)).toBe(packumentJson(a, name));
    expect([...b.github.index.values()]).toEqual([...a.github.index.values()]);
    expect([...b.gitlab.index.values()]).toEqual([...a.gitlab.index.values()]);
    expect(c.names()).not.toEqual(a.names());
  });

  it("contains every odd-but-real shape the fetch must handle", () => {
    const world = createWorld({ packages: 1000, seed: 5, keywords: ["acme-plugin", "acme-extra"] });
    const forms = {
      stringKeywords: count(world, (p) => typeof p.keywords === "string"),
      legacyLicenseObject: count(world, (p) => p.license.kind === "legacy-object"),
      legacyLicenses: count(world, (p) => p.license.kind === "legacy-array"),
      noLicense: count(world, (p) => p.license.kind === "none"),
      unpublished: count(world, (p) => p.unpublished !== undefined),
      deprecated: count(world, (p) => p.deprecated !== undefined),
      noRepository: count(world, (p) => p.mirrorRefs.length === 0),
      bothHosts: count(world, (p) => new Set(p.mirrorRefs.map((r) => r.host)).size === 2),
      scoped: count(world, (p) => p.name.startsWith("@")),
      displayName: count(world, (p) => Boolean(p.displayName)),
      noReadme: count(world, (p) => !p.hasReadme),
      stringRepository: count(world, (p) => typeof p.repository === "string"),
      objectRepository: count(world, (p) => typeof p.repository === "object"),
      gitlabSubgroup: count(world, (p) => p.mirrorRefs.some((r) => r.host === "gitlab" && r.path.split("/").length > 2)),
    };
    for (const [form, n] of Object.entries(forms)) expect(n, form).toBeGreaterThan(0);

    let renamed = 0;
    let missing = 0;
    let recased = 0;
    for (const name of world.names()) {
      for (const { ref, repo } of world.mirrorsOf(name)) {
        if (!repo) missing++;
        else if (world[ref.host].find(ref.path)?.redirected) renamed++;
        else if (!("owner" in repo ? `${repo.owner}/${repo.name}` : `${repo.namespace.fullPath}/${repo.path}`).includes(ref.path))
          recased++;
      }
    }
    expect({ renamed: renamed > 0, missing: missing > 0, recased: recased > 0 }).toEqual({ renamed: true, missing: true, recased: true });
    // Every package carries a world keyword, so the search finds all of them.
    expect(count(world, (p) => indexedKeywords(p).some((k) => k.startsWith("acme-")))).toBe(1000);
  });

  it("builds 10,000 packages quickly, READMEs lazily and a few KB at the median", () => {
    const started = performance.now();
    const world = createWorld({ packages: 10_000, seed: 1 });
    expect(performance.now() - started).toBeLessThan(5000); // ~0.3 s warm, ~1 s cold on a loaded 2-CPU box
    const sizes = world
      .names()
      .slice(0, 1000)
      .map((n) => {
        const pkg = world.get(n);
        return pkg ? world.readme(pkg).length : 0;
      });
    sizes.sort((x, y) => x - y);
    expect(sizes[500]).toBeGreaterThan(1000);
    expect(sizes[500]).toBeLessThan(8000);
    const missingReadme = world
      .names()
      .map((n) => world.get(n))
      .find((p) => p && !p.hasReadme && !p.unpublished);
    expect(missingReadme && packumentOf(missingReadme, () => "unused").readme).toBe(NO_README);
  });
});

describe("world mutations", () => {
  it("bumpVersion publishes a new latest with its time and a new revision", () => {
    const world = createWorld({ packages: 50, seed: 2 });
    const name = world.names().find((n) => !world.get(n)?.unpublished) ?? "";
    const before = world.get(name)?.rev ?? 0;
    const version = world.bumpVersion(name);
    const pkg = world.get(name);
    expect(pkg?.versions.at(-1)).toEqual({ version, time: pkg?.modified });
    expect(pkg?.rev).toBe(before + 1);
    expect(JSON.parse(packumentJson(world, name))["dist-tags"]).toEqual({ latest: version });
  });

  it("removePackages removes a deterministic share", () => {
    const a = createWorld({ packages: 200, seed: 3 });
    const b = createWorld({ packages: 200, seed: 3 });
    const gone = a.removePackages(0.1);
    expect(gone).toHaveLength(20);
    expect(b.removePackages(0.1)).toEqual(gone);
    expect(a.names()).toHaveLength(180);
    expect(a.get(gone[0] ?? "")).toBeUndefined();
  });

  it("deprecateLatest and unpublish change the packument the registry way", () => {
    const world = createWorld({ packages: 50, seed: 4 });
    const [first = "", second = ""] = world.names().filter((n) => !world.get(n)?.unpublished);
    world.deprecateLatest(first, "gone");
    const doc = JSON.parse(packumentJson(world, first));
    expect(doc.versions[doc["dist-tags"].latest].deprecated).toBe("gone");
    world.unpublish(second);
    const unpublished = JSON.parse(packumentJson(world, second));
    expect(unpublished.versions).toBeUndefined();
    expect(unpublished["dist-tags"]).toBeUndefined();
    expect(unpublished.time.unpublished.versions.length).toBeGreaterThan(0);
  });

  it("renameRepo keeps the old path resolving to the new canonical repository; setStars changes counts", () => {
    const world = createWorld({ packages: 50, seed: 6 });
    const repo = [...world.github.index.values()][0];
    if (!repo) throw new Error("no repo");
    const old = `${repo.owner}/${repo.name}`;
    world.renameRepo("github", old, "NewOwner/new-name");
    expect(world.github.find(old.toUpperCase())).toEqual({ repo, redirected: true });
    expect(world.github.find("newowner/NEW-NAME")?.repo.owner).toBe("NewOwner");
    world.setStars("github", "NewOwner/new-name", 1234, 56);
    expect([repo.stars, repo.forks]).toEqual([1234, 56]);
  });
});
