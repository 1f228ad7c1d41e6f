/**
 * A JSON reader that keeps what `JSON.parse` throws away: the order of keys
 * as written (duplicates included) and the exact spelling of numbers. The
 * contract fixes key order and integer types, so the tests look at the text.
 */

export type RawJson =
  | { readonly kind: "object"; readonly entries: ReadonlyArray<readonly [string, RawJson]> }
  | { readonly kind: "array"; readonly items: readonly RawJson[] }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "number"; readonly raw: string }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "null" };

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** @throws SyntaxError when `text` is not exactly one JSON value. */
export function parseRawJson(text: string): RawJson {
  let at = 0;

  const skip = (): void => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${at} in ${JSON.stringify(text.slice(0, 200))}`);
  };
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (found === null) return undefined;
    at = pattern.lastIndex;
    return found[0];
  };
  const string = (): string => {
    const token = match(STRING);
    if (token === undefined) return fail("expected a string");
    return JSON.parse(token) as string;
  };

  const value = (): RawJson => {
    skip();
    const char = text[at];
    if (char === "{") {
      at++;
      const entries: Array<readonly [string, RawJson]> = [];
      skip();
      if (text[at] === "}") {
        at++;
        return { kind: "object", entries };
      }
      for (;;) {
        skip();
        const key = string();
        skip();
        if (text[at] !== ":") fail("expected ':'");
        at++;
        entries.push([key, value()]);
        skip();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "}") {
          at++;
          return { kind: "object", entries };
        }
        fail("expected ',' or '}'");
      }
    }
    if (char === "[") {
      at++;
      const items: RawJson[] = [];
      skip();
      if (text[at] === "]") {
        at++;
        return { kind: "array", items };
      }
      for (;;) {
        items.push(value());
        skip();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "]") {
          at++;
          return { kind: "array", items };
        }
        fail("expected ',' or ']'");
      }
    }
    if (char === '"') return { kind: "string", value: string() };
    if (text.startsWith("true", at)) {
      at += 4;
      return { kind: "boolean", value: true };
    }
    if (text.startsWith("false", at)) {
      at += 5;
      return { kind: "boolean", value: false };
    }
    if (text.startsWith("null", at)) {
      at += 4;
      return { kind: "null" };
    }
    const number = match(NUMBER);
    if (number !== undefined) return { kind: "number", raw: number };
    return fail("unexpected character");
  };

  const result = value();
  skip();
  if (at !== text.length) fail("trailing text");
  return result;
}

/** The keys of a JSON object as written, duplicates included. */
export function rawKeys(node: RawJson): string[] {
  if (node.kind !== "object") throw new TypeError(`expected an object, got ${node.kind}`);
  return node.entries.map(([key]) => key);
}

export function rawField(node: RawJson, key: string): RawJson | undefined {
  if (node.kind !== "object") return undefined;
  return node.entries.find(([k]) => k === key)?.[1];
}

/** A JSON integer as written: no fraction, no exponent, no `-0`. */
export function isRawInteger(node: RawJson | undefined): boolean {
  return node !== undefined && node.kind === "number" && /^(?:0|-?[1-9][0-9]*)$/.test(node.raw);
}
