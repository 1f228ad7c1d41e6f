/** Display-name paths (docs/API.md#configuration): the dotted-path parser and the first-non-empty rule, property-tested. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayNameAt, parseDisplayNamePath } from "../../../src/upstream/registry/display-name.js";

/** A manifest key as packages write them: no dot, no white space. */
const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => /^[^\s.]+$/.test(k));
const keys = fc.array(key, { minLength: 1, maxLength: 5 });
const blank = fc.constantFrom("", " ", "\t", "  \n");
const text = fc.string({ minLength: 1 }).filter((s) => s.trim() !== "");
/** What a path may lead to that is no display name. */
const notAName = fc.oneof(blank, fc.integer(), fc.constant(null), fc.dictionary(key, fc.string()));

/** `{ a: { b: value } }` for keys ["a", "b"]. */
function nest(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, k) => Object.defineProperty({}, k, { value: inner, enumerable: true }), value);
}

describe("parseDisplayNamePath", () => {
  it("reads back the keys a dotted path was joined from", () => {
    fc.assert(
      fc.property(keys, (ks) => {
        expect(parseDisplayNamePath(ks.join("."))).toEqual(ks);
      }),
    );
  });

  it("refuses a path with an empty key (leading, trailing or doubled dot)", () => {
    fc.assert(
      fc.property(keys, fc.nat(), (ks, at) => {
        const withHole = [...ks];
        withHole.splice(at % (ks.length + 1), 0, "");
        expect(parseDisplayNamePath(withHole.join("."))).toBeUndefined();
      }),
    );
  });

  it("refuses a path with white space anywhere", () => {
    fc.assert(
      fc.property(keys, fc.constantFrom(" ", "\t", "\n", "\u00a0"), fc.nat(), (ks, space, at) => {
        const path = ks.join(".");
        const i = at % (path.length + 1);
        expect(parseDisplayNamePath(path.slice(0, i) + space + path.slice(i))).toBeUndefined();
      }),
    );
  });

  it("examples", () => {
    expect(parseDisplayNamePath("signalk.displayName")).toEqual(["signalk", "displayName"]);
    for (const bad of ["", ".", "signalk..displayName", ".displayName", "displayName.", "signalk. displayName"]) {
      expect(parseDisplayNamePath(bad), bad).toBeUndefined();
    }
  });
});

describe("displayNameAt", () => {
  it("finds a non-empty string wherever its path leads", () => {
    fc.assert(
      fc.property(keys, text, (ks, value) => {
        expect(displayNameAt(nest(ks, value), [ks.join(".")])).toBe(value);
      }),
    );
  });

  it("the first path that gives a non-empty string wins; blank strings and other types fall through", () => {
    fc.assert(
      fc.property(keys, keys, notAName, text, (first, second, miss, hit) => {
        const [one, two] = [first.join("."), second.join(".")];
        fc.pre(one !== two && !two.startsWith(`${one}.`) && !one.startsWith(`${two}.`));
        const manifest = { ...(nest(first, miss) as object), ...(nest(second, hit) as object) };
        // Merging may overwrite `first` when both start with the same key: then only `second` is there to find.
        expect(displayNameAt(manifest, [one, two])).toBe(hit);
        expect(displayNameAt(manifest, [two, one])).toBe(hit);
      }),
    );
  });

  it("of two paths that both give a name, the one listed first wins", () => {
    fc.assert(
      fc.property(keys, keys, text, text, (first, second, one, two) => {
        fc.pre(first[0] !== second[0]);
        const manifest = { ...(nest(first, one) as object), ...(nest(second, two) as object) };
        expect(displayNameAt(manifest, [first.join("."), second.join(".")])).toBe(one);
        expect(displayNameAt(manifest, [second.join("."), first.join(".")])).toBe(two);
      }),
    );
  });

  it("nothing to find: undefined (the caller falls back to the package name)", () => {
    expect(displayNameAt({ signalk: { displayName: "  " }, displayName: "" }, ["signalk.displayName", "displayName"])).toBeUndefined();
    expect(displayNameAt({ signalk: "Not an object" }, ["signalk.displayName"])).toBeUndefined();
    expect(displayNameAt({ list: ["x"] }, ["list.0"])).toBeUndefined();
    expect(displayNameAt({ displayName: "Wanted" }, [])).toBeUndefined();
  });

  it("reads own properties only: nothing comes off the prototype chain", () => {
    for (const path of ["constructor.name", "__proto__.constructor.name", "toString", "hasOwnProperty"]) {
      expect(displayNameAt({}, [path]), path).toBeUndefined();
    }
  });

  it("keeps the string as written (no trimming), as the top-level displayName always was", () => {
    expect(displayNameAt({ signalk: { displayName: " Freeboard SK " } }, ["signalk.displayName"])).toBe(" Freeboard SK ");
  });
});
