/**
 * The bounds on what one plugin contributes (docs/API.md#bounds, contract section 5 "Untrusted
 * input"), property by property against plain models written from the contract's words.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BOUNDS,
  boundedLogins,
  boundedReadme,
  boundedTags,
  boundedText,
  cleanText,
  cutText,
  headText,
  isLongerThan,
} from "../../src/core/bounds.js";

/** Code points as the contract counts them; a lone surrogate is one. */
const codePoints = (text: string): string[] => Array.from(text);
const isWellFormed = (text: string): boolean =>
  (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed.call(text);
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Any UTF-16 code unit, lone surrogates included, with the troublesome ones and pairs weighted up. */
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) },
  { weight: 2, arbitrary: fc.constantFrom("\u0000", "\t", "\n", "\r", "\u0085", "\u007f", "\u202e", "\u200f", " ", "…", "\ufffd") },
  { weight: 2, arbitrary: fc.constantFrom("\ud83d\ude00", "\ud800", "\udc00", "\udbff\udfff", "e\u0301", "👩‍👩‍👧") },
  { weight: 4, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.constantFrom("a", "B", "z", "0", "-") },
);
const hostileText = (maxLength = 60) => fc.string({ unit, maxLength });

/** The contract's cleaning, code unit by code unit: a pair is kept, a lone surrogate becomes U+FFFD, controls but tab and line feed go. */
function modelClean(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const unitCode = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unitCode >= 0xd800 && unitCode <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += text.slice(i, i + 2);
      i++;
    } else if (unitCode >= 0xd800 && unitCode <= 0xdfff) out += "\ufffd";
    else if (!CONTROL.test(text[i] ?? "")) out += text[i];
  }
  return out;
}

describe("cleanText", () => {
  it("is the contract's cleaning: well-formed, no controls but tab and line feed, everything else as it was", () => {
    fc.assert(
      fc.property(hostileText(), (text) => {
        const clean = cleanText(text);
        expect(clean).toBe(modelClean(text));
        expect(isWellFormed(clean)).toBe(true);
        expect(clean).not.toMatch(CONTROL);
        expect(cleanText(clean)).toBe(clean);
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves clean text as it is", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
        expect(cleanText(clean)).toBe(clean);
      }),
    );
  });
});

describe("cutText, headText, isLongerThan", () => {
  const max = fc.integer({ min: 1, max: 40 });

  it("cutText: at most max code points; the text itself when short enough, else a code-point prefix and …; idempotent", () => {
    fc.assert(
      fc.property(hostileText(), max, (text, limit) => {
        const cut = cutText(text, limit);
        const points = codePoints(text);
        expect(codePoints(cut).length).toBeLessThanOrEqual(limit);
        if (points.length <= limit) expect(cut).toBe(text);
        else expect(cut).toBe(`${points.slice(0, limit - 1).join("")}…`);
        expect(cutText(cut, limit)).toBe(cut);
        expect(isLongerThan(text, limit)).toBe(points.length > limit);
      }),
      { numRuns: 2000 },
    );
  });

  it("cutText never splits a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("\ud83d\ude00", "a", "\ud800\udc00"), maxLength: 30 }), max, (text, limit) => {
        expect(isWellFormed(cutText(text, limit))).toBe(true);
      }),
    );
  });

  it("headText: the first max code points, no mark; idempotent", () => {
    fc.assert(
      fc.property(hostileText(), max, (text, limit) => {
        const head = headText(text, limit);
        expect(head).toBe(codePoints(text).slice(0, limit).join(""));
        expect(headText(head, limit)).toBe(head);
      }),
    );
  });

  it("boundedText: cleaned, then cut; within its bound, well-formed; idempotent", () => {
    fc.assert(
      fc.property(hostileText(), max, (text, limit) => {
        const bounded = boundedText(text, limit);
        expect(bounded).toBe(cutText(modelClean(text), limit));
        expect(isWellFormed(bounded)).toBe(true);
        expect(boundedText(bounded, limit)).toBe(bounded);
      }),
    );
  });

  it("cuts at the documented bounds: 2,000 for a 4 MB description, 200 for a 10^6-character name", () => {
    const description = boundedText("😀".repeat(2 * 1024 * 1024), BOUNDS.description);
    expect(codePoints(description)).toHaveLength(2_000);
    expect(description).toBe(`${"😀".repeat(1_999)}…`);
    expect(codePoints(boundedText("n".repeat(1_000_000), BOUNDS.name))).toHaveLength(200);
  });
});

describe("boundedReadme", () => {
  it("keeps the first 65,536 code points, CR line ends as line feeds, cleaned; idempotent", () => {
    const readme = `${"😀".repeat(30_000)}${"ab\r\n".repeat(20_000)}\u0000${"😀".repeat(70_000)}`;
    const bounded = boundedReadme(readme);
    expect(bounded).toBe(modelClean(codePoints(readme).slice(0, 65_536).join("").replace(/\r\n?/g, "\n")));
    expect(boundedReadme(bounded)).toBe(bounded);
    fc.assert(
      fc.property(hostileText(200), (text) => {
        const once = boundedReadme(text);
        expect(isWellFormed(once)).toBe(true);
        expect(boundedReadme(once)).toBe(once);
      }),
    );
  });
});

/**
 * The contract's tags: each keyword cleaned and trimmed; empties and those over 100 characters dropped;
 * duplicates dropped case-insensitively keeping the first spelling, in order; the first 100.
 */
function modelTags(keywords: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const keyword of keywords) {
    if (typeof keyword !== "string") continue;
    const tag = modelClean(keyword).trim();
    if (tag === "" || codePoints(tag).length > BOUNDS.tag || out.some((t) => t.toLowerCase() === tag.toLowerCase())) continue;
    out.push(tag);
    if (out.length === BOUNDS.tags) break;
  }
  return out;
}

/** The contract's creator logins: cleaned, trimmed, no empties, none longer than `author` takes (256), distinct case-insensitively as `author` matches them, the first 100. */
function modelLogins(candidates: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const login = modelClean(candidate).trim();
    if (login === "" || codePoints(login).length > BOUNDS.login || out.some((l) => l.toLowerCase() === login.toLowerCase())) continue;
    out.push(login);
    if (out.length === BOUNDS.logins) break;
  }
  return out;
}

const word = fc.oneof(
  fc.constantFrom("charts", "Charts", "CHARTS", "ais", "__proto__", "constructor", "hasOwnProperty", "toString", "", "  ", " ais "),
  hostileText(12),
  fc.string({ unit: fc.constantFrom("a", "A", "b"), minLength: 1, maxLength: 3 }),
  fc.integer({ min: 95, max: 105 }).map((n) => "t".repeat(n)),
  fc.integer({ min: 90, max: 700 }).map((n) => `x${" ".repeat(n)}`),
  fc.integer({ min: 90, max: 1200 }).map((n) => `y${"\u0000".repeat(n)}`),
);
const keywordList = fc.array(fc.oneof({ weight: 8, arbitrary: word }, { weight: 1, arbitrary: fc.anything() }), { maxLength: 150 });

describe("boundedTags", () => {
  it("is the contract's rule: order kept, first spelling kept, case-insensitive duplicates and long or empty keywords dropped, at most 100", () => {
    fc.assert(
      fc.property(keywordList, (keywords) => {
        expect(boundedTags(keywords)).toEqual(modelTags(keywords));
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps the first 100 of 20,000 and is idempotent", () => {
    const keywords = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? `Tag${i}` : `tag${i - (i % 3)}`));
    const tags = boundedTags(keywords);
    expect(tags).toHaveLength(100);
    expect(tags.slice(0, 2)).toEqual(["Tag0", "Tag3"]);
    expect(boundedTags(tags)).toEqual(tags);
    fc.assert(
      fc.property(keywordList, (list) => {
        expect(boundedTags(boundedTags(list))).toEqual(boundedTags(list));
      }),
    );
  });
});

describe("boundedLogins", () => {
  it("is the contract's rule: order kept, first spelling kept, case-insensitive duplicates, empties and over-long logins dropped, at most 100", () => {
    fc.assert(
      fc.property(keywordList, (candidates) => {
        expect(boundedLogins(candidates)).toEqual(modelLogins(candidates));
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps at most 100 of 10,000 and is idempotent", () => {
    const logins = boundedLogins(Array.from({ length: 10_000 }, (_, i) => `user${i}`));
    expect(logins).toEqual(Array.from({ length: 100 }, (_, i) => `user${i}`));
    expect(boundedLogins(logins)).toEqual(logins);
    fc.assert(
      fc.property(keywordList, (list) => {
        expect(boundedLogins(boundedLogins(list))).toEqual(boundedLogins(list));
      }),
    );
  });
});
