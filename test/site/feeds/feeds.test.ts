/**
 * The site's Atom feeds (docs/API.md#feeds): valid RFC 4287 whatever the
 * package data holds (xmllint's strict parser, the RFC's grammar and rules,
 * atom-check.ts), read back by a real feed parser, with the entries section
 * 12 names, and the same bytes for an unchanged catalog.
 */
import { parseFeed } from "@rowanmanning/feed-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOUNDS, cleanText, cutText } from "../../../src/core/bounds.js";
import { buildSite, buildSiteInto } from "../../../src/site/build-site.js";
import { xmlChars } from "../../../src/site/feeds/atom.js";
import type { CatalogSnapshot, SnapshotPlugin } from "../../../src/snapshot/schema.js";
import { makePlugin, makeSnapshot } from "../../support/fixtures.js";
import { atomViolations, xpath } from "./atom-check.js";

const ROOT = "https://plugins.example.org/acme/";
const decoder = new TextDecoder();

async function feedsOf(snapshot: CatalogSnapshot, siteUrl = ROOT): Promise<Map<string, string>> {
  const files = await buildSite(snapshot, { siteUrl });
  return new Map([...files].filter(([path]) => path.startsWith("feeds/")).map(([path, bytes]) => [path, decoder.decode(bytes)]));
}

const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();

/** 70 plugins: dates with ties, tags in two cases, creators with repeats, a plugin without creators. */
function ordinaryCatalog(): CatalogSnapshot {
  const plugins = Array.from({ length: 70 }, (_, i) =>
    makePlugin({
      npmName: `plugin-${String(i).padStart(2, "0")}`,
      name: `Plugin ${i}`,
      version: `1.${i}.0`,
      description: i % 7 === 0 ? "" : `Does thing ${i}.`,
      publishedAt: day(i % 40),
      updatedAt: day(100 + ((i * 7) % 45)),
      tags: i % 3 === 0 ? ["Charts"] : i % 3 === 1 ? ["charts", "maps"] : [],
      creators: i === 5 ? [] : ["Alice", "alice", "bob", `user${i}`, "ALICE", "carol", "dave", "erin"],
    }),
  );
  return { ...makeSnapshot(plugins), categories: ["charts", "Maps", "CHARTS", "Weather Data", "naïve", "ok.cat_1-2", "none"] };
}

describe("the feeds", () => {
  it("are new.xml, updated.xml and one per category whose lower-cased name is a-z 0-9 . _ -", async () => {
    expect([...(await feedsOf(ordinaryCatalog())).keys()].sort()).toEqual([
      "feeds/category/charts.xml",
      "feeds/category/maps.xml",
      "feeds/category/none.xml",
      "feeds/category/ok.cat_1-2.xml",
      "feeds/new.xml",
      "feeds/updated.xml",
    ]);
  });

  it("tell the build which categories have none, and where each one's is", async () => {
    const built = await buildSiteInto(new Map(), ordinaryCatalog(), { siteUrl: ROOT });
    expect(built.feedless).toEqual(["Weather Data", "naïve"]);
    expect(built.explorer.feeds).toEqual({
      new: "feeds/new.xml",
      updated: "feeds/updated.xml",
      categories: {
        charts: "feeds/category/charts.xml",
        Maps: "feeds/category/maps.xml",
        CHARTS: "feeds/category/charts.xml",
        "ok.cat_1-2": "feeds/category/ok.cat_1-2.xml",
        none: "feeds/category/none.xml",
      },
    });
  });

  it("are not written without a site URL, nor with one that is no site's root", async () => {
    const files = await buildSite(ordinaryCatalog());
    expect([...files.keys()].filter((path) => path.startsWith("feeds/"))).toEqual([]);
    for (const url of ["ftp://x.org/", "https://x.org/?a=1", "https://x.org/#top", "https://user:pw@x.org/", "not a url"]) {
      const built = await buildSiteInto(new Map(), { ...ordinaryCatalog(), siteUrl: "https://fallback.example.org" }, { siteUrl: url });
      expect(built.explorer.feeds, url).toBeNull();
      expect(built.siteUrlProblem, url).toContain(JSON.stringify(url));
    }
  });

  it("take the site URL given to the build over the snapshot's, which they use otherwise", async () => {
    const snapshot = { ...ordinaryCatalog(), siteUrl: "https://from-config.example.org/x" };
    const given = (await buildSite(snapshot, { siteUrl: "https://given.example.org" })).get("feeds/new.xml")!;
    expect(decoder.decode(given)).toContain("<id>https://given.example.org/feeds/new.xml</id>");
    const own = (await buildSite(snapshot)).get("feeds/new.xml")!;
    expect(decoder.decode(own)).toContain("<id>https://from-config.example.org/x/feeds/new.xml</id>");
  });

  it("hold the 50 newest entries by the date that put them there, ties by slug, as a feed parser reads them", async () => {
    const snapshot = ordinaryCatalog();
    const feeds = await feedsOf(snapshot);
    const newest = (date: "publishedAt" | "updatedAt", plugins: readonly SnapshotPlugin[]) =>
      [...plugins].sort((a, b) => (a[date] === b[date] ? (a.slug < b.slug ? -1 : 1) : a[date] < b[date] ? 1 : -1)).slice(0, 50);
    const charts = snapshot.plugins.filter((plugin) => plugin.tags.some((tag) => tag.toLowerCase() === "charts"));
    expect(await atomViolations(feeds)).toEqual([]);
    const cases = [
      ["feeds/new.xml", "publishedAt", snapshot.plugins, `${ROOT}`],
      ["feeds/updated.xml", "updatedAt", snapshot.plugins, `${ROOT}?sort=recent`],
      ["feeds/category/charts.xml", "updatedAt", charts, `${ROOT}?category=charts&sort=recent`],
      [
        "feeds/category/maps.xml",
        "updatedAt",
        snapshot.plugins.filter((p) => p.tags.includes("maps")),
        `${ROOT}?category=Maps&sort=recent`,
      ],
      ["feeds/category/none.xml", "updatedAt", [], `${ROOT}?category=none&sort=recent`],
    ] as const;
    for (const [path, date, members, alternate] of cases) {
      const xml = feeds.get(path)!;
      const feed = parseFeed(xml).toJSON();
      const expected = newest(date, members);
      expect(feed.self, path).toBe(`${ROOT}${path}`);
      expect(feed.url, path).toBe(alternate);
      expect(feed.updated, path).toBe(expected[0]?.[date] ?? "1970-01-01T00:00:00.000Z");
      expect(
        feed.items.map((item) => [item.id, item.url, item.title, item.description ?? "", item.updated, item.published]),
        path,
      ).toEqual(
        expected.map((plugin) => [
          `${ROOT}?plugin=${plugin.slug}`,
          `${ROOT}?plugin=${plugin.slug}`,
          `${plugin.name} ${plugin.version}`,
          plugin.description,
          plugin[date],
          plugin.publishedAt,
        ]),
      );
      for (const [i, item] of feed.items.entries()) {
        const seen = new Set<string>();
        const distinct = expected[i]!.creators.filter((login) => !seen.has(login.toLowerCase()) && seen.add(login.toLowerCase()));
        // An entry without authors has the feed's (RFC 4287 4.2.1), which names the site.
        const authors = distinct.length > 0 ? distinct.slice(0, 5) : ["plugins.example.org/acme"];
        expect(
          item.authors.map((author) => author.name),
          `${path} ${item.id}`,
        ).toEqual(authors);
      }
    }
  }, 60_000);

  it("name a feed-level author exactly when an entry has none", async () => {
    const feeds = await feedsOf(ordinaryCatalog());
    const withoutCreators = "plugin-05";
    for (const [path, xml] of feeds) {
      const feedAuthors = await xpath(xml, "count(/atom:feed/atom:author)");
      const lacking = xml.includes(`?plugin=${withoutCreators}<`);
      expect(feedAuthors, path).toBe(lacking ? "1" : "0");
    }
  }, 60_000);

  it("are the same bytes for the same catalog, and for a catalog whose changes they do not show", async () => {
    const snapshot = ordinaryCatalog();
    const [first, again] = [await feedsOf(snapshot), await feedsOf(ordinaryCatalog())];
    expect(again).toEqual(first);
    // More stars for every plugin: a new build, the same feeds.
    const starred = { ...snapshot, plugins: snapshot.plugins.map((plugin, i) => makePlugin({ ...plugin, mirrors: [], totalStars: i })) };
    expect(await feedsOf(starred)).toEqual(first);
  });
});

describe("whatever the package data holds", () => {
  const hostileText = [
    "A <b>bold</b> & ]]> name",
    "controls \u0000\u0001\u0008\u000b\u000c\u001f\u007f\u0085 gone",
    "lone \ud800 high, lone \udfff low, pair \ud83d\ude00 kept",
    "not characters \ufffe\uffff",
    "quotes \" ' and <![CDATA[ x ]]> and <!-- y --> &amp; &#0; &#x1;",
    "line\r\nbreaks\rand\ttabs",
    `huge ${"ẞ".repeat(100_000)}`,
  ];
  const hostile = hostileText.map((text, i) =>
    makePlugin({
      npmName: `hostile-${i}`,
      name: text,
      version: i === 0 ? "1.0.0<beta>&" : `${i}.0.0`,
      description: [...hostileText].reverse()[i]!,
      // Logins are set keys too, which the site build needs well-formed: a snapshot read from a file has them cleaned.
      creators: [cleanText(text), cleanText(text).toUpperCase(), "  ", "alice", "\u0001", `x${"y".repeat(300)}`, "b", "c", "d", "e"],
      tags: ["Hostile"],
      publishedAt: day(i),
      updatedAt: day(50 - i),
    }),
  );
  const snapshot = { ...makeSnapshot(hostile), categories: ["hostile"] };

  it("every feed parses strictly, is valid Atom, and holds each text without the characters XML forbids", async () => {
    const feeds = await feedsOf(snapshot);
    expect(feeds.size).toBe(3);
    expect(await atomViolations(feeds)).toEqual([]);
    const entry = (plugin: SnapshotPlugin) => `/atom:feed/atom:entry[atom:id = '${ROOT}?plugin=${plugin.slug}']`;
    // One xmllint run reads every text back, joined by a separator none of them holds.
    const read = hostile.map((plugin) => `${entry(plugin)}/atom:title, '\n~~~\n', ${entry(plugin)}/atom:summary`).join(", '\n~~~\n', ");
    const texts = (await xpath(feeds.get("feeds/new.xml")!, `concat(${read})`)).split("\n~~~\n");
    const expected = hostile.flatMap((plugin) => [
      `${cutText(xmlChars(plugin.name), BOUNDS.name)} ${cutText(xmlChars(plugin.version), BOUNDS.version)}`,
      cutText(xmlChars(plugin.description), BOUNDS.description),
    ]);
    expect(texts).toEqual(expected);
  }, 120_000);

  it("a site URL with characters XML escapes gives valid feeds too", async () => {
    expect(await atomViolations(await feedsOf(snapshot, "https://x.example.org/a&b'\"<c>/"))).toEqual([]);
  }, 60_000);

  it("a real feed parser reads every entry back, ids and links intact", async () => {
    const feeds = await feedsOf(snapshot);
    const feed = parseFeed(feeds.get("feeds/new.xml")!).toJSON();
    expect(feed.items.map((item) => item.id)).toEqual([...hostile].reverse().map((plugin) => `${ROOT}?plugin=${plugin.slug}`));
    expect(feed.items.every((item) => item.url === item.id)).toBe(true);
    expect(feed.items.every((item) => item.authors.length > 0 && item.authors.length <= 5)).toBe(true);
  }, 60_000);

  it("random texts anywhere: every feed stays valid Atom", async () => {
    const text = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: text, description: text, version: text, creators: fc.array(text, { maxLength: 7 }) }), { maxLength: 6 }),
        async (drafts) => {
          const plugins = drafts.map((draft, i) =>
            makePlugin({
              npmName: `random-${i}`,
              name: draft.name === "" ? "x" : draft.name,
              version: draft.version === "" ? "1" : draft.version,
              description: draft.description,
              creators: draft.creators.map(cleanText).filter((login) => login !== ""),
              publishedAt: day(i),
            }),
          );
          expect(await atomViolations(await feedsOf(makeSnapshot(plugins)))).toEqual([]);
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);
});
