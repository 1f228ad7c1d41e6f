/**
 * Text normalization shared by the index build and the query path, so that
 * both sides see the same terms (docs/API.md#search): NFKD with combining
 * marks removed, lower-cased, split at every character that is not a letter
 * or a digit.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_NON_WORD = /[^a-z0-9]+/;

/** `"Café-Plugin"` → `"cafe-plugin"`. */
export function foldText(text: string): string {
  // Lower-casing can itself produce decomposable characters ("İ" → "i̇"),
  // so marks are removed after it as well as before.
  return text.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase().normalize("NFKD").replace(COMBINING_MARKS, "");
}

/** `"@acme/foo_bar.js"` → `["acme", "foo", "bar", "js"]`. */
export function splitWords(text: string): string[] {
  // Most text is ASCII, where folding is lower-casing and the split is simple;
  // the Unicode path gives the same words there, several times slower.
  const words = ASCII_ONLY.test(text) ? text.toLowerCase().split(ASCII_NON_WORD) : foldText(text).split(NON_WORD);
  return words.filter((word) => word.length > 0);
}

/** Length in Unicode code points, which is what "characters" means in the contract. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}
