/**
 * `slugFor`: URL-safe, unique, and a function of the npm name alone, so a
 * plugin keeps its slug from one day's catalog to the next.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugFor } from "../../src/snapshot/slug.js";

const URL_SAFE = /^[a-z0-9._~-]+$/;

const modernName = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/);
const scopedName = fc.tuple(modernName, modernName).map(([scope, name]) => `@${scope}/${name}`);
/** Legacy and odd names: upper case, `!*'()~`, and anything else a registry or a test might hand over. */
const otherName = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._~!*'()@/-]{0,20}$/), fc.string({ maxLength: 20, unit: "binary" }));
const anyName = fc.oneof(modernName, scopedName, otherName);

describe("slugFor", () => {
  it.each([
    ["foo-bar", "foo-bar"],
    ["@acme/foo", "acme~foo"],
    // A published slug must never move.
    ["JSONStream", "jsonstream~~e8984fe355"],
    ["", "pkg~~e3b0c44298"],
  ])("%j → %j, today and every day after", (name, slug) => {
    expect(slugFor(name)).toBe(slug);
  });

  it("is URL-safe: only a-z 0-9 . _ ~ -", () => {
    fc.assert(fc.property(anyName, (name) => URL_SAFE.test(slugFor(name))));
  });

  it("depends on the name alone: the same name gives the same slug, whatever was asked before", () => {
    fc.assert(
      fc.property(anyName, fc.array(anyName), (name, others) => {
        const first = slugFor(name);
        others.forEach(slugFor);
        return slugFor(name) === first;
      }),
    );
  });

  it("keeps a modern unscoped name as it is", () => {
    fc.assert(fc.property(modernName, (name) => slugFor(name) === name));
  });

  it("gives exactly one ~ to scoped names, and only to them", () => {
    const SCOPED = /^@[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;
    fc.assert(fc.property(anyName, (name) => (slugFor(name).split("~").length === 2) === SCOPED.test(name)));
  });

  it("gives distinct names distinct slugs", () => {
    fc.assert(fc.property(fc.uniqueArray(anyName, { maxLength: 40 }), (names) => new Set(names.map(slugFor)).size === names.length));
  });

  it.each([
    ["JSONStream", "jsonstream"],
    ["@acme/foo", "acme~foo"],
    ["acme~foo", "@acme/foo"],
    ["Foo", "FOO"],
  ])("tells %j from %j", (a, b) => {
    expect(slugFor(a)).not.toBe(slugFor(b));
  });
});
