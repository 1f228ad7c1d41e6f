/** Every normalized word of the sample catalog (names, descriptions, READMEs) and lunr's stop words: thousands of real words. */
import { readFile } from "node:fs/promises";
import { splitWords } from "../../../src/core/text.js";

const SAMPLE = new URL("../../../examples/sample-catalog.snapshot.json", import.meta.url);
const LUNR_STOP_WORDS = new URL("../../../node_modules/lunr/lib/stop_word_filter.js", import.meta.url);

let words: Promise<string[]> | undefined;

export function sampleWords(): Promise<string[]> {
  words ??= (async () => {
    const stopWords = [...(await readFile(LUNR_STOP_WORDS, "utf8")).matchAll(/^\s+'([a-z]+)',?$/gm)].map((match) => match[1]!);
    return [...new Set([...stopWords, ...splitWords(await readFile(SAMPLE, "utf8"))])].sort();
  })();
  return words;
}
