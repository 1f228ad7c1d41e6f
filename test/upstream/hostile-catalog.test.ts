/**
 * Issue 19 point 6, end to end — contract section 5 "Untrusted input": one package per
 * hostile case of the issue, mixed into 40 ordinary ones, through the real `build` against
 * the fake upstreams; then the same world without them. Every record stays within the
 * bounds, each hostile package is a member or reported, the site grows by no more than
 * the hostile packages' share, the ordinary records are byte for byte those of the build
 * without them, and `serve` answers the prototype-named queries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type PackageRecord, RawJson, type World } from "../fakes/index.js";
import { packumentOf } from "../fakes/packument.js";
import { launchBrowser } from "../support/chromium.js";
import {
  codePoints,
  MAX_FILE_BYTES,
  type RawSite,
  readRawSite,
  type SiteSize,
  siteProblems,
  siteSize,
  textOfDistinctWords,
  wireRecords,
} from "./hostile.js";
import {
  type CliResult,
  describeRun,
  type MatchableRequestLike,
  runBuild,
  Scratch,
  type Served,
  type SnapshotPlugin,
  serve,
  type Upstreams,
  writeConfig,
} from "./support.js";

const KEYWORD = "acme-plugin";
const ORDINARY = 40;
const TOKENS = { GITHUB_TOKEN: "ghp_hostile_catalog", GITLAB_TOKEN: "glpat-hostile-catalog" };
const MiB = 1 << 20;

type Doc = Record<string, unknown>;

/** The latest version's manifest of a generated packument. */
function latest(doc: Doc): Doc {
  const version = (doc["dist-tags"] as { latest: string }).latest;
  return (doc["versions"] as Record<string, Doc>)[version] as Doc;
}

/** An own enumerable property, whatever its name (`obj.__proto__ = …` would set the prototype instead). */
function own(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `count` distinct lower-case words, none a stop word or a prefix of a common one. */
function distinctWords(count: number): string[] {
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(`zq${i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + Number.parseInt(d, 26)))}`);
  return words;
}

interface Fixture {
  /** The case of the issue this package plays. */
  readonly id: string;
  /** Makes the package `pkg` hostile. */
  apply(world: World, pkg: PackageRecord): void;
}

const GH = "hostile-gh";

/** GitHub answers for one repository each: counts and owners no platform should send. */
const GITHUB_CASES: Record<string, (node: Doc) => Doc> = {
  "stars-negative": (node) => ({ ...node, stargazerCount: -5 }),
  "stars-fraction": (node) => ({ ...node, stargazerCount: 1.5 }),
  "stars-huge": (node) => ({ ...node, stargazerCount: 1e300 }),
  "stars-string": (node) => ({ ...node, stargazerCount: "12" }),
  "stars-missing": ({ stargazerCount: _, ...node }) => node,
  "forks-null": (node) => ({ ...node, forkCount: null }),
  "owner-space": (node) => ({ ...node, owner: { login: "a b" } }),
  "owner-empty": (node) => ({ ...node, owner: { login: "" } }),
  "owner-proto": (node) => ({ ...node, owner: JSON.parse('{"__proto__": "x", "login": "__proto__"}') as unknown }),
};

const FIXTURES: Fixture[] = [
  {
    id: "readme of 12 MB of distinct words",
    apply: (world, pkg) => world.setPackument(pkg.name, (doc) => ({ ...doc, readme: textOfDistinctWords(12 * MiB) })),
  },
  {
    id: "20,000 keywords",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        latest(doc)["keywords"] = [KEYWORD, ...distinctWords(20_000)];
        return doc;
      }),
  },
  {
    id: "a description of 4 MB",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        latest(doc)["description"] = "Describes at length. ".repeat((4 * MiB) / 21);
        return doc;
      }),
  },
  {
    id: "a manifest field nested 100,000 deep",
    apply: (world, pkg) => {
      const doc = packumentOf(pkg, () => world.readme(pkg));
      latest(doc)["description"] = "@@ARRAYS@@";
      latest(doc)["config"] = "@@OBJECTS@@";
      const text = JSON.stringify(doc)
        .replace('"@@ARRAYS@@"', `${"[".repeat(100_000)}${"]".repeat(100_000)}`)
        .replace('"@@OBJECTS@@"', `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`);
      world.setPackument(pkg.name, new RawJson(text));
    },
  },
  {
    id: "__proto__, constructor, hasOwnProperty as keywords, logins and keys",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        const manifest = latest(doc);
        manifest["keywords"] = [KEYWORD, "__proto__", "constructor", "hasOwnProperty", "toString"];
        manifest["description"] = "Guards __proto__ and constructor.";
        manifest["_npmUser"] = { name: "hasOwnProperty", email: "x@example.org" };
        const maintainers = [{ name: "__proto__" }, { name: "constructor" }, { name: "hasOwnProperty" }];
        manifest["maintainers"] = maintainers;
        doc["maintainers"] = maintainers;
        own(manifest, "__proto__", { polluted: true });
        own(manifest, "constructor", "x");
        own(doc, "hasOwnProperty", 1);
        return doc;
      }),
  },
  {
    id: "dist-tags.latest is __proto__",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        const manifest = latest(doc);
        own(doc["versions"] as object, "__proto__", manifest);
        own(doc["time"] as object, "__proto__", "2024-01-01T00:00:00.000Z");
        doc["dist-tags"] = { latest: "__proto__" };
        own(doc["dist-tags"] as object, "constructor", "9.9.9");
        return doc;
      }),
  },
  {
    id: "lone surrogates, NULs and controls in name and description",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        latest(doc)["displayName"] = "Lone \ud800 high\u0000 and \udc00 low\u0007 \ud83d\ude00 kept";
        latest(doc)["description"] = "NUL\u0000 BEL\u0007 ESC\u001b DEL\u007f C1\u0085 lone\udbff end\ttab\nline";
        return doc;
      }),
  },
  {
    id: "a NUL in the package name",
    apply: (world, pkg) => world.setPackument(pkg.name, (doc) => ({ ...doc, name: `${pkg.name}\u0000` })),
  },
  {
    id: "the packument names another member",
    apply: (world, pkg) => {
      const other = [...world.packages()].find(eligible)?.name ?? "";
      world.setPackument(pkg.name, (doc) => ({ ...doc, name: other, _id: other }));
    },
  },
  {
    id: "a javascript: homepage",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        latest(doc)["homepage"] = "javascript:alert(1)";
        return doc;
      }),
  },
  {
    id: "a data: homepage",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        latest(doc)["homepage"] = "data:text/html,<script>alert(1)</script>";
        return doc;
      }),
  },
  {
    id: "markup in name and description",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        latest(doc)["displayName"] = "<script>alert(1)</script>";
        latest(doc)["description"] = '<img src=x onerror="alert(1)"> and </script><script>alert(2)</script>';
        return doc;
      }),
  },
  {
    id: "repository URLs with ..",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, (doc) => {
        const manifest = latest(doc);
        manifest["repository"] = "github:../../x";
        manifest["homepage"] = "https://gitlab.com/group/../../etc/passwd";
        manifest["bugs"] = { url: "gitlab:../x" };
        return doc;
      }),
  },
  {
    id: "a packument over the registry's cap",
    apply: (world, pkg) =>
      world.setPackument(pkg.name, new RawJson(`{"name":${JSON.stringify(pkg.name)},"readme":"${"a".repeat(100 * MiB)}"}`)),
  },
  ...Object.keys(GITHUB_CASES).map(
    (name): Fixture => ({
      id: `GitHub answers ${name}`,
      apply: (world, pkg) => {
        const path = `${GH}/${name}`;
        world.github.create(path, { stars: 7, forks: 3, archived: false, description: "", createdAt: "2020-01-01T00:00:00Z" });
        world.editRepoAnswer("github", path, (node, api) => (api === "graphql" ? (GITHUB_CASES[name]?.(node) ?? node) : node));
        world.setPackument(pkg.name, (doc) => {
          Object.assign(latest(doc), { repository: `github:${path}`, homepage: "https://example.org/", bugs: undefined });
          return doc;
        });
      },
    }),
  ),
  {
    id: "GitLab answers a negative star count and a path with ..",
    apply: (world, pkg) => {
      const project = world.gitlab.create("hostile-gl/negative", {
        stars: 4,
        forks: 1,
        archived: false,
        description: "",
        createdAt: "2020-01-01T00:00:00Z",
      });
      world.gitlab.create("hostile-gl/dotted", { stars: 4, forks: 1, archived: false, description: "", createdAt: "2020-01-01T00:00:00Z" });
      world.editRepoAnswer("gitlab", "hostile-gl/negative", (node) => ({ ...node, starCount: -1, star_count: -1 }));
      world.editRepoAnswer("gitlab", "hostile-gl/dotted", (node) => ({ ...node, fullPath: "../..", path_with_namespace: "../.." }));
      world.setPackument(pkg.name, (doc) => {
        Object.assign(latest(doc), {
          repository: `gitlab:${project.namespace.fullPath}/${project.path}`,
          homepage: "https://gitlab.com/hostile-gl/dotted",
          bugs: undefined,
        });
        return doc;
      });
    },
  },
];

// ---------------------------------------------------------------------------

interface Built {
  up: Upstreams;
  out: string;
  result: CliResult;
  site: RawSite;
  size: SiteSize;
  /** Every request GitHub and GitLab received: method, target and body. */
  mirrorRequests: string[];
}

const scratch = new Scratch();
let hostile: Map<string, string>; // package name → fixture id
let ordinary: string[];
let without: Built;
let withHostile: Built;
let served: Served | undefined;

function eligible(pkg: PackageRecord): boolean {
  return !pkg.unpublished && !pkg.deprecated;
}

function makeWorld(): World {
  return createWorld({ packages: ORDINARY + FIXTURES.length + 8, seed: 1906, keywords: [KEYWORD] });
}

async function build(world: World, name: string): Promise<Built> {
  const up = await scratch.upstreamsFor(world);
  const mirrorRequests: string[] = [];
  for (const fake of [up.github, up.gitlab]) {
    fake.faults.add({
      match: {
        where: (req: MatchableRequestLike) => {
          mirrorRequests.push(`${req.method} ${req.path}${req.url.search} ${req.body}`);
          return false;
        },
      },
      action: { kind: "hang" },
    });
  }
  const dir = await scratch.dir();
  const config = await writeConfig(dir, { keywords: [KEYWORD], categories: ["constructor", "__proto__"] });
  const out = `${dir}/${name}`;
  const result = await runBuild(up, config, out, [], { env: TOKENS, timeoutMs: 120_000 });
  if (result.code !== 0) throw new Error(`the ${name} build failed: ${describeRun(result)}`);
  return { up, out, result, site: await readRawSite(out), size: await siteSize(out), mirrorRequests };
}

beforeAll(async () => {
  const world = makeWorld();
  // The last eligible packages play the fixtures; the rest (40 or more) are ordinary.
  const chosen = [...world.packages()].filter(eligible).slice(-FIXTURES.length);
  if (chosen.length < FIXTURES.length || world.names().length - chosen.length < ORDINARY) throw new Error("change the seed");
  hostile = new Map(chosen.map((pkg, i) => [pkg.name, FIXTURES[i]?.id ?? ""]));
  ordinary = world.names().filter((name) => !hostile.has(name));

  const plain = makeWorld();
  for (const name of hostile.keys()) plain.removePackage(name);
  without = await build(plain, "without");

  chosen.forEach((pkg, i) => {
    FIXTURES[i]?.apply(world, pkg);
  });
  withHostile = await build(world, "with");
  served = await serve(withHostile.out);
}, 240_000);

afterAll(async () => {
  await served?.stop();
  await scratch.cleanup();
});

const nameOf = (id: string): string => [...hostile].find(([, fixture]) => fixture === id)?.[0] ?? "";
const wire = (id: string) => withHostile.site.catalog.plugins.find((p) => p["npmName"] === nameOf(id));
const snapshotOf = (id: string) => withHostile.site.snapshot.plugins.find((p) => p.npmName === nameOf(id));

describe("a catalog with one package per hostile case", () => {
  it("builds in well under two minutes, and reports what it measured", () => {
    const largestRecord = Math.max(...withHostile.site.catalog.plugins.map((p) => Buffer.byteLength(JSON.stringify(p))));
    console.info(
      `hostile-catalog: build ${withHostile.result.ms} ms (without: ${without.result.ms} ms); ` +
        `site ${withHostile.size.total} bytes in ${withHostile.size.files} files (without: ${without.size.total} in ${without.size.files}); ` +
        `largest record ${largestRecord} bytes; largest file ${withHostile.size.largest.path} ${withHostile.size.largest.bytes} bytes`,
    );
    expect(withHostile.result.ms).toBeLessThan(120_000);
  });

  it("keeps every record within every bound", () => {
    expect(siteProblems(withHostile.site)).toEqual({});
    expect(siteProblems(without.site)).toEqual({});
  });

  it("has each hostile package as a member or in the report's malformed list with a reason", () => {
    const members = new Set(withHostile.site.snapshot.plugins.map((p) => p.npmName));
    const malformed = new Map(withHostile.site.report.malformed.map((m) => [m.name, m.reason]));
    const unaccounted = [...hostile].filter(([name]) => !members.has(name) && !(malformed.get(name) ?? "").trim());
    expect(unaccounted).toEqual([]);
    expect(withHostile.site.report.members).toBe(withHostile.site.catalog.plugins.length);
  });

  it("grows the site by at most the hostile packages' share: at most twice the size, no file over 20 MiB, no record over 16 KB", () => {
    expect(withHostile.size.total).toBeLessThanOrEqual(2 * without.size.total);
    expect(withHostile.size.largest.bytes).toBeLessThanOrEqual(MAX_FILE_BYTES);
    for (const plugin of withHostile.site.catalog.plugins)
      expect(Buffer.byteLength(JSON.stringify(plugin)), String(plugin["npmName"])).toBeLessThanOrEqual(16 * 1024);
  });

  it("leaves every ordinary record byte for byte as the build without the hostile packages has it", () => {
    const before = wireRecords(without.site);
    const after = wireRecords(withHostile.site);
    expect(before.size).toBeGreaterThanOrEqual(ORDINARY - 5);
    for (const name of ordinary) expect(after.get(name), name).toBe(before.get(name));
    // What the snapshot keeps besides: README, creators, mirrors (less when they were read) are the same too.
    const hidden = (p: SnapshotPlugin) => JSON.stringify([p.readme, p.creators, p.mirrors.map((m) => ({ ...m, checkedAt: undefined }))]);
    const snapshotBefore = new Map(without.site.snapshot.plugins.map((p) => [p.npmName, hidden(p)]));
    for (const plugin of withHostile.site.snapshot.plugins.filter((p) => !hostile.has(p.npmName)))
      expect(hidden(plugin), plugin.npmName).toBe(snapshotBefore.get(plugin.npmName));
  });
});

describe("each hostile case", () => {
  it("a 12 MB README: the first 65,536 characters are searchable, the rest are not", async () => {
    const record = snapshotOf("readme of 12 MB of distinct words");
    expect(codePoints(record?.readme ?? "")).toBe(65_536);
    const inHead = record?.readme.split(/\s+/).at(-2) ?? "";
    const found = (await served?.get(`/api/plugins?q=${inHead}`)) as { plugins: { npmName: string }[] };
    expect(found.plugins.map((p) => p.npmName)).toContain(record?.npmName);
    const pastHead = (await served?.get(`/api/plugins?q=zq${(1_000_000).toString(36)}x`)) as { total: number };
    expect(pastHead.total).toBe(0);
  });

  it("20,000 keywords: the first 100 distinct ones are the tags", () => {
    const tags = wire("20,000 keywords")?.["tags"] as string[];
    expect(tags).toEqual([KEYWORD, ...distinctWords(99)]);
  });

  it("a 4 MB description: cut to 2,000 characters ending with …", () => {
    const description = String(wire("a description of 4 MB")?.["description"]);
    expect(codePoints(description)).toBe(2_000);
    expect(description.endsWith("…")).toBe(true);
    expect("Describes at length. ".repeat(200).startsWith(description.slice(0, -1))).toBe(true);
  });

  it("a field nested 100,000 deep: a member, its nested description none", () => {
    expect(wire("a manifest field nested 100,000 deep")?.["description"]).toBe("");
  });

  it("prototype names: kept as plain tags and logins", () => {
    const record = snapshotOf("__proto__, constructor, hasOwnProperty as keywords, logins and keys");
    expect(record?.tags).toEqual([KEYWORD, "__proto__", "constructor", "hasOwnProperty", "toString"]);
    expect(record?.creators).toEqual(expect.arrayContaining(["__proto__", "constructor", "hasOwnProperty"]));
  });

  it("control characters and lone surrogates: removed and replaced, emoji kept", () => {
    const record = wire("lone surrogates, NULs and controls in name and description");
    expect(record?.["name"]).toBe("Lone \ufffd high and \ufffd low \ud83d\ude00 kept");
    expect(record?.["description"]).toBe("NUL BEL ESC DEL C1 lone\ufffd end\ttab\nline");
  });

  it("a NUL in the package name: left out, with its reason", () => {
    const reason = withHostile.site.report.malformed.find((m) => m.name === nameOf("a NUL in the package name"))?.reason;
    expect(reason).toMatch(/control characters/);
  });

  it("a packument that names another member: left out, with its reason; the other member keeps its record", () => {
    const reason = withHostile.site.report.malformed.find((m) => m.name === nameOf("the packument names another member"))?.reason;
    expect(reason).toMatch(/^the packument is named "/);
    const names = withHostile.site.catalog.plugins.map((p) => p["npmName"]);
    expect(new Set(names).size).toBe(names.length);
  });

  it("javascript: and data: homepages: none", () => {
    expect(wire("a javascript: homepage")?.["homepage"]).toBeNull();
    expect(wire("a data: homepage")?.["homepage"]).toBeNull();
  });

  it("markup: kept as text in JSON, never in the site's HTML", async () => {
    const record = wire("markup in name and description");
    expect(record?.["name"]).toBe("<script>alert(1)</script>");
    const response = await fetch(`${served?.baseUrl}/api/plugins?q=onerror`);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    for (const page of ["/", "/404.html"]) expect(await (await fetch(`${served?.baseUrl}${page}`)).text()).not.toMatch(/alert\(/);
  });

  it("repository URLs with ..: no request to GitHub or GitLab names a .. path", () => {
    expect(withHostile.mirrorRequests.length).toBeGreaterThan(0);
    expect(withHostile.mirrorRequests.filter((r) => r.includes(".."))).toEqual([]);
    expect(snapshotOf("repository URLs with ..")?.mirrors).toEqual([]);
  });

  it("a packument over the cap: left out, the report names the cap", () => {
    const name = nameOf("a packument over the registry's cap");
    expect(withHostile.site.report.malformed.find((m) => m.name === name)?.reason).toMatch(/over the 100 MiB cap/);
    expect(withHostile.site.report.tooLarge.registry).toEqual({ answers: 1, capBytes: 100 * MiB });
    expect(withHostile.result.stdout + withHostile.result.stderr).toMatch(/registry 1 over its 100 MiB cap/);
  });

  it("hostile GitHub and GitLab answers: counted 0 as unreadable (no earlier counts), odd owners never creators", () => {
    for (const name of Object.keys(GITHUB_CASES).filter((c) => c !== "owner-proto")) {
      const record = snapshotOf(`GitHub answers ${name}`);
      expect(record?.totalStars, name).toBe(0);
      expect(record?.creators, name).not.toContain("a b");
      expect(record?.creators, name).not.toContain("");
    }
    // "__proto__" is a login of the right shape: counted, and a creator like any other.
    expect(snapshotOf("GitHub answers owner-proto")?.totalStars).toBe(7);
    expect(snapshotOf("GitHub answers owner-proto")?.creators).toContain("__proto__");
    expect(snapshotOf("GitLab answers a negative star count and a path with ..")?.totalStars).toBe(0);
    expect(withHostile.site.report.mirrors.github.unreadNoPrevious).toBe(Object.keys(GITHUB_CASES).length - 1);
  });
});

describe("serve, over the hostile catalog", () => {
  it("answers q=__proto__, category=constructor, author=hasOwnProperty with 200 and the package that has them", async () => {
    const proto = nameOf("__proto__, constructor, hasOwnProperty as keywords, logins and keys");
    const q = (await served?.get("/api/plugins?q=__proto__")) as { plugins: { npmName: string }[] };
    expect(q.plugins.map((p) => p.npmName)).toContain(proto);
    for (const query of ["category=constructor", "author=hasOwnProperty", "category=__proto__", "author=constructor"]) {
      const body = (await served?.get(`/api/plugins?${query}`)) as { total: number; plugins: { npmName: string }[] };
      expect(
        body.plugins.map((p) => p.npmName),
        query,
      ).toEqual([proto]);
    }
    const owner = (await served?.get("/api/plugins?author=__proto__")) as { plugins: { npmName: string }[] };
    expect(owner.plugins.map((p) => p.npmName).sort()).toEqual([proto, nameOf("GitHub answers owner-proto")].sort());
    for (const query of ["category=toString", "author=toString", "category=valueOf", "author=__defineGetter__", "q=constructor"]) {
      const response = await fetch(`${served?.baseUrl}/api/plugins?${query}`);
      expect(response.status, query).toBe(200);
    }
    const facets = (await served?.get("/api/facets")) as { categories: { category: string; count: number }[] };
    expect(facets.categories).toEqual([
      { category: "constructor", count: 1 },
      { category: "__proto__", count: 1 },
    ]);
  });

  it("keeps /api/plugins?per_page=100 small and /api/catalog.json's ordinary records unchanged", async () => {
    const response = await fetch(`${served?.baseUrl}/api/plugins?per_page=100`);
    const body = await response.text();
    const plugins = (JSON.parse(body) as { plugins: unknown[] }).plugins.length;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(plugins * 4 * 1024);
    const catalog = (await served?.get("/api/catalog.json")) as { plugins: Record<string, unknown>[] };
    const before = wireRecords(without.site);
    for (const plugin of catalog.plugins.filter((p) => !hostile.has(String(p["npmName"]))))
      expect(JSON.stringify(plugin)).toBe(before.get(String(plugin["npmName"])));
  });

  it("the explorer in Chromium: no injected script runs, markup shows as text, 100 tags fold behind one button", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      for (const query of ["onerror", "alert", nameOf("20,000 keywords"), nameOf("a javascript: homepage")]) {
        await page.goto(`${served?.baseUrl}/?q=${encodeURIComponent(query)}`);
        await page.locator("#cards > li").first().waitFor();
        expect(await page.locator("#cards script, #cards img").count(), query).toBe(0);
        expect(await page.locator('#cards a[href^="javascript:"], #cards a[href^="data:"]').count(), query).toBe(0);
      }
      await page.goto(`${served?.baseUrl}/?q=onerror`);
      await page.locator("#cards h3").first().waitFor();
      expect(await page.locator("#cards h3").allTextContents()).toContain("<script>alert(1)</script>");
      await page.goto(`${served?.baseUrl}/?q=${encodeURIComponent(nameOf("20,000 keywords"))}`);
      const card = page.locator("#cards > li", { has: page.locator(`code:text-is("${nameOf("20,000 keywords")}")`) });
      expect(await card.locator(".tags a:visible").count()).toBe(8);
      expect(await card.locator("button.more-tags").textContent()).toMatch(/^and 92 more/);
      expect(dialogs).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
