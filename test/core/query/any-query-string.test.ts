/** Section 2: no query string makes the parser throw; the API answers 200 or a 400 problem for any of them. */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parseQuery } from "../../../src/core/query.js";
import { buildSite } from "../../../src/site/build-site.js";
import { expectBadRequest, expectPage } from "../../contract/expect.js";
import { CORE } from "../../support/fixtures.js";
import { call } from "../../support/http.js";
import { referenceProblems } from "../../support/reference.js";
import { mapReader, shimTarget, type Target } from "../../support/targets.js";

const NAMES = ["q", "category", "author", "web", "sort", "page", "per_page", "Page", "x"];

/** Query strings that look like the real thing: known names, odd values, odd encodings. */
const structured = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 4 })),
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.constantFrom(
          "",
          "1",
          "0",
          "01",
          "+1",
          "%2B1",
          "1e3",
          "100",
          "101",
          "1000000",
          "1000001",
          "stars",
          "name",
          "recent",
          "Stars",
          "%ZZ",
          "%E0%A4",
          "%F0%9F%98",
        ),
        fc.nat().map(String),
      ),
      fc.boolean(),
    ),
    { maxLength: 8 },
  )
  .map((pairs) => pairs.map(([k, v, encode]) => `${k}=${encode ? encodeURIComponent(v) : v}`).join("&"));

const anyText = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary-ascii" }), structured);

describe("arbitrary query strings", () => {
  let target: Target;
  beforeAll(async () => {
    target = shimTarget(mapReader(await buildSite(CORE)));
  });

  it("parseQuery never throws, and reports exactly the invalid or repeated parameters, in order", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const params = new URLSearchParams(text);
        const result = parseQuery(params);
        const expected = referenceProblems(params);
        if (result.ok) expect(expected).toEqual([]);
        else {
          expect(result.problems.map((p) => p.parameter)).toEqual(expected);
          for (const problem of result.problems) expect(problem.message.trim().length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("the API answers 200 with a page or 400 with exactly the reference's problems, for any query string", async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        let request: Request;
        try {
          request = new Request(`http://localhost/api/plugins?${text}`);
        } catch {
          return; // not a URL at all: nothing reaches the shim
        }
        const path = new URL(request.url).pathname + new URL(request.url).search;
        if (path.split("?")[0] !== "/api/plugins") return; // e.g. a "#" cut the query off into a fragment
        const reply = await call(target, path);
        const problems = referenceProblems(new URLSearchParams(new URL(request.url).search));
        if (problems.length === 0) expectPage(reply);
        else expectBadRequest(reply, problems);
      }),
      { numRuns: 1500 },
    );
  });
});
