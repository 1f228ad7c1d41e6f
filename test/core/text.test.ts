/** Normalization (docs/API.md#normalization), in the pure core: foldText, splitWords, codePointLength. */
import { describe, expect, it } from "vitest";
import { codePointLength, foldText, splitWords } from "../../src/core/text.js";

describe("foldText", () => {
  it.each([
    ["café", "cafe"],
    ["CAFÉ", "cafe"],
    ["cafe\u0301", "cafe"],
    ["Crème Brûlée", "creme brulee"],
    ["ｃａｆｅ", "cafe"],
    ["ﬁle", "file"],
    ["Ärger", "arger"],
    ["ΔΈΛΤΑ", "δελτα"],
    ["МЕТЕО", "метео"],
    ["İstanbul", "istanbul"],
    ["風速計", "風速計"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const s of ["Café-Plugin", "İ", "ǅ", "Ω", "ﬃ", "①"]) expect(foldText(foldText(s))).toBe(foldText(s));
  });
});

describe("splitWords", () => {
  it.each([
    ["@acme/foo_bar.js", ["acme", "foo", "bar", "js"]],
    ["influx-db", ["influx", "db"]],
    ["Café-Plugin", ["cafe", "plugin"]],
    ["  spaced\tout\nwords  ", ["spaced", "out", "words"]],
    ["a:b~c^d+e-f*g", ["a", "b", "c", "d", "e", "f", "g"]],
    ["v2.10", ["v2", "10"]],
    ["風速計 sensor", ["風速計", "sensor"]],
    ["it's", ["it", "s"]],
    ["emoji😀split", ["emoji", "split"]],
    ["!!!", []],
    ["", []],
  ])("%j → %j", (input, expected) => {
    expect(splitWords(input)).toEqual(expected);
  });

  it("splits at every character that is not a letter or a digit", () => {
    for (const separator of ["_", ".", "/", "@", "'", "’", "—", "·", "\u00a0", "\u200b", "©", "€"]) {
      expect(splitWords(`left${separator}right`), JSON.stringify(separator)).toEqual(["left", "right"]);
    }
  });

  it("keeps letters and digits of any script together", () => {
    expect(splitWords("٣٤ abc123 Ⅻ")).toEqual(["٣٤", "abc123", "xii"]);
  });
});

describe("codePointLength", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["😀", 1],
    ["😀😀", 2],
    ["e\u0301", 2],
    ["日本", 2],
  ])("%j has %i code points", (input, length) => {
    expect(codePointLength(input)).toBe(length);
  });
});
