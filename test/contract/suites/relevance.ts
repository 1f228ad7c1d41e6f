/**
 * Contract section 11, "Best match first": `sort=relevance` orders a search's matches by BM25F over name (3),
 * description (2) and README (1), ties by stars then slug; without `q` it is the stars order, the same query.
 * Hand-worked orders, then the reference model's over a spread of searches, filters and pages.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SnapshotPlugin } from "../../../src/snapshot/schema.js";
import { makePlugin, makeSnapshot } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import { referenceAnswer } from "../../support/reference.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage, slugsOf } from "../expect.js";

const plugin = (slug: string, stars: number, fields: Partial<SnapshotPlugin>): SnapshotPlugin =>
  makePlugin({ slug, npmName: slug, totalStars: stars, ...fields });

/** Words in every field, in texts of every length; stars that tie and that do not. */
export const RELEVANCE = makeSnapshot([
  plugin("anchor-alarm", 1, { name: "Anchor Alarm", description: "Sounds an alarm when the boat drags its anchor." }),
  plugin("anchor-watch", 5, { name: "Anchor Watch", description: "Watches the anchor.", hasWebUi: true }),
  plugin("boat-log", 90, { name: "Boat Log", description: "A log of the boat.", readme: "Logs anchor and alarm events of the boat." }),
  plugin("alarms", 40, { name: "Alarms for Deck, Engine and Bilge", description: "Alarms for everything aboard: anchor, wind, depth." }),
  plugin("wind", 100, { name: "Wind", readme: "Wind wind windy winds; no anchors here." }),
  plugin("windlass", 3, { name: "Windlass Control", description: "Raise the anchor." }),
  plugin("twin-a", 7, { name: "Twin", description: "anchored" }),
  plugin("twin-b", 7, { name: "Twin", description: "anchored", hasWebUi: true }),
  plugin("data", 60, { name: "Data", description: "Data, data and more data.", readme: "anchor ".repeat(40), hasWebUi: true }),
]);

/** Searches over it: one word, a prefix, two words, a repeated stem, stop words, no term left. */
const SEARCHES = ["anchor", "anch", "anchor alarm", "alarm anchor", "wind", "wind winds", "winds wind anchor", "the boat", "a", "twin"];

export function relevanceSuite(start: StartTarget): void {
  describe("sort=relevance (section 11)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(RELEVANCE);
    });
    const slugs = async (params: Record<string, string>) =>
      slugsOf(expectPage(await call(target, pluginsPath({ ...params, sort: "relevance" }))));

    it("puts the plugin whose name is the search first, then by where and how often the words occur", async () => {
      expect((await slugs({ q: "anchor alarm" }))[0]).toBe("anchor-alarm");
      expect((await slugs({ q: "windlass" }))[0]).toBe("windlass");
    });

    it("breaks ties by stars, then slug", async () => {
      expect(await slugs({ q: "twin" })).toEqual(["twin-a", "twin-b"]);
    });

    it("agrees with the reference model's BM25F for every search, alone and with a filter, on every page", async () => {
      for (const q of SEARCHES) {
        for (const filters of [{}, { web: true }]) {
          const expected = referenceAnswer(RELEVANCE.plugins, { q, sort: "relevance", perPage: 100, ...filters });
          for (const perPage of [100, 2]) {
            const seen: string[] = [];
            for (let page = 1; page <= Math.max(1, Math.ceil(expected.total / perPage)); page++) {
              const params = { q, per_page: String(perPage), page: String(page), ...("web" in filters ? { web: "1" } : {}) };
              seen.push(...(await slugs(params)));
            }
            expect(seen, `${q} ${JSON.stringify(filters)} per_page=${perPage}`).toEqual(expected.slugs);
          }
        }
      }
    });

    it("without q is the stars order, the same effective query: the same ETag", async () => {
      const [relevance, stars] = await Promise.all([call(target, "/api/plugins?sort=relevance"), call(target, "/api/plugins?sort=stars")]);
      expect(slugsOf(expectPage(relevance))).toEqual(slugsOf(expectPage(stars)));
      expect(relevance.headers.get("etag")).toBe(stars.headers.get("etag"));
      // A q with no term left matches nothing, whatever the sort.
      expect(expectPage(await call(target, "/api/plugins?sort=relevance&q=the")).total).toBe(0);
    });
  });
}
