/**
 * Cutting a page of a filtered query from a sort order: by walking the order, or from the members' ranks (the
 * order's inverse) where the walk would pass most of the catalog. Both must cut the same page.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bitset } from "../../src/core/bitset.js";
import { membersInOrder } from "../../src/core/paging.js";
import { membersByRank } from "../../src/shim/execute.js";
import { buildSite } from "../../src/site/build-site.js";
import { ranksOf } from "../../src/site/orders.js";
import { generateSnapshot } from "../../tools/sample/generate.js";
import { expectPage, slugsOf } from "../contract/expect.js";
import { call, pluginsPath } from "../support/http.js";
import { referenceAnswer, type Sort } from "../support/reference.js";
import { loggingReader, shimTarget } from "../support/targets.js";

/** An order of `size` ordinals, some of them members, and a window of positions among the members. */
const orderAndMembers = fc.integer({ min: 1, max: 300 }).chain((size) =>
  fc.record({
    order: fc.shuffledSubarray(
      Array.from({ length: size }, (_, i) => i),
      { minLength: size, maxLength: size },
    ),
    members: fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { maxLength: size }),
    start: fc.nat(size),
    length: fc.nat(size),
  }),
);

describe("membersByRank", () => {
  it("cuts the same page, with the same positions, as walking the order", () => {
    fc.assert(
      fc.property(orderAndMembers, ({ order, members, start, length }) => {
        const set = Bitset.of(order.length, members);
        const ranks = ranksOf(order);
        const sorted = [...members].sort((a, b) => a - b);
        expect(membersByRank(sorted, ranks, start, start + length)).toEqual(membersInOrder(set, order, start, start + length));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("a filtered page on a new shim (no order in memory)", async () => {
  const snapshot = generateSnapshot({ plugins: 1200, seed: 3 });
  const files = await buildSite(snapshot);
  const reader = loggingReader(files);
  const { reads } = reader;
  const newShim = () => shimTarget(reader);

  it("deep in a large set reads the order's ranks, not the order; near its start, the order", async () => {
    // `dashboard`: 164 of 1,200 plugins, more than are ordered by their records.
    await call(newShim(), pluginsPath({ category: "dashboard", sort: "name", page: "4" }));
    expect(reads.filter((path) => /\/(ranks|orders)-/.test(path))).toEqual([expect.stringMatching(/\/ranks-name\./)]);
    reads.length = 0;
    await call(newShim(), pluginsPath({ category: "dashboard", sort: "name", page: "1" }));
    expect(reads.filter((path) => /\/(ranks|orders)-/.test(path))).toEqual([expect.stringMatching(/\/orders-name\./)]);
  });

  it("follows the reference order at every page, however it is cut", async () => {
    const filters: [Record<string, string>, { category?: string; web?: boolean }][] = [
      [{ category: "dashboard" }, { category: "dashboard" }],
      [{ category: "data" }, { category: "data" }],
      [{ web: "1" }, { web: true }],
      [
        { category: "plugin", web: "1" },
        { category: "plugin", web: true },
      ],
    ];
    for (const [params, filter] of filters)
      for (const sort of ["recent", "name"] as const satisfies readonly Sort[])
        for (const perPage of [50, 37]) {
          const pages = referenceAnswer(snapshot.plugins, { ...filter, sort, perPage }).pages;
          for (let page = 1; page <= pages; page++) {
            const query = { ...params, sort, per_page: String(perPage), page: String(page) };
            const body = expectPage(await call(newShim(), pluginsPath(query)));
            const expected = referenceAnswer(snapshot.plugins, { ...filter, sort, perPage, page });
            expect({ total: body.total, slugs: slugsOf(body) }, JSON.stringify(query)).toEqual({
              total: expected.total,
              slugs: expected.slugs,
            });
          }
        }
  });
});
