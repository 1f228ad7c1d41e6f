/** The small pure parts of init's rendering: placeholders, Markdown code spans, package names, next steps. */
import { describe, expect, it } from "vitest";
import { code, fill, nextSteps, packageNameFor } from "../../src/init/catalog-repository.js";

describe("fill", () => {
  it("replaces every placeholder in one pass: a value is never searched for placeholders, $ patterns stay text", () => {
    expect(fill("{{A}} and {{B}}, {{A}}", { A: "{{B}}", B: "$&$1" })).toBe("{{B}} and $&$1, {{B}}");
  });

  it("throws on a placeholder without a value (a template mistake)", () => {
    expect(() => fill("{{MISSING}}", {})).toThrow("the template's {{MISSING}} has no value");
  });
});

describe("code", () => {
  it.each([
    ["plain", "`plain`"],
    ["a`b", "``a`b``"],
    ["a``b`c", "```a``b`c```"],
    ["`edge`", "`` `edge` ``"],
    ["<b>|*_", "`<b>|*_`"],
  ])("%j → %j", (text, span) => {
    expect(code(text)).toBe(span);
  });
});

describe("packageNameFor", () => {
  it.each([
    ["signalk-catalog", "signalk-catalog"],
    ["My Catalog!", "my-catalog"],
    ["_private.", "private"],
    ["plugin-catalog", "plugin-catalog-site"],
    ["Plugin-Catalog", "plugin-catalog-site"],
    ["日本", "plugin-catalog-site"],
  ])("%j → %j", (directory, name) => {
    expect(packageNameFor(directory)).toBe(name);
  });
});

describe("nextSteps", () => {
  it("quotes a directory the shell would split", () => {
    expect(nextSteps("my catalog", "cloudflare")[0]).toBe("cd 'my catalog' && npm install   # writes package-lock.json");
    expect(nextSteps("it's", "github-pages")[0]).toBe(`cd 'it'\\''s' && npm install   # writes package-lock.json`);
  });
});
