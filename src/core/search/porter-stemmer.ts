/**
 * The Porter stemmer exactly as lunr 2.3.9 runs it (`lunr.stemmer`), so that
 * the read side stems a query as the build's lunr pipeline stemmed the index
 * without loading lunr, which would be most of every runtime bundle. A port
 * of lunr's code, itself Martin Porter's algorithm
 * (https://tartarus.org/martin/PorterStemmer/); lunr is MIT-licensed,
 * Copyright (C) 2013 Oliver Nightingale. Its test holds it to lunr's own
 * stemmer over every word of the sample catalog and random words.
 */

const STEP2_SUFFIXES: Readonly<Record<string, string>> = {
  ational: "ate",
  tional: "tion",
  enci: "ence",
  anci: "ance",
  izer: "ize",
  bli: "ble",
  alli: "al",
  entli: "ent",
  eli: "e",
  ousli: "ous",
  ization: "ize",
  ation: "ate",
  ator: "ate",
  alism: "al",
  iveness: "ive",
  fulness: "ful",
  ousness: "ous",
  aliti: "al",
  iviti: "ive",
  biliti: "ble",
  logi: "log",
};

const STEP3_SUFFIXES: Readonly<Record<string, string>> = {
  icate: "ic",
  ative: "",
  alize: "al",
  iciti: "ic",
  ical: "ic",
  ful: "",
  ness: "",
};

const CONSONANT = "[^aeiou]";
const VOWEL = "[aeiouy]";
const CONSONANTS = `${CONSONANT}[^aeiouy]*`;
const VOWELS = `${VOWEL}[aeiou]*`;

/** [C]VC…: measure above 0. */
const MEASURE_ABOVE_0 = new RegExp(`^(${CONSONANTS})?${VOWELS}${CONSONANTS}`);
/** [C]VC[V]: measure 1. */
const MEASURE_1 = new RegExp(`^(${CONSONANTS})?${VOWELS}${CONSONANTS}(${VOWELS})?$`);
/** [C]VCVC…: measure above 1. */
const MEASURE_ABOVE_1 = new RegExp(`^(${CONSONANTS})?${VOWELS}${CONSONANTS}${VOWELS}${CONSONANTS}`);
const HAS_VOWEL = new RegExp(`^(${CONSONANTS})?${VOWEL}`);
/** Consonant, vowel, consonant other than w, x or y at the end. */
const CVC = new RegExp(`^${CONSONANTS}${VOWEL}[^aeiouwxy]$`);

const SSES_IES = /^(.+?)(ss|i)es$/;
const S = /^(.+?)([^s])s$/;
const EED = /^(.+?)eed$/;
const ED_ING = /^(.+?)(ed|ing)$/;
const LAST_CHARACTER = /.$/;
const AT_BL_IZ = /(at|bl|iz)$/;
const DOUBLE_CONSONANT = /([^aeiouylsz])\1$/;
const Y_AFTER_CONSONANT = /^(.+?[^aeiou])y$/;
const STEP2 =
  /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
const STEP3 = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
const STEP4 = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
const SION_TION = /^(.+?)(s|t)(ion)$/;
const FINAL_E = /^(.+?)e$/;
const DOUBLE_L = /ll$/;

/** `"charting"` → `"chart"`, `"happy"` → `"happi"`. */
export function porterStem(word: string): string {
  if (word.length < 3) return word;
  // An initial y is a consonant: upper case keeps it out of the vowel classes.
  const initialY = word.startsWith("y");
  let w = initialY ? `Y${word.slice(1)}` : word;
  let match: RegExpExecArray | null;

  // Step 1a
  if (SSES_IES.test(w)) w = w.replace(SSES_IES, "$1$2");
  else if (S.test(w)) w = w.replace(S, "$1$2");

  // Step 1b
  if ((match = EED.exec(w)) !== null) {
    if (MEASURE_ABOVE_0.test(match[1]!)) w = w.replace(LAST_CHARACTER, "");
  } else if ((match = ED_ING.exec(w)) !== null) {
    const stem = match[1]!;
    if (HAS_VOWEL.test(stem)) {
      w = stem;
      if (AT_BL_IZ.test(w)) w += "e";
      else if (DOUBLE_CONSONANT.test(w)) w = w.replace(LAST_CHARACTER, "");
      else if (CVC.test(w)) w += "e";
    }
  }

  // Step 1c: a final y after a consonant (not the first letter) becomes i.
  if ((match = Y_AFTER_CONSONANT.exec(w)) !== null) w = `${match[1]!}i`;

  // Step 2
  if ((match = STEP2.exec(w)) !== null && MEASURE_ABOVE_0.test(match[1]!)) w = match[1]! + STEP2_SUFFIXES[match[2]!]!;

  // Step 3
  if ((match = STEP3.exec(w)) !== null && MEASURE_ABOVE_0.test(match[1]!)) w = match[1]! + STEP3_SUFFIXES[match[2]!]!;

  // Step 4
  if ((match = STEP4.exec(w)) !== null) {
    if (MEASURE_ABOVE_1.test(match[1]!)) w = match[1]!;
  } else if ((match = SION_TION.exec(w)) !== null) {
    const stem = match[1]! + match[2]!;
    if (MEASURE_ABOVE_1.test(stem)) w = stem;
  }

  // Step 5
  if ((match = FINAL_E.exec(w)) !== null) {
    const stem = match[1]!;
    if (MEASURE_ABOVE_1.test(stem) || (MEASURE_1.test(stem) && !CVC.test(stem))) w = stem;
  }
  if (DOUBLE_L.test(w) && MEASURE_ABOVE_1.test(w)) w = w.replace(LAST_CHARACTER, "");

  return initialY ? `y${w.slice(1)}` : w;
}
