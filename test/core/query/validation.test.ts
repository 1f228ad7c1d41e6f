/** The listing parameters (docs/API.md#parameters), in the pure core: parseQuery and queryKey. */
import { describe, expect, it } from "vitest";
import { type CatalogQuery, parseQuery, queryKey } from "../../../src/core/query.js";

function ok(query: string): CatalogQuery {
  const result = parseQuery(new URLSearchParams(query));
  if (!result.ok) throw new Error(`expected ${query} to be valid: ${JSON.stringify(result.problems)}`);
  return result.query;
}

function problems(query: string): string[] {
  const result = parseQuery(new URLSearchParams(query));
  if (result.ok) throw new Error(`expected ${query} to be invalid`);
  for (const problem of result.problems) expect(problem.message.trim()).not.toBe("");
  return result.problems.map((p) => p.parameter);
}

describe("parseQuery", () => {
  it("defaults: no search, no filters, sort stars, page 1, per_page 50", () => {
    expect(ok("")).toEqual({
      search: undefined,
      category: undefined,
      author: undefined,
      webOnly: false,
      sort: "stars",
      page: 1,
      perPage: 50,
    });
  });

  it("empty values are absent", () => {
    expect(ok("q=&category=&author=&web=&sort=&page=&per_page=")).toEqual(ok(""));
  });

  it("unknown parameters are ignored", () => {
    expect(ok("foo=bar&Sort=x&PAGE=0")).toEqual(ok(""));
  });

  it.each(["page=1", "page=1000000", "page=01", "per_page=1", "per_page=100", "sort=stars", "sort=recent", "sort=name", "web=1"])(
    "%s is valid",
    (q) => {
      expect(parseQuery(new URLSearchParams(q)).ok).toBe(true);
    },
  );

  it.each([
    ["page=0", "page"],
    ["page=1000001", "page"],
    ["page=%2B1", "page"],
    ["page=+1", "page"],
    ["page=1.0", "page"],
    ["page=1e3", "page"],
    ["page=%201", "page"],
    ["per_page=0", "per_page"],
    ["per_page=101", "per_page"],
    ["sort=Stars", "sort"],
    ["web=0", "web"],
    ["web=true", "web"],
  ])("%s is invalid (%s)", (q, parameter) => {
    expect(problems(q)).toEqual([parameter]);
  });

  it("page and per_page values are numbers, leading zeros allowed", () => {
    expect(ok("page=007&per_page=010")).toMatchObject({ page: 7, perPage: 10 });
  });

  it("text of 256 code points is valid, 257 is not", () => {
    for (const name of ["q", "category", "author"]) {
      expect(parseQuery(new URLSearchParams({ [name]: "😀".repeat(256) })).ok).toBe(true);
      expect(problems(new URLSearchParams({ [name]: "😀".repeat(257) }).toString())).toEqual([name]);
    }
  });

  it("a repeated known parameter is an error, even with empty values; one problem per parameter", () => {
    expect(problems("sort=name&sort=name&sort=name")).toEqual(["sort"]);
    expect(problems("q=&q=")).toEqual(["q"]);
    expect(parseQuery(new URLSearchParams("x=1&x=2")).ok).toBe(true);
  });

  it("reports every problem, in order of first appearance", () => {
    expect(problems("web=2&page=0&sort=x&page=1&per_page=0")).toEqual(["web", "page", "sort", "per_page"]);
  });

  it("category is lower-cased; author lower-cased with one leading @ removed", () => {
    expect(ok("category=ChArTs").category).toBe("charts");
    expect(ok("author=%40Alice").author).toBe("alice");
    expect(ok("author=%40%40Alice").author).toBe("@alice");
    expect(ok("author=Al%40ice").author).toBe("al@ice");
  });

  it("a q with no term left is null (matches nothing), not absent", () => {
    expect(ok("q=the").search).toBeNull();
    expect(ok("q=%21%21").search).toBeNull();
    expect(ok("q=").search).toBeUndefined();
  });
});

describe("queryKey: one key per effective query", () => {
  const key = (q: string): string => queryKey(ok(q));

  it.each([
    ["", "sort=stars&page=1&per_page=50"],
    ["", "page=01&per_page=050"],
    ["", "q=&foo=bar"],
    ["sort=name&page=2", "page=2&sort=name"],
    ["q=café", "q=CAFE"],
    ["q=the charts", "q=charts"],
    ["category=Charts", "category=charts"],
    ["author=@Alice", "author=alice"],
  ])("%j and %j share a key", (a, b) => {
    expect(key(a)).toBe(key(b));
  });

  it("differs whenever the effective query differs", () => {
    const queries = [
      "",
      "sort=name",
      "sort=recent",
      "page=2",
      "per_page=10",
      "web=1",
      "category=charts",
      "author=alice",
      "q=charts",
      "q=the",
      "q=charts plugins",
      "q=plugins charts",
      "category=alice",
      "author=charts",
      "q=alice",
    ];
    const keys = queries.map(key);
    expect(new Set(keys).size).toBe(queries.length);
  });

  it("a filter value cannot spell another query's key", () => {
    const forged = `category=${encodeURIComponent("charts&q=mode|mode*")}`;
    expect(key(forged)).not.toBe(key("category=charts&q=mode"));
    expect(key(`author=${encodeURIComponent("a&web=1")}`)).not.toBe(key("author=a&web=1"));
  });

  it("a q that matches nothing differs from no q", () => {
    expect(key("q=the")).not.toBe(key(""));
  });

  it("the prefix term matters: influ and influx differ, as do 'a b' and 'b a'", () => {
    expect(key("q=influ")).not.toBe(key("q=influx"));
    expect(key("q=alpha beta")).not.toBe(key("q=beta alpha"));
  });
});

describe("hash64", () => {
  it("is stable, 16 hex digits, and tells near-identical keys apart", async () => {
    const { hash64 } = await import("../../../src/core/hash.js");
    expect(hash64("sort=stars&page=1&per_page=50")).toMatch(/^[0-9a-f]{16}$/);
    expect(hash64("sort=stars&page=1&per_page=50")).toBe(hash64("sort=stars&page=1&per_page=50"));
    const seen = new Set<string>();
    for (let page = 1; page <= 5000; page++)
      for (const sort of ["stars", "recent", "name"]) seen.add(hash64(`sort=${sort}&page=${page}&per_page=50`));
    expect(seen.size).toBe(15000);
  });
});
