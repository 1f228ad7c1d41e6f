/** docs/API.md#listing-plugins: the parameters table, defaults, empty = absent, unknown, repeated, all problems at once. */
import { beforeAll, describe, expect, it } from "vitest";
import { CORE, CORE_PLUGINS } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectBadRequest, expectPage, slugsOf } from "../expect.js";

const BY_STARS = CORE_PLUGINS.map((p) => p.slug);
const ASTRAL = "😀"; // one code point, two UTF-16 code units

export function parametersSuite(start: StartTarget): void {
  describe("parameters (section 2)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(CORE);
    });
    const get = (path: string) => call(target, path);
    const answersLikePlain = async (query: string) => {
      const plain = await get("/api/plugins");
      const reply = await get(`/api/plugins?${query}`);
      expectPage(reply);
      expect(reply.text).toBe(plain.text);
    };

    it("all parameters are optional: defaults sort=stars, page=1, per_page=50", async () => {
      const body = expectPage(await get("/api/plugins"));
      expect(body).toMatchObject({ total: 12, page: 1, perPage: 50, pages: 1 });
      expect(slugsOf(body)).toEqual(BY_STARS);
    });

    describe("page: decimal digits only, 1 … 1,000,000", () => {
      it.each([
        ["1", 1],
        ["2", 2],
        ["01", 1],
        ["0002", 2],
        ["1000000", 1_000_000],
        ["0001000000", 1_000_000],
      ])("page=%s is accepted and echoed as %i", async (value, echoed) => {
        const body = expectPage(await get(pluginsPath({ page: value, per_page: "10" })));
        expect(body.page).toBe(echoed);
        expect(body.total).toBe(12);
        expect(body.pages).toBe(2);
      });

      it.each([
        ["0", "page=0"],
        ["1000001", "page=1000001"],
        ["-1", "page=-1"],
        ["%2B1", "page=%2B1"], // "+1"
        ["+1", "page=+1"], // a "+" in a query string is a space: " 1"
        ["%201", "page=%201"],
        ["1%20", "page=1%20"],
        ["1.0", "page=1.0"],
        ["1e3", "page=1e3"],
        ["0x1", "page=0x1"],
        ["one", "page=one"],
        ["%D9%A1", "page=%D9%A1"], // ARABIC-INDIC DIGIT ONE
        ["99999999999999999999", "page=99999999999999999999"],
      ])("page=%s is a 400", async (_value, query) => {
        expectBadRequest(await get(`/api/plugins?${query}`), ["page"]);
      });
    });

    describe("per_page: decimal digits only, 1 … 100, default 50", () => {
      it.each([
        ["1", 1],
        ["100", 100],
        ["050", 50],
        ["7", 7],
      ])("per_page=%s is accepted; perPage %i", async (value, perPage) => {
        const body = expectPage(await get(pluginsPath({ per_page: value })));
        expect(body.perPage).toBe(perPage);
        expect(slugsOf(body)).toEqual(BY_STARS.slice(0, perPage));
      });

      it.each(["0", "101", "1000", "-5", "%2B5", "5.0", "1e2", "ten", "%205"])("per_page=%s is a 400", async (value) => {
        expectBadRequest(await get(`/api/plugins?per_page=${value}`), ["per_page"]);
      });
    });

    describe("sort: stars, recent, name (case-sensitive)", () => {
      it.each(["stars", "recent", "name", "downloads"])("sort=%s is accepted", async (value) => {
        expectPage(await get(pluginsPath({ sort: value })));
      });

      it.each(["Stars", "NAME", "Recent", "updated", "name%20", "-stars", "stars,name"])("sort=%s is a 400", async (value) => {
        expectBadRequest(await get(`/api/plugins?sort=${value}`), ["sort"]);
      });
    });

    describe("web: only 1", () => {
      it("web=1 is accepted", async () => {
        expectPage(await get("/api/plugins?web=1"));
      });

      it.each(["0", "true", "yes", "01", "2", "1%20"])("web=%s is a 400", async (value) => {
        expectBadRequest(await get(`/api/plugins?web=${value}`), ["web"]);
      });
    });

    describe("q, category, author: any text, at most 256 characters (code points)", () => {
      for (const name of ["q", "category", "author"]) {
        it(`${name} of 256 characters is accepted`, async () => {
          expectPage(await get(pluginsPath({ [name]: "x".repeat(256) })));
        });

        it(`${name} of 257 characters is a 400`, async () => {
          expectBadRequest(await get(pluginsPath({ [name]: "x".repeat(257) })), [name]);
        });

        it(`${name} of 256 astral characters (512 UTF-16 code units) is accepted`, async () => {
          expectPage(await get(pluginsPath({ [name]: ASTRAL.repeat(256) })));
        });

        it(`${name} of 257 astral characters is a 400`, async () => {
          expectBadRequest(await get(pluginsPath({ [name]: ASTRAL.repeat(257) })), [name]);
        });
      }

      it("the 400 for a long text says what is accepted (256)", async () => {
        const [problem] = expectBadRequest(await get(pluginsPath({ q: "y".repeat(300) })), ["q"]);
        expect(problem?.message).toContain("256");
      });
    });

    describe("an empty value is the same as an absent parameter", () => {
      it.each(["q=&category=&author=&web=&sort=&page=&per_page=", "q&category&author&web&sort&page&per_page", "page=&sort="])(
        "?%s answers like /api/plugins",
        answersLikePlain,
      );

      it("an empty q, with other parameters, does not filter", async () => {
        const body = expectPage(await get("/api/plugins?q=&sort=name&per_page=100"));
        expect(body.total).toBe(12);
      });
    });

    describe("unknown parameters are ignored", () => {
      it.each(["foo=bar", "foo=1&foo=2", "Sort=bogus&PAGE=0&perPage=7&Q=zzz", "page%5B%5D=3&utm_source=x", "callback=alert(1)"])(
        "?%s answers like /api/plugins",
        answersLikePlain,
      );
    });

    describe("a known parameter given twice is an error", () => {
      it.each([
        ["sort=name&sort=name", ["sort"]],
        ["sort=name&sort=stars", ["sort"]],
        ["page=1&page=1", ["page"]],
        ["per_page=5&x=1&per_page=5", ["per_page"]],
        ["web=1&web=1", ["web"]],
        ["q=a&q=b", ["q"]],
        ["category=charts&category=charts", ["category"]],
        ["author=alice&author=bob", ["author"]],
        ["q=&q=", ["q"]],
        ["page=2&page=", ["page"]],
        ["sort=name&sort=name&sort=name", ["sort"]],
        ["page=1&sort=name&page=2&sort=name", ["page", "sort"]],
      ] as const)("?%s is a 400 naming %j", async (query, parameters) => {
        const errors = expectBadRequest(await get(`/api/plugins?${query}`), parameters);
        for (const error of errors) expect(error.message.length).toBeGreaterThan(0);
      });
    });

    describe("all problems at once, one { parameter, message } each, in order of first appearance", () => {
      it("five invalid parameters give five problems", async () => {
        const reply = await get(`/api/plugins?page=0&sort=Stars&per_page=101&web=2&q=${"z".repeat(257)}&category=ok`);
        expectBadRequest(reply, ["page", "sort", "per_page", "web", "q"]);
      });

      it("the order follows the query string", async () => {
        expectBadRequest(await get("/api/plugins?sort=bad&page=0"), ["sort", "page"]);
        expectBadRequest(await get("/api/plugins?page=0&sort=bad"), ["page", "sort"]);
        expectBadRequest(await get("/api/plugins?web=0&page=1&page=2&sort=x"), ["web", "page", "sort"]);
      });

      it("valid and unknown parameters next to invalid ones are not reported", async () => {
        expectBadRequest(await get("/api/plugins?q=charts&foo=bar&per_page=0&sort=name"), ["per_page"]);
      });

      it("each message says what is accepted", async () => {
        const errors = expectBadRequest(await get("/api/plugins?sort=x&page=x&per_page=x&web=x"), ["sort", "page", "per_page", "web"]);
        const [sort, page, perPage, web] = errors.map((e) => e.message);
        for (const word of ["stars", "recent", "name", "downloads"]) expect(sort).toContain(word);
        expect(page).toMatch(/1[\s,.]?000[\s,.]?000/);
        expect(perPage).toContain("100");
        expect(web).toContain("1");
      });
    });
  });
}
