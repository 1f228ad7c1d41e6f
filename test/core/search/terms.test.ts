/** Query terms (docs/API.md#search), in the pure core: isStopWord, stem, parseSearchText. */
import lunr from "lunr";
import { describe, expect, it } from "vitest";
import { isStopWord, parseSearchText, stem } from "../../../src/core/search/terms.js";

describe("isStopWord: lunr's English list", () => {
  it.each(["the", "a", "and", "of", "who", "is", "it", "to", "with", "your"])("%j is a stop word", (word) => {
    expect(isStopWord(word)).toBe(true);
  });
  it.each(["plugin", "chart", "js", "db", "web", "influx", "new", "one"])("%j is not", (word) => {
    expect(isStopWord(word)).toBe(false);
  });
  it("agrees with lunr.stopWordFilter", () => {
    const filter = lunr.stopWordFilter as unknown as (token: lunr.Token) => lunr.Token | undefined;
    for (const word of ["about", "across", "since", "tis", "twas", "wants", "yet", "zebra", "charts", "i", "me"]) {
      expect(isStopWord(word), word).toBe(filter(new lunr.Token(word, {})) === undefined);
    }
  });
});

describe("stem: Porter, as lunr.stemmer", () => {
  it.each([
    ["plugins", "plugin"],
    ["plugin", "plugin"],
    ["charting", "chart"],
    ["charts", "chart"],
    ["running", "run"],
    ["happy", "happi"],
    ["humidity", "humid"],
    ["influxdb", "influxdb"],
  ])("%j → %j", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe("parseSearchText", () => {
  it("normalizes, drops stop words, stems all terms; the last keeps its typed form for prefixes", () => {
    expect(parseSearchText("The Charting PLUGINS")).toEqual({ exact: ["chart"], last: { typed: "plugins", stem: "plugin" } });
  });

  it("splits like the index: @acme/foo_bar.js gives acme foo bar js", () => {
    expect(parseSearchText("@acme/foo_bar.js")).toEqual({ exact: ["acm", "foo", "bar"], last: { typed: "js", stem: "js" } });
  });

  it("café = cafe", () => {
    expect(parseSearchText("café")).toEqual(parseSearchText("CAFE"));
  });

  it("the last term left after stop words is the prefix term", () => {
    expect(parseSearchText("influ the")).toEqual({ exact: [], last: { typed: "influ", stem: "influ" } });
  });

  it("Lunr syntax is plain text", () => {
    expect(parseSearchText("+name:chart~1^2 -foo*")).toEqual({ exact: ["name", "chart", "1", "2"], last: { typed: "foo", stem: "foo" } });
  });

  it.each(["", " ", "the", "the and of", "!!!", ":~^+-*", "—"])("%j leaves no term: null (matches nothing)", (q) => {
    expect(parseSearchText(q)).toBeNull();
  });
});
