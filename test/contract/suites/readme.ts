/**
 * docs/API.md#readme-text: "Markdown reduced to its words: fenced
 * code blocks, HTML tags with their attributes, link targets and images, alt
 * text included, contribute nothing; link text counts".
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH } from "../../support/fixtures.js";
import { call, pluginsPath } from "../../support/http.js";
import type { StartTarget, Target } from "../../support/targets.js";
import { expectPage, slugsOf } from "../expect.js";

export function readmeSuite(start: StartTarget): void {
  describe("README text (section 4)", () => {
    let target: Target;
    beforeAll(async () => {
      target = await start(SEARCH);
    });
    const found = async (q: string): Promise<string[]> => slugsOf(expectPage(await call(target, pluginsPath({ q, per_page: "100" }))));

    it.each([
      ["anemometer", "a heading"],
      ["pluviometer", "strong emphasis"],
      ["barograph", "emphasis"],
      ["windvane", "inline link text"],
      ["manual", "inline link text"],
      ["sextant", "reference link text"],
      ["disdrometer", "text between inline HTML tags"],
      ["theodolite", "a list item"],
    ])("%j (%s) counts", async (word) => {
      expect(await found(word)).toEqual(["weather-station"]);
    });

    it.each([
      ["barometerlink", "an inline link target"],
      ["https", "link and image URLs"],
      ["astrolabe", "a link reference definition"],
      ["thermograph", "image alt text"],
      ["picture", "image alt text"],
      ["hygrometer", "an image URL"],
      ["compasslogo", "alt text of an image inside a link"],
      ["compassimg", "an image URL inside a link"],
      ["compasshref", "a link target around an image"],
      ["pyranometer", "an HTML attribute value"],
      ["ceilometer", "an HTML data- attribute value"],
      ["span", "an HTML tag name"],
      ["psychrometer", "an <img src> in an HTML block"],
      ["nephoscope", "an <img alt> in an HTML block"],
      ["align", "an HTML attribute name"],
      ["lysimeter", "a ``` fenced code block"],
      ["tiltmeter", "a ``` fenced code block"],
      ["require", "a ``` fenced code block"],
      ["odograph", "a ~~~ fenced code block"],
    ])("%j (%s) contributes nothing", async (word) => {
      expect(await found(word)).toEqual([]);
    });

    it("text inside a block-level HTML element is not a tag: it counts", async () => {
      expect(await found("heliograph")).toEqual(["html-block"]);
      expect(await found("right")).toEqual([]);
      expect(await found("div")).toEqual([]);
    });

    it("a README word needs the other terms too (AND across README and name)", async () => {
      expect(await found("weather anemometer")).toEqual(["weather-station"]);
      expect(await found("weather thermograph")).toEqual([]);
    });
  });
}
