/**
 * Who writes plugins: a fixed-size pool of GitHub/GitLab logins, drawn with a
 * Zipf skew so that a few prolific authors own many plugins (what the
 * `author` filter is for), in the casings real platforms show (`AcmeCorp`,
 * `jane-doe`), while npm spells the same people in lower case.
 */
import type { Random } from "./random.js";
import { type WeightedTable, zipfTable } from "./weighted.js";

const POOL_SIZE = 400;

const FIRST =
  "jane john maria li ahmed olga kenji priya lucas sofia noah emma mateo chloe yuki omar anna ivan fatima pedro sara tom nina raj elena max lea jonas amir zoe".split(
    " ",
  );
const LAST =
  "doe smith garcia wang kumar ivanova tanaka silva muller rossi nguyen kim novak berg haddad costa lopez schmidt jensen okafor".split(" ");
const ORGS =
  "acme northwind contoso initech globex umbrella hooli stark wayne tyrell cyberdyne soylent aperture vandelay dunder dataviz iotworks".split(
    " ",
  );
const ORG_SUFFIXES = ["Corp", "-labs", "IO", "-dev", "HQ", "-oss", "Systems", "-team", "Tech"];

export class People {
  readonly logins: readonly string[];
  readonly #byActivity: WeightedTable<string>;

  constructor(random: Random) {
    const seen = new Set<string>();
    const logins: string[] = [];
    while (logins.length < POOL_SIZE) {
      const login = inventLogin(random);
      if (seen.has(login.toLowerCase())) continue;
      seen.add(login.toLowerCase());
      logins.push(login);
    }
    this.logins = logins;
    // A flattened head: the busiest author has a few percent of the catalog, and most of the pool still appears.
    this.#byActivity = zipfTable(logins, 0.8, 3);
  }

  /** A login as the platform spells it, prolific authors more often. */
  owner(random: Random): string {
    return this.#byActivity.draw(random);
  }

  /** 1–3 npm maintainers (npm usernames are lower case); usually the repository owner is one. */
  maintainers(random: Random, owner: string | undefined): string[] {
    const count = random.chance(0.72) ? 1 : random.chance(0.75) ? 2 : 3;
    const names: string[] = [];
    if (owner !== undefined && random.chance(0.7)) names.push(owner.toLowerCase());
    while (names.length < count) {
      const name = this.owner(random).toLowerCase();
      if (!names.includes(name)) names.push(name);
    }
    return names;
  }
}

/** Maintainers first, then mirror owners; one entry per person whatever the casing. */
export function creatorLogins(maintainers: readonly string[], mirrorOwners: readonly string[]): string[] {
  const seen = new Set<string>();
  const creators: string[] = [];
  for (const login of [...maintainers, ...mirrorOwners]) {
    if (seen.has(login.toLowerCase())) continue;
    seen.add(login.toLowerCase());
    creators.push(login);
  }
  return creators;
}

function inventLogin(random: Random): string {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  switch (random.int(0, 6)) {
    case 0:
      return `${first}-${last}`;
    case 1:
      return capitalize(first) + capitalize(last);
    case 2:
      return `${first[0] ?? "x"}${last}${random.int(1, 99)}`;
    case 3:
      return capitalize(first) + last.charAt(0).toUpperCase();
    case 4:
      return `${first}${last}`;
    case 5:
      return capitalize(random.pick(ORGS)) + random.pick(ORG_SUFFIXES);
    default:
      return `${random.pick(ORGS)}-${first}`;
  }
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
