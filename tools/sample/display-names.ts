/**
 * Display names: the npm name when a package declares no `displayName`, else
 * a title. Titles lean on what makes the `name` sort and accent-folding
 * search interesting: accents, case-only differences, non-Latin scripts,
 * emoji, and numbers that numeric collation must order (`Chart 2` < `Chart 10`).
 */
import { capitalize } from "./people.js";
import type { Random } from "./random.js";
import { ACCENTED_TITLES, EMOJI_TITLES, NON_LATIN_TITLES, NUMBERED_BASES, TITLE_SPELLINGS } from "./titles.js";
import { WeightedTable } from "./weighted.js";

type Flavour = "package" | "title" | "accented" | "nonLatin" | "emoji" | "numbered" | "echo";
const flavours = new WeightedTable<Flavour>([
  ["package", 40],
  ["title", 38],
  ["accented", 4],
  ["nonLatin", 4],
  ["emoji", 3],
  ["numbered", 7],
  ["echo", 4],
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
      return title
        .normalize("NFD")
        .replace(/\p{M}+/gu, "")
        .normalize("NFC");
    default:
      return title;
  }
}
