/**
 * One long word per plugin (a README of 65,536 letters is one term): the build stores no union for prefixes past
 * `UNION_PREFIX_MAX`, so the prefixes of a few such words cost it no more than the words themselves, and a query's
 * long prefix is still answered across the blocks that hold its terms.
 */
import { describe, expect, it } from "vitest";
import { UNION_PREFIX_MAX } from "../../../src/core/site-format.js";
import { buildSite } from "../../../src/site/build-site.js";
import { expectPage, slugsOf } from "../../contract/expect.js";
import { makePlugin, makeSnapshot } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import { mapReader, shimTarget } from "../../support/targets.js";

const LONG = 65_536;

describe("plugins whose README is one long word", () => {
  it("build, and their long prefixes find them all, whatever the blocks", async () => {
    const plugins = Array.from({ length: 5 }, (_, i) =>
      makePlugin({ slug: `long-${i}`, npmName: `long-${i}`, totalStars: i, readme: "q".repeat(LONG + i) }),
    );
    const snapshot = makeSnapshot([...plugins, makePlugin({ slug: "short", npmName: "short", readme: "qq quiet" })]);
    for (const layout of [{}, { postingsBlockBytes: 40 }]) {
      const target = shimTarget(mapReader(await buildSite(snapshot, { layout })));
      for (const letters of [2, UNION_PREFIX_MAX, UNION_PREFIX_MAX + 1, 256]) {
        for (const sort of ["stars", "relevance"]) {
          const body = expectPage(await call(target, pluginsPath({ q: "q".repeat(letters), sort })));
          const expected =
            letters <= 2 ? ["long-4", "long-3", "long-2", "long-1", "long-0", "short"] : ["long-4", "long-3", "long-2", "long-1", "long-0"];
          expect(new Set(slugsOf(body)), `${letters} letters, ${sort}`).toEqual(new Set(expected));
        }
      }
    }
  }, 120_000);
});
