/**
 * npm package names, in the patterns a keyword-based plugin ecosystem really
 * has: `acme-plugin-x`, `x-plugin`, `@org/x`, and a few pre-2017 names with
 * capitals whose slugs need the `~~hash` form.
 */
import { slugFor } from "../../src/snapshot/slug.js";
import { capitalize } from "./people.js";
import type { Random } from "./random.js";
import { NAME_WORDS } from "./titles.js";
import { WeightedTable, zipfTable } from "./weighted.js";

const nameWords = zipfTable(NAME_WORDS, 0.8);
const SCOPES = "acme acme-community northwind contoso initech globex dataviz iotworks hooli tyrell".split(" ");
const NPM_SCOPE = /^[a-z0-9][a-z0-9._-]*$/;
const SCOPED_SHARE = 0.25;

type Shape = "acme-plugin" | "suffix" | "acme" | "bare" | "node" | "for" | "legacy";
const unscopedShapes = new WeightedTable<Shape>([
  ["acme-plugin", 55],
  ["suffix", 15],
  ["acme", 12],
  ["bare", 8],
  ["node", 4],
  ["for", 3],
  ["legacy", 3],
]);
const scopedShapes = new WeightedTable<Shape>([
  ["acme-plugin", 50],
  ["bare", 30],
  ["suffix", 20],
]);

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
