/**
 * `build --site-url` (docs/API.md#feeds): the feeds, and the explorer page's
 * data block and feed links, from the flag or else an explicit `--config`'s
 * `siteUrl` or else the snapshot's;
 * the summary names the categories without a feed; a URL that is no site's
 * root is a usage error. `serve` gives the feeds their media type. From the
 * upstreams, the build report lists the categories without a feed.
 */
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExplorerData } from "../../../../src/site/site-data.js";
import type { CatalogSnapshot } from "../../../../src/snapshot/schema.js";
import { createWorld } from "../../../fakes/index.js";
import { COMPAT } from "../../../support/compat-catalog.js";
import { makeTempDir, startServeProcess } from "../../../support/targets.js";
import { describeRun, hashTree, removeDir, runBuild, startUpstreams, type Upstreams, writeConfig } from "../../../upstream/support.js";
import { runInProcess } from "../../run-in-process.js";

const CATALOG: CatalogSnapshot = { ...COMPAT, categories: ["charts", "Maps", "Weather Data"] };

/** The JSON of the page's data block, as a browser would take it from the script element. */
function siteData(html: string): ExplorerData {
  const block = /<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(html);
  expect(block, "index.html has its data block").not.toBeNull();
  return JSON.parse(block![1]!) as ExplorerData;
}

describe("build --site-url", () => {
  let dir: string;
  let snapshot: string;
  beforeAll(async () => {
    dir = await makeTempDir();
    snapshot = join(dir, "catalog.json");
    await writeFile(snapshot, JSON.stringify(CATALOG));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the feeds, and the explorer page's data and feed links; serve answers them as Atom", async () => {
    const out = join(dir, "with-url");
    const result = await runInProcess(["build", "--snapshot", snapshot, "--out", out, "--site-url", "https://owner.github.io/repo"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'Feeds: feeds/new.xml, feeds/updated.xml and 2 category feeds; no feed for "Weather Data" (lower-cased, a category\'s name must be made of a-z 0-9 . _ -)',
    );
    const feed = await readFile(join(out, "feeds", "category", "maps.xml"), "utf8");
    expect(feed).toContain("<id>https://owner.github.io/repo/feeds/category/maps.xml</id>");
    const html = await readFile(join(out, "index.html"), "utf8");
    expect(siteData(html)).toEqual({
      compat: {
        host: "acme-host",
        latest: "4.1.2",
        versions: ["4.1.2", "4.0.0", "3.1.0", "3.0.0", "2.0.0", "1.0.0", "4.1.0-beta.1"],
        distTags: { latest: "4.1.2", next: "4.1.0-beta.1", old: "1.0.0" },
      },
      feeds: {
        new: "feeds/new.xml",
        updated: "feeds/updated.xml",
        categories: { charts: "feeds/category/charts.xml", Maps: "feeds/category/maps.xml" },
      },
    });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="New plugins" href="feeds/new.xml">');
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="Recently updated plugins" href="feeds/updated.xml">');

    const server = await startServeProcess(out);
    try {
      const response = await fetch(`${server.baseUrl}/feeds/new.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/atom\+xml\b/);
      expect(await response.text()).toBe(await readFile(join(out, "feeds", "new.xml"), "utf8"));
    } finally {
      await server.stop();
    }
  });

  it("without it, takes the snapshot's siteUrl; without either, writes no feed and says so", async () => {
    const withConfigUrl = join(dir, "config-url.json");
    await writeFile(withConfigUrl, JSON.stringify({ ...CATALOG, siteUrl: "https://plugins.example.org" }));
    const fromSnapshot = join(dir, "from-snapshot");
    expect((await runInProcess(["build", "--snapshot", withConfigUrl, "--out", fromSnapshot])).code).toBe(0);
    expect(await readFile(join(fromSnapshot, "feeds", "new.xml"), "utf8")).toContain("<id>https://plugins.example.org/feeds/new.xml</id>");
    const flagWins = join(dir, "flag-wins");
    expect(
      (await runInProcess(["build", "--snapshot", withConfigUrl, "--out", flagWins, "--site-url", "https://given.example/"])).code,
    ).toBe(0);
    expect(await readFile(join(flagWins, "feeds", "new.xml"), "utf8")).toContain("<id>https://given.example/feeds/new.xml</id>");
    // An explicit --config gives its own siteUrl, as it gives its categories.
    const config = join(dir, "plugin-catalog.config.json");
    await writeFile(config, JSON.stringify({ keywords: ["acme-plugin"], categories: ["Maps"], siteUrl: "https://config.example/x/" }));
    const fromConfig = join(dir, "from-config");
    const configured = await runInProcess(["build", "--snapshot", snapshot, "--config", config, "--out", fromConfig]);
    expect(configured.code, configured.stderr).toBe(0);
    expect(configured.stdout).toContain("Feeds: feeds/new.xml, feeds/updated.xml and 1 category feed");
    expect(await readFile(join(fromConfig, "feeds", "new.xml"), "utf8")).toContain("<id>https://config.example/x/feeds/new.xml</id>");

    const none = join(dir, "none");
    const result = await runInProcess(["build", "--snapshot", snapshot, "--out", none]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Feeds: none (no --site-url, and no siteUrl in the configuration)");
    await expect(stat(join(none, "feeds"))).rejects.toThrow();
    const html = await readFile(join(none, "index.html"), "utf8");
    expect(siteData(html).feeds).toBeNull();
    expect(html).not.toContain("application/atom+xml");
  });

  it.each(["owner.github.io/repo", "ftp://example.org/", "https://example.org/?x=1", "https://example.org/#x", ""])(
    "--site-url %j is a usage error naming what is accepted",
    async (url) => {
      const result = await runInProcess(["build", "--snapshot", snapshot, "--out", join(dir, "never"), "--site-url", url]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("expected the site's public http(s) URL, e.g. https://owner.github.io/repo/");
      await expect(stat(join(dir, "never"))).rejects.toThrow();
    },
  );
});

describe("build --config --site-url, from the upstreams (fakes)", () => {
  let upstreams: Upstreams;
  let dir: string;
  beforeAll(async () => {
    upstreams = await startUpstreams(createWorld({ packages: 40, seed: 5 }));
    dir = await makeTempDir();
  });
  afterAll(async () => {
    await upstreams.close();
    await removeDir(dir);
  });

  it("lists the categories without a feed in the build report, and rebuilds unchanged feeds byte for byte", async () => {
    const config = await writeConfig(dir, { keywords: ["acme-plugin"], categories: ["acme-category-charts", "Not A File Name"] });
    const site = ["--site-url", "https://plugins.example.org/"];
    const env = { env: { GITHUB_TOKEN: "t0ken-github" } };
    const first = await runBuild(upstreams, config, join(dir, "day1"), site, env);
    expect(first.code, describeRun(first)).toBe(0);
    const report = JSON.parse(await readFile(join(dir, "day1", "catalog", "report.json"), "utf8")) as { feeds?: unknown };
    expect(report.feeds).toEqual({ siteUrl: "https://plugins.example.org/", feedlessCategories: ["Not A File Name"] });
    const second = await runBuild(upstreams, config, join(dir, "day2"), [...site, "--previous", join(dir, "day1")], env);
    expect(second.code, describeRun(second)).toBe(0);
    const feeds = async (day: string) =>
      [...(await hashTree(join(dir, day)))].filter(([path]) => path.startsWith("feeds/") && path.endsWith(".xml"));
    const day1 = await feeds("day1");
    expect(day1.map(([path]) => path).sort()).toEqual(["feeds/category/acme-category-charts.xml", "feeds/new.xml", "feeds/updated.xml"]);
    expect(await feeds("day2")).toEqual(day1);
  }, 60_000);
});
