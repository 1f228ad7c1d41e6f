/**
 * Issue bullet 1 — docs/API.md#field-derivations, field by field: one real `build --config`
 * against the fake upstreams, then every record (read through `serve` and
 * `/api/plugins`) compared with what the documented rules derive from the world.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type PackageRecord, type World } from "../fakes/index.js";
import { type ExpectedCatalog, expectedCatalog, expectedTags, isDeprecatedLatest, matchesKeywords, ownerOf, reposOf } from "./expected.js";
import {
  allPlugins,
  type CatalogConfigFile,
  describeRun,
  makeTempDir,
  PLUGIN_KEYS,
  readSite,
  removeDir,
  runBuild,
  type Served,
  type Site,
  serve,
  startUpstreams,
  type Upstreams,
  writeConfig,
} from "./support.js";

const KEYWORDS = ["acme-plugin", "acme-extra"];
const SLUG = /^[a-z0-9._~-]+$/;

let world: World;
let upstreams: Upstreams;
let dir: string | undefined;
let config: CatalogConfigFile;
let expected: ExpectedCatalog;
let site: Site;
let served: Served | undefined;
let api: Map<string, Record<string, unknown>>;
/** Names of the packages the config's `mirrors` and `exclude` aim at, for the targeted tests. */
const chosen = { extraGitlab: "", renamedBoth: "", recased: "", excluded: [] as string[] };

function isMember(pkg: PackageRecord): boolean {
  return matchesKeywords(pkg, KEYWORDS) && !pkg.unpublished && !isDeprecatedLatest(pkg);
}

/** A config that exercises `exclude`, `webUiKeywords` (other casing) and `mirrors` (extra, renamed, recased). */
function chooseConfig(): CatalogConfigFile {
  const members = [...world.packages()].filter(isMember);
  const githubRefs = (pkg: PackageRecord) => pkg.mirrorRefs.filter((r) => r.host === "github");
  // A member whose manifest names a renamed GitHub repository by its old name: the config names the new one.
  const renamed = members.find((pkg) => githubRefs(pkg).some((r) => world.github.find(r.path)?.redirected === true));
  // A member with one existing GitHub repository: the config names it again in other casing.
  const plain = members.find(
    (pkg) => pkg !== renamed && githubRefs(pkg).length > 0 && githubRefs(pkg).every((r) => world.github.find(r.path)?.redirected === false),
  );
  // A member with no GitLab mirror, given an existing GitLab project of some other package.
  const gitlabProject = members
    .flatMap((pkg) => pkg.mirrorRefs.filter((r) => r.host === "gitlab"))
    .map((r) => world.gitlab.find(r.path)?.repo)
    .find((p) => p !== undefined);
  const noGitlab = members.find((pkg) => pkg !== renamed && pkg !== plain && pkg.mirrorRefs.every((r) => r.host !== "gitlab"));
  if (!renamed || !plain || !gitlabProject || !noGitlab) throw new Error("the world lacks the shapes this test needs; change the seed");
  const renamedRef = githubRefs(renamed).find((r) => world.github.find(r.path)?.redirected === true);
  const renamedRepo = renamedRef ? world.github.find(renamedRef.path)?.repo : undefined;
  const plainRef = githubRefs(plain)[0];
  if (!renamedRepo || !plainRef) throw new Error("unreachable");
  chosen.extraGitlab = noGitlab.name;
  chosen.renamedBoth = renamed.name;
  chosen.recased = plain.name;
  const used = new Set([noGitlab.name, renamed.name, plain.name]);
  chosen.excluded = members
    .filter((pkg) => !used.has(pkg.name))
    .slice(5, 7)
    .map((pkg) => pkg.name);
  return {
    keywords: KEYWORDS,
    categories: ["acme-category-charts"],
    webUiKeywords: ["WebApp"],
    exclude: [...chosen.excluded, "no-such-package-anywhere"],
    mirrors: {
      [noGitlab.name]: [`https://gitlab.com/${gitlabProject.namespace.fullPath}/${gitlabProject.path}`],
      [renamed.name]: [`https://github.com/${renamedRepo.owner}/${renamedRepo.name}`],
      [plain.name]: [`https://github.com/${plainRef.path.toUpperCase()}`],
    },
  };
}

beforeAll(async () => {
  world = createWorld({ packages: 220, seed: 11, keywords: KEYWORDS });
  config = chooseConfig();
  expected = expectedCatalog(world, config);
  upstreams = await startUpstreams(world);
  dir = await makeTempDir();
  const configPath = await writeConfig(dir, config);
  const out = `${dir}/site`;
  const result = await runBuild(upstreams, configPath, out, [], {
    env: { GITHUB_TOKEN: "ghp_records_test_token", GITLAB_TOKEN: "glpat-records-test" },
  });
  if (result.code !== 0) throw new Error(`build failed: ${describeRun(result)}`);
  site = await readSite(out);
  served = await serve(out);
  api = new Map((await allPlugins(served)).plugins.map((p) => [String(p["npmName"]), p]));
}, 60_000);

afterAll(async () => {
  await served?.stop();
  await upstreams?.close();
  await removeDir(dir);
});

describe("the world has every shape the documented rules name (guards against a vacuous pass)", () => {
  it("legacy licenses, keyword strings, empty displayName, no README, deprecated, unpublished, missing and renamed repositories", () => {
    const all = expected.listed;
    expect(all.some((p) => p.license.kind === "legacy-object")).toBe(true);
    expect(all.some((p) => p.license.kind === "legacy-array" && p.license.licenses.length > 1)).toBe(true);
    expect(all.some((p) => typeof p.keywords === "string")).toBe(true);
    expect(all.some((p) => Array.isArray(p.keywords) && new Set(p.keywords.map((k) => k.toLowerCase())).size < p.keywords.length)).toBe(
      true,
    );
    expect(all.some((p) => p.displayName === "")).toBe(true);
    expect([...expected.members.values()].some((p) => p.readme === "")).toBe(true);
    expect(expected.deprecated.length).toBeGreaterThan(0);
    expect(expected.unpublished.length).toBeGreaterThan(0);
    expect(all.some((p) => world.mirrorsOf(p.name).some((m) => m.repo === undefined))).toBe(true);
    expect(
      all.some((p) => p.mirrorRefs.some((r) => (r.host === "github" ? world.github : world.gitlab).find(r.path)?.redirected === true)),
    ).toBe(true);
    expect(all.some((p) => p.homepage !== undefined && !/^https?:/.test(p.homepage))).toBe(true);
  });
});

describe("members", () => {
  it("are the packages listed for any keyword, minus exclude, deprecated-latest and unpublished", () => {
    expect([...api.keys()].sort()).toEqual([...expected.members.keys()].sort());
    expect(site.plugins.map((p) => p.npmName).sort()).toEqual([...expected.members.keys()].sort());
  });

  it("a package listed under both keywords appears once", () => {
    const both = expected.listed.filter((p) => KEYWORDS.every((k) => matchesKeywords(p, [k])) && expected.members.has(p.name));
    expect(both.length).toBeGreaterThan(0);
    for (const pkg of both) expect(site.plugins.filter((p) => p.npmName === pkg.name)).toHaveLength(1);
  });

  it("config `exclude` removes exactly the named packages", () => {
    for (const name of chosen.excluded) expect(api.has(name), name).toBe(false);
  });

  it("the report counts members, listed packages and exclusions by reason (a config name nobody lists excludes nothing)", () => {
    expect(site.report.members).toBe(expected.members.size);
    expect(site.report.listed).toBe(expected.listed.length);
    expect(site.report.excluded).toEqual({
      config: chosen.excluded.length,
      deprecated: expected.deprecated.length,
      unpublished: expected.unpublished.length,
      notFound: 0,
    });
    expect(site.report.skippedMalformed).toBe(0);
  });
});

describe("each record", () => {
  it("has exactly the documented keys, in order", () => {
    for (const plugin of api.values()) expect(Object.keys(plugin)).toEqual([...PLUGIN_KEYS]);
  });

  it("slug: unique, URL-safe [a-z0-9._~-]", () => {
    const slugs = [...api.values()].map((p) => p["slug"]);
    for (const slug of slugs) expect(slug).toMatch(SLUG);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("every public field equals what section 5 derives from the world", () => {
    const mismatches: string[] = [];
    for (const [name, want] of expected.members) {
      const got = api.get(name);
      if (!got) continue; // the member test reports it
      for (const key of PLUGIN_KEYS) {
        if (key === "slug") continue;
        const a = JSON.stringify(got[key]);
        const b = JSON.stringify(want[key]);
        if (a !== b) mismatches.push(`${name}.${key}: got ${a}, expected ${b}`);
      }
    }
    expect(mismatches.slice(0, 25), `${mismatches.length} mismatching fields`).toEqual([]);
  });

  it("name: displayName when a non-empty string, else the package name", () => {
    const withEmpty = expected.listed.filter((p) => p.displayName === "" && expected.members.has(p.name));
    const withName = expected.listed.filter(
      (p) => typeof p.displayName === "string" && p.displayName !== "" && expected.members.has(p.name),
    );
    expect(withEmpty.length + withName.length).toBeGreaterThan(0);
    for (const p of withEmpty) expect(api.get(p.name)?.["name"]).toBe(p.name);
    for (const p of withName) expect(api.get(p.name)?.["name"]).toBe(p.displayName);
  });

  it("license: legacy { type } gives the type; legacy licenses[] gives the types joined with ' OR '", () => {
    const legacyArrays = expected.listed.filter((p) => p.license.kind === "legacy-array" && expected.members.has(p.name));
    expect(legacyArrays.length).toBeGreaterThan(0);
    for (const p of legacyArrays) {
      if (p.license.kind !== "legacy-array") continue;
      expect(api.get(p.name)?.["license"]).toBe(p.license.licenses.map((l) => l.type).join(" OR "));
    }
    for (const p of expected.listed.filter((q) => q.license.kind === "legacy-object" && expected.members.has(q.name))) {
      expect(api.get(p.name)?.["license"]).toBe("MIT");
    }
  });

  it("homepage: only http(s) URLs, else null", () => {
    for (const plugin of api.values()) {
      const homepage = plugin["homepage"];
      if (homepage !== null) expect(String(homepage)).toMatch(/^https?:\/\//);
    }
    const odd = expected.listed.filter((p) => p.homepage !== undefined && !/^https?:/.test(p.homepage) && expected.members.has(p.name));
    for (const p of odd) expect(api.get(p.name)?.["homepage"], `${p.name} homepage ${p.homepage ?? ""}`).toBeNull();
  });

  it("tags: array or comma/space string, trimmed, empties dropped, case-insensitive duplicates dropped keeping the first spelling", () => {
    const stringForms = expected.listed.filter((p) => typeof p.keywords === "string" && expected.members.has(p.name));
    expect(stringForms.length).toBeGreaterThan(0);
    for (const p of stringForms) expect(api.get(p.name)?.["tags"]).toEqual(expectedTags(p.keywords));
    for (const plugin of api.values()) {
      const tags = plugin["tags"] as string[];
      for (const tag of tags) expect(tag).toBe(tag.trim());
      expect(tags).not.toContain("");
      expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
    }
  });

  it("hasWebUi: keywords include one of webUiKeywords, case-insensitively (config says WebApp, packages say webapp)", () => {
    const web = [...expected.members.values()].filter((p) => p.hasWebUi);
    expect(web.length).toBeGreaterThan(0);
    for (const plugin of api.values()) {
      const tags = (plugin["tags"] as string[]).map((t) => t.toLowerCase());
      expect(plugin["hasWebUi"], String(plugin["npmName"])).toBe(tags.includes("webapp"));
    }
  });

  it("publishedAt = time.created, updatedAt = time[latest], as YYYY-MM-DDTHH:mm:ss.sssZ", () => {
    for (const [name, want] of expected.members) {
      const got = api.get(name);
      expect(got?.["publishedAt"]).toBe(want.publishedAt);
      expect(got?.["updatedAt"]).toBe(want.updatedAt);
      expect(String(got?.["updatedAt"])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });
});

describe("totals over the distinct mirrors", () => {
  it("sum stars/forks of the distinct repositories the references reach; a missing one counts 0", () => {
    const wrong: string[] = [];
    for (const [name, want] of expected.members) {
      const got = api.get(name);
      if (got && (got["totalStars"] !== want.totalStars || got["totalForks"] !== want.totalForks)) {
        wrong.push(
          `${name}: got ${String(got["totalStars"])}/${String(got["totalForks"])}, expected ${want.totalStars}/${want.totalForks} (refs ${JSON.stringify(world.get(name)?.mirrorRefs)})`,
        );
      }
    }
    expect(wrong.slice(0, 10), `${wrong.length} plugins with wrong totals`).toEqual([]);
  });

  it("a package naming the same repository in several fields and casings counts it once", () => {
    const multi = [...expected.members.values()].filter((p) => {
      const refs = world.get(p.npmName)?.mirrorRefs ?? [];
      return refs.length > p.repos.length && p.repos.length > 0;
    });
    expect(multi.length).toBeGreaterThan(0);
    for (const p of multi) expect(api.get(p.npmName)?.["totalStars"], p.npmName).toBe(p.totalStars);
  });

  it("config `mirrors`: an extra GitLab project adds its counts", () => {
    const want = expected.members.get(chosen.extraGitlab);
    expect(want?.repos.some((r) => r.host === "gitlab")).toBe(true);
    expect(api.get(chosen.extraGitlab)?.["totalStars"]).toBe(want?.totalStars);
    expect(api.get(chosen.extraGitlab)?.["totalForks"]).toBe(want?.totalForks);
  });

  it("config `mirrors`: the new name of a renamed repository the manifest names by its old name counts once", () => {
    const want = expected.members.get(chosen.renamedBoth);
    const withoutConfig = reposOf(world, chosen.renamedBoth);
    expect(want?.repos.length).toBe(withoutConfig.length);
    expect(api.get(chosen.renamedBoth)?.["totalStars"]).toBe(want?.totalStars);
  });

  it("config `mirrors`: the same repository in other casing counts once", () => {
    const want = expected.members.get(chosen.recased);
    expect(api.get(chosen.recased)?.["totalStars"]).toBe(want?.totalStars);
    expect(api.get(chosen.recased)?.["totalForks"]).toBe(want?.totalForks);
  });
});

describe("README", () => {
  it("the packument's readme is the record's README; 'ERROR: No README data found!' counts as none", () => {
    for (const [name, want] of expected.members) expect(site.byName.get(name)?.readme, name).toBe(want.readme);
  });

  it("a word only READMEs carry (the 'Install' heading) finds exactly the members that have a README", async () => {
    const withReadme = [...expected.members.values()]
      .filter((p) => p.readme !== "")
      .map((p) => p.npmName)
      .sort();
    const found = await allPlugins(served as Served, "q=install");
    expect(found.plugins.map((p) => String(p["npmName"])).sort()).toEqual(withReadme);
  });

  it("searching the words of the no-README placeholder finds nothing", async () => {
    for (const word of ["error", "found", "ERROR: No README data found!"]) {
      const body = (await (served as Served).get(`/api/plugins?q=${encodeURIComponent(word)}`)) as { total: number };
      expect(body.total, word).toBe(0);
    }
  });
});

describe("creator logins through /api/plugins?author=", () => {
  it("each login finds exactly the plugins it maintains, published or owns a mirror of", async () => {
    const byLogin = new Map<string, Set<string>>();
    for (const p of expected.members.values()) {
      for (const login of p.creators) {
        const key = login.toLowerCase();
        if (!byLogin.has(key)) byLogin.set(key, new Set());
        byLogin.get(key)?.add(p.npmName);
      }
    }
    expect(byLogin.size).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const [login, names] of byLogin) {
      const got = new Set(
        (await allPlugins(served as Served, `author=${encodeURIComponent(login)}`)).plugins.map((p) => String(p["npmName"])),
      );
      const missing = [...names].filter((n) => !got.has(n));
      const extra = [...got].filter((n) => !names.has(n));
      if (missing.length > 0 || extra.length > 0)
        wrong.push(`${login}: missing ${JSON.stringify(missing.slice(0, 5))}, extra ${JSON.stringify(extra.slice(0, 5))}`);
    }
    expect(wrong.slice(0, 15), `${wrong.length} logins answer wrongly`).toEqual([]);
  });

  it("mirror owners count in the platform's canonical casing, also for a reference in other casing", async () => {
    // A member whose manifest spells its GitHub owner differently from GitHub itself.
    const recased = [...expected.members.values()].find((p) =>
      (world.get(p.npmName)?.mirrorRefs ?? []).some((r) => {
        const hit = r.host === "github" ? world.github.find(r.path) : undefined;
        return hit !== undefined && !r.path.startsWith(`${hit.repo.owner}/`);
      }),
    );
    expect(recased).toBeDefined();
    if (!recased) return;
    const owners = recased.repos.map(ownerOf);
    const snapshotCreators = site.byName.get(recased.npmName)?.creators ?? [];
    for (const owner of owners) {
      expect(snapshotCreators.map((c) => c.toLowerCase())).toContain(owner.toLowerCase());
      const got = await allPlugins(served as Served, `author=${encodeURIComponent(`@${owner.toUpperCase()}`)}`);
      expect(got.plugins.map((p) => p["npmName"])).toContain(recased.npmName);
    }
  });
});
