/** docs/API.md#search: fields, normalization, stop words, stemming, AND, last-term prefix, order, Lunr syntax as text. */
import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import { referenceAnswer } from "../../support/reference.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage, slugsOf } from "../expect.js";

type Case = readonly [q: string, expected: readonly string[]];

export function searchSuite(start: StartTarget): void {
  describe("full-text search (section 4)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(SEARCH);
    });
    const found = async (q: string, params: Record<string, string> = {}): Promise<string[]> =>
      slugsOf(expectPage(await call(target, pluginsPath({ q, per_page: "100", ...params }))));
    const cases = (title: string, list: readonly Case[]): void => {
      it.each(list)(`${title}: q=%j → %j`, async (q, expected) => {
        expect(await found(q)).toEqual(expected);
      });
    };

    describe("fields: display name, npm name, description, README — nothing else", () => {
      cases("field", [
        ["zebrafish", ["acme~aquarium-watch"]],
        ["aquarium", ["acme~aquarium-watch"]],
        ["beacon", ["acme~beacon-lamp"]],
        ["lighthouse", ["acme~beacon-lamp"]],
        ["temperature", ["greenhouse-climate"]],
        ["anemometer", ["weather-station"]],
        ["telemetry", []], // a tag only
        ["homepageonly", []], // the homepage only
        ["mpl", []], // the license only
        ["maintainer", []], // a creator login only
      ]);
    });

    describe("normalization: NFKD without marks, lower case, split at non-letters/digits", () => {
      cases("normalized", [
        ["cafe", ["cafe-menu"]],
        ["café", ["cafe-menu"]],
        ["CAFÉ", ["cafe-menu"]],
        ["Café", ["cafe-menu"]],
        ["cafe\u0301", ["cafe-menu"]],
        ["ｃａｆｅ", ["cafe-menu"]],
        ["creme", ["cafe-menu"]],
        ["CRÈME", ["cafe-menu"]],
        ["terrace", ["cafe-menu"]],
        ["@acme/foo_bar.js", ["acme~foo_bar.js"]],
        ["foo_bar", ["acme~foo_bar.js"]],
        ["bar foo", ["acme~foo_bar.js"]],
        ["js", ["acme~foo_bar.js"]],
        ["foobar", []],
        ["influx-db", ["influx-writer"]],
        ["influx db", ["influx-writer"]],
        ["db", ["influx-writer"]],
        ["influxdb", ["influxdb-exporter"]],
      ]);

      cases("non-Latin", [
        ["метеостанция", ["meteo-ru"]],
        ["МЕТЕОСТАНЦИЯ", ["meteo-ru"]],
        ["яхты", ["meteo-ru"]],
        ["метео", ["meteo-ru"]],
        ["風速計", ["kaze"]],
        ["風速", ["kaze"]],
        ["δελτα", ["delta-tools"]],
        ["ΔΈΛΤΑ", ["delta-tools"]],
        ["Δέλτα", ["delta-tools"]],
      ]);
    });

    describe("stop words are dropped; a q with no term left matches nothing", () => {
      cases("stop words", [
        ["the", []],
        ["THE", []],
        ["the who", []],
        ["a", []],
        ["and of the", []],
        ["tribute", ["the-who-tribute"]],
        ["the tribute", ["the-who-tribute"]],
        ["tribute the", ["the-who-tribute"]],
      ]);
      cases("punctuation only", [
        ["!!!", []],
        ["-", []],
        ["...", []],
        ["@/_.", []],
        [" ", []],
        ["—", []],
      ]);

      it("a q with no term left gives total 0 even though the catalog is not empty", async () => {
        const body = expectPage(await call(target, pluginsPath({ q: "the" })));
        expect(body).toEqual({ total: 0, page: 1, perPage: 50, pages: 0, plugins: [] });
      });
    });

    describe("stemming (Porter, as lunr.stemmer)", () => {
      cases("stem", [
        ["plugins", ["chart-plugins"]],
        ["plugin", ["chart-plugins"]],
        ["charting", ["chart-plugins", "chartjs-adapter"]], // "chart" exactly, and "chartj" by prefix of the stem
        ["charting plugins", ["chart-plugins"]],
        ["dancing", ["happyfeet-dance"]],
        ["humidities", ["acme~aquarium-watch", "greenhouse-climate"]],
      ]);
    });

    describe("AND: every term must match, each in any field", () => {
      cases("and", [
        ["humidity", ["acme~aquarium-watch", "greenhouse-climate"]],
        ["zebrafish humidity", ["acme~aquarium-watch"]],
        ["humidity zebrafish", ["acme~aquarium-watch"]],
        ["humidity temperature", ["greenhouse-climate"]],
        ["greenhouse zebrafish", []],
        ["charts adapter", []],
      ]);
    });

    describe("the last term also matches by prefix, stemmed or as typed; the others do not", () => {
      cases("prefix", [
        ["influ", ["influx-writer", "influxdb-exporter"]],
        ["INFLU", ["influx-writer", "influxdb-exporter"]],
        ["influx", ["influx-writer", "influxdb-exporter"]],
        ["influ exporter", []],
        ["exporter influ", ["influxdb-exporter"]],
        ["influ the", ["influx-writer", "influxdb-exporter"]], // the last term left after stop words
        ["happy", ["happyfeet-dance"]], // as typed: stem("happy") is "happi"
        ["zebra", ["acme~aquarium-watch"]],
        ["zebra humidity", []],
        ["anemom", ["weather-station"]],
      ]);
    });

    describe("q never changes the order", () => {
      it("results follow sort, not relevance", async () => {
        expect(await found("rain")).toEqual(["rain-high", "rain-mid", "rain-low"]);
        expect(await found("rain", { sort: "name" })).toEqual(["rain-low", "rain-high", "rain-mid"]);
        expect(await found("rain", { sort: "recent" })).toEqual(["rain-high", "rain-low", "rain-mid"]);
        expect(await found("humidity", { sort: "name" })).toEqual(["greenhouse-climate", "acme~aquarium-watch"]);
      });

      it("paging through a search gives the same order", async () => {
        const pages: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const body = expectPage(await call(target, pluginsPath({ q: "rain", per_page: "1", page: String(page) })));
          expect(body).toMatchObject({ total: 3, pages: 3 });
          pages.push(...slugsOf(body));
        }
        expect(pages).toEqual(["rain-high", "rain-mid", "rain-low"]);
      });
    });

    describe("query-string encoding", () => {
      it.each([
        ["q=zebrafish+humidity", "zebrafish humidity"],
        ["q=zebrafish%20humidity", "zebrafish humidity"],
        ["q=caf%C3%A9", "café"],
        ["q=cafe%CC%81", "café"],
        ["q=%2Bzebrafish", "+zebrafish"],
        ["q=influx%2Ddb", "influx-db"],
      ])("?%s is q=%j", async (raw, q) => {
        const [a, b] = await Promise.all([
          call(target, `/api/plugins?${raw}&per_page=100`),
          call(target, pluginsPath({ q, per_page: "100" })),
        ]);
        expect(slugsOf(expectPage(a))).toEqual(slugsOf(expectPage(b)));
      });
    });

    describe("Lunr query syntax (: ~ ^ + - *) is plain text and never an error", () => {
      it.each([
        ["-zebrafish", "zebrafish"],
        ["+zebrafish", "zebrafish"],
        ["zebrafish~1", "zebrafish 1"],
        ["zebrafish^10", "zebrafish 10"],
        ["name:zebrafish", "name zebrafish"],
        ["description:humidity", "description humidity"],
        ["zebra*", "zebra"],
        ["*zebra*", "zebra"],
        ["influ*", "influ"],
        ["humidity -zebrafish", "humidity zebrafish"],
        ["humidity +temperature", "humidity temperature"],
        ["-humidity", "humidity"],
      ])("q=%j answers like q=%j", async (syntax, plain) => {
        expect(await found(syntax)).toEqual(await found(plain));
      });

      it.each([
        ":",
        "~",
        "^",
        "+",
        "-",
        "*",
        ":~^+-*",
        "title:",
        "*:*",
        "~~~",
        "^^",
        "\\",
        '"',
        "'",
        "(",
        "[",
        "{",
        "}",
        "a:b:c",
        "zebra:fish",
      ])("q=%j is a 200", async (q) => {
        const reply = await call(target, pluginsPath({ q }));
        expectPage(reply);
      });

      it("256 characters of syntax are a 200 with no match", async () => {
        const body = expectPage(await call(target, pluginsPath({ q: ":~^+-*".repeat(43).slice(0, 256) })));
        expect(body.total).toBe(0);
      });
    });

    it("agrees with the reference model on a spread of queries, sorts and filters", async () => {
      const queries = ["humidity", "the", "influ", "charts plugins", "rain", "zebra", "cafe", "happy", "db", "foo", "watch", "keeper", "x"];
      for (const q of queries) {
        for (const sort of ["stars", "name", "recent"] as const) {
          const body = expectPage(await call(target, pluginsPath({ q, sort, per_page: "100" })));
          const expected = referenceAnswer(
            SEARCH.plugins.map((p) => ({ ...p, readme: p.readme.includes("#") || p.readme.includes("<") ? "" : p.readme })),
            { q, sort, perPage: 100 },
          );
          // Plugins with Markdown READMEs are checked by the readme suite; here they may differ only through their README.
          const markdown = new Set(["weather-station", "html-block"]);
          expect(
            slugsOf(body).filter((s) => !markdown.has(s)),
            `q=${q} sort=${sort}`,
          ).toEqual(expected.slugs.filter((s) => !markdown.has(s)));
        }
      }
    });
  });
}
