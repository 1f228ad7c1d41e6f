/**
 * npm package names and display names. Package names follow the patterns a
 * keyword-based plugin ecosystem really has (`acme-plugin-x`, `x-plugin`,
 * `@org/x`, a few pre-2017 names with capitals); display names add the cases
 * that make `name` sorting and accent-folding search interesting.
 */
import { slugFor } from "../snapshot/slug.js";
import { capitalize } from "./people.js";
import type { Random } from "./random.js";
import { ACCENTED_TITLES, EMOJI_TITLES, NAME_WORDS, NON_LATIN_TITLES, NUMBERED_BASES, TITLE_SPELLINGS } from "./titles.js";
import { WeightedTable, zipfTable } from "./weighted.js";

const nameWords = zipfTable(NAME_WORDS, 0.8);
const SCOPES = "acme acme-community northwind contoso initech globex dataviz iotworks hooli tyrell".split(" ");
const NPM_SCOPE = /^[a-z0-9][a-z0-9._-]*$/;
const SCOPED_SHARE = 0.25;

type Shape = "acme-plugin" | "suffix" | "acme" | "bare" | "node" | "for" | "legacy";
const unscopedShapes = new WeightedTable<Shape>([["acme-plugin", 55], ["suffix", 15], ["acme", 12], ["bare", 8], ["node", 4], ["for", 3], ["legacy", 3]]);
const scopedShapes = new WeightedTable<Shape>([["acme-plugin", 50], ["bare", 30], ["suffix", 20]]);

/** The npm names and slugs handed out so far: both must be unique in a catalog. */
export class NameRegistry {
  readonly #npmNames = new Set<string>();
  readonly #slugs = new Set<string>();
  #suffix = 1;

  /**
   * A fresh package name; `owner` (when the plugin has a repository) often
   * gives the scope. The name's form is drawn once and only its words are
   * retried on a clash, so clashes cannot skew the share of scoped names.
   */
  claim(random: Random, owner: string | undefined): { npmName: string; slug: string; words: string[] } {
    const scope = random.chance(SCOPED_SHARE) ? pickScope(random, owner) : undefined;
    const shape = (scope === undefined ? unscopedShapes : scopedShapes).draw(random);
    for (let attempt = 0; ; attempt++) {
      const words = pickWords(random);
      const base = `${scope === undefined ? "" : `@${scope}/`}${shaped(shape, words)}`;
      // A popular word combination can run out; a numeric suffix always ends the search.
      const npmName = attempt < 8 ? base : `${base}-${++this.#suffix}`;
      const slug = slugFor(npmName);
      if (this.#npmNames.has(npmName) || this.#slugs.has(slug)) continue;
      this.#npmNames.add(npmName);
      this.#slugs.add(slug);
      return { npmName, slug, words };
    }
  }
}

function pickScope(random: Random, owner: string | undefined): string {
  const ownerScope = owner?.toLowerCase();
  return ownerScope !== undefined && NPM_SCOPE.test(ownerScope) && random.chance(0.6) ? ownerScope : random.pick(SCOPES);
}

function pickWords(random: Random): string[] {
  const count = random.chance(0.5) ? 1 : random.chance(0.76) ? 2 : 3;
  const words: string[] = [];
  while (words.length < count) {
    const word = nameWords.draw(random);
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

function shaped(shape: Shape, words: readonly string[]): string {
  const joined = words.join("-");
  switch (shape) {
    case "acme-plugin":
      return `acme-plugin-${joined}`;
    case "suffix":
      return `${joined}-plugin`;
    case "acme":
      return `acme-${joined}`;
    case "bare":
      return joined;
    case "node":
      return `node-acme-${joined}`;
    case "for":
      return `${joined}-for-acme`;
    case "legacy":
      // Pre-2017 npm allowed capitals; such names get `~~hash` slugs.
      return `Acme-Legacy-${words.map(capitalize).join("")}`;
  }
}

type Flavour = "package" | "title" | "accented" | "nonLatin" | "emoji" | "numbered" | "echo";
const flavours = new WeightedTable<Flavour>([
  ["package", 40], ["title", 38], ["accented", 4], ["nonLatin", 4], ["emoji", 3], ["numbered", 7], ["echo", 4],
]);

/** Display names: the npm name when there is no `displayName`, else a title in one of several flavours. */
export class DisplayNames {
  /** Recent titles, so that a later plugin can repeat one in another case or without accents. */
  readonly #recent: string[] = [];

  next(random: Random, npmName: string, words: readonly string[]): string {
    const flavour = flavours.draw(random);
    const name = this.#titled(random, flavour, npmName, words);
    if (flavour !== "package") {
      this.#recent.push(name);
      if (this.#recent.length > 64) this.#recent.shift();
    }
    return name;
  }

  #titled(random: Random, flavour: Flavour, npmName: string, words: readonly string[]): string {
    switch (flavour) {
      case "package":
        return npmName;
      case "title":
        return humanize(random, words);
      case "accented":
        return variant(random, random.pick(ACCENTED_TITLES));
      case "nonLatin":
        return random.pick(NON_LATIN_TITLES);
      case "emoji":
        return random.pick(EMOJI_TITLES);
      case "numbered":
        // Mostly small numbers, so `Chart 2` and `Chart 10` both turn up; rarely zero-padded.
        return `${random.pick(NUMBERED_BASES)} ${random.chance(0.1) ? "0" : ""}${random.int(1, random.chance(0.7) ? 12 : 120)}`;
      case "echo":
        return this.#recent.length === 0 ? humanize(random, words) : variant(random, random.pick(this.#recent));
    }
  }
}

function humanize(random: Random, words: readonly string[]): string {
  const title = words.map((word) => TITLE_SPELLINGS.get(word) ?? capitalize(word)).join(" ");
  return random.chance(0.15) ? `${title} ${random.pick(["Panel", "Plugin", "Widget", "for Acme"])}` : title;
}

/** The same title as someone else might type it: equal under base-sensitivity collation. */
function variant(random: Random, title: string): string {
  switch (random.int(0, 5)) {
    case 0:
      return title.toLowerCase();
    case 1:
      return title.toUpperCase();
    case 2:
      return title.normalize("NFD").replace(/\p{M}+/gu, "").normalize("NFC");
    default:
      return title;
  }
}
