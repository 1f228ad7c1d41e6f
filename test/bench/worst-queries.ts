/**
 * The workerd bench's worst cases (issue 21): per shape, queries that cost a cold Worker the most, drawn with the run's
 * seed from the catalog's own vocabulary and facts (never a fixed list, which would be tuned to one catalog). Short
 * prefixes match the most terms; many words read the most postings blocks; deep pages of `per_page=100` in the largest
 * listings read the most records and the most of a sort order; every filter at once reads every filter pack. `compat`
 * adds its versions file and a drop pack to that: a deep page of what a version keeps in a walked order, and facets
 * with a version and a one-letter prefix.
 */
import { MAX_TEXT_LENGTH } from "../../src/core/parameters.js";
import { SORT_KEYS } from "../../src/core/plugin.js";
import { isStopWord } from "../../src/core/search/terms.js";
import { Random } from "../../tools/sample/random.js";
import { countMatching, FACETS_PATH, type FilterChoice, filterParams, path, shuffle, type Vocabulary } from "./queries.js";

export const WORST_SHAPES = [
  "prefix1",
  "prefix2",
  "wordPrefix3",
  "manyWords",
  "deepPage",
  "deepSearch",
  "searchFilters",
  "facetsPrefix",
  "compatDeep",
  "compatFacets",
] as const;
export type WorstShape = (typeof WORST_SHAPES)[number];

const PER_PAGE = "100";
/** `deepPage` asks for one of a listing's last this many pages of 100… */
const LAST_PAGES = 3;
/** …in the whole catalog, the largest categories (this many), the largest author, and `web=1`. */
const LARGEST_CATEGORIES = 3;
const ONLY_LETTERS = /^\p{L}+$/u;
/** The orders a filtered page walks (stars is the ordinals' own order; relevance without q is stars). */
const WALKED_SORTS = ["recent", "name", "downloads"] as const;

type Facts = Vocabulary["facts"][number];

/** `word`'s first `letters` characters when they are all letters and no stop word: a prefix the search keeps as typed. */
function leading(word: string, letters: number): string | undefined {
  const prefix = Array.from(word).slice(0, letters).join("");
  return Array.from(prefix).length === letters && ONLY_LETTERS.test(prefix) && !isStopWord(prefix) ? prefix : undefined;
}

/** The `n` keys that most plugins carry, most first (ties by name, so that a seed always picks the same). */
function largest(all: readonly Facts[], keys: (plugin: Facts) => Iterable<string>, n: number): string[] {
  const counts = new Map<string, number>();
  for (const plugin of all) for (const key of keys(plugin)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).flatMap(([key], i) => (i < n ? [key] : []));
}

class WorstGenerator {
  /** Every (listing, sort) pair `deepPage` visits, shuffled, taken in turn: the sorts and listings all come round. */
  private readonly deep: (readonly [FilterChoice, string])[];
  /** Plugins with a tag, a creator and a web UI: the filters of one of them together match at least it. */
  private readonly filterable: readonly Facts[];
  private deepTaken = 0;
  /** Per shape, how many of its queries were drawn: each takes the next sort of its own shuffled round of every sort. */
  private readonly drawn = new Map<WorstShape, number>();
  private readonly sorts: readonly (string | undefined)[];
  private shape: WorstShape = "prefix1";

  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly rng: Random,
  ) {
    const listings: FilterChoice[] = [
      {},
      ...largest(vocabulary.facts, (plugin) => plugin.tags, LARGEST_CATEGORIES).map((category) => ({ category })),
      ...largest(vocabulary.facts, (plugin) => plugin.creators, 1).map((author) => ({ author })),
      { web: true },
    ];
    this.deep = shuffle(
      rng,
      listings.flatMap((listing) => SORT_KEYS.map((sort) => [listing, sort] as const)),
    );
    this.sorts = shuffle(rng, [undefined, ...SORT_KEYS]);
    const complete = vocabulary.facts.filter((plugin) => plugin.tags.size > 0 && plugin.creators.size > 0);
    this.filterable = complete.some((plugin) => plugin.web) ? complete.filter((plugin) => plugin.web) : complete;
  }

  /** A request path of `shape`, e.g. `/api/facets?q=c&web=1`. */
  next(shape: WorstShape): string {
    this.shape = shape;
    const make: Record<WorstShape, () => string> = {
      prefix1: () => this.prefixed(1),
      prefix2: () => this.prefixed(2),
      // Two words, the last three letters typed (`tide wea`): found dearer than one-letter prefixes by a probe.
      wordPrefix3: () => path({ q: `${this.word()} ${this.prefix(3)}`, sort: this.sort(), per_page: this.perPageOf(3) }),
      manyWords: () => this.manyWords(),
      deepPage: () => this.deepPage(),
      deepSearch: () => this.deepSearch(),
      searchFilters: () => {
        const q = this.rng.chance(1 / 3) ? this.word() : this.prefix(this.rng.int(1, 2));
        return path({ q, ...filterParams(this.filtersOf(this.rng.pick(this.filterable), 7)), sort: this.sort(), per_page: PER_PAGE });
      },
      facetsPrefix: () => {
        const filters = this.rng.chance(0.5) ? {} : this.filtersOf(this.rng.pick(this.filterable), this.rng.int(1, 7));
        return path({ q: this.prefix(1), ...filterParams(filters) }, FACETS_PATH);
      },
      compatDeep: () => {
        const { value, kept } = this.compat();
        const pages = Math.max(1, Math.ceil(kept / Number(PER_PAGE)));
        const page = this.rng.int(Math.max(1, pages - LAST_PAGES + 1), pages);
        return path({
          compat: value,
          sort: this.rng.pick(WALKED_SORTS),
          page: String(page),
          per_page: PER_PAGE,
        });
      },
      compatFacets: () => {
        const filters = this.rng.chance(0.5) ? {} : this.filtersOf(this.rng.pick(this.filterable), this.rng.int(1, 7));
        return path({ q: this.prefix(1), ...filterParams(filters), compat: this.compat().value }, FACETS_PATH);
      },
    };
    return make[shape]();
  }

  /** A prefix of `letters`, alone half the time, else after 1–2 words; a third of them 100 a page, half of those page 2. */
  private prefixed(letters: number): string {
    const words = this.rng.chance(0.5) ? [] : this.words(this.rng.int(1, 2));
    const size = this.rng.int(0, 5);
    const [perPage, page] = [size >= 2 ? undefined : PER_PAGE, size === 0 ? "2" : undefined];
    return path({ q: [...words, this.prefix(letters)].join(" "), sort: this.sort(), page, per_page: perPage });
  }

  /**
   * 6–10 words: half the time a run of one plugin's own (it matches at least that plugin, so records are read too),
   * else drawn from the whole catalog (rarely all in one plugin); the last being typed (1–3 letters) half the time. A
   * third of them 100 a page: few matches, scattered over the catalog, are a record file each.
   */
  private manyWords(): string {
    for (;;) {
      const [count, own] = [this.rng.int(6, 10), this.rng.pick(this.vocabulary.facts).words];
      const start = this.rng.int(0, Math.max(0, own.length - count));
      const words = this.rng.chance(0.5) && own.length >= count ? own.slice(start, start + count) : this.words(count);
      const typed = this.rng.chance(0.5) ? leading(words[count - 1]!, this.rng.int(1, 3)) : undefined;
      const q = [...words.slice(0, -1), typed ?? words[count - 1]].join(" ");
      const perPage = this.rng.chance(1 / 3) ? PER_PAGE : undefined;
      if (q.length <= MAX_TEXT_LENGTH) return path({ q, sort: this.sort(), per_page: perPage });
    }
  }

  /**
   * A common word, alone or with a filter, 100 a page, a page past the first (`q=data&web=1&sort=name&per_page=100&page=3`):
   * many matches placed in a sort order, and the records of a page of them scattered over the catalog.
   */
  private deepSearch(): string {
    const filters = this.rng.chance(0.25) ? {} : this.filtersOf(this.rng.pick(this.filterable), this.rng.int(1, 7));
    return path({ q: this.word(), ...filterParams(filters), sort: this.sort(), per_page: PER_PAGE, page: String(this.rng.int(2, 4)) });
  }

  private deepPage(): string {
    const [filters, sort] = this.deep[this.deepTaken++ % this.deep.length]!;
    const pages = Math.max(1, Math.ceil(countMatching(this.vocabulary, filters) / Number(PER_PAGE)));
    const page = this.rng.int(Math.max(1, pages - LAST_PAGES + 1), pages);
    return path({ ...filterParams(filters), sort, page: String(page), per_page: PER_PAGE });
  }

  /** The filters `mask` names (1 category, 2 author, 4 web) as one plugin has them: together they match at least it. */
  private filtersOf(plugin: Facts, mask: number): FilterChoice {
    const [category, author] = [this.rng.pick([...plugin.tags]), this.rng.pick([...plugin.creators])];
    return { ...(mask & 1 ? { category } : {}), ...(mask & 2 ? { author } : {}), ...(mask & 4 && plugin.web ? { web: true } : {}) };
  }

  /** The first `letters` letters of a catalog word (drawn as users type). */
  private prefix(letters: number): string {
    for (let tries = 0; tries < 10_000; tries++) {
      const prefix = leading(this.word(), letters);
      if (prefix !== undefined) return prefix;
    }
    throw new Error(`no word of the catalog starts with ${letters} letters that are not a stop word`);
  }

  /** A version or dist-tag, those that keep the most plugins the more often (their deep pages are the deepest). */
  private compat(): Vocabulary["compat"][number] {
    const choices = this.vocabulary.compat;
    if (choices.length === 0) throw new Error("the catalog names no host with versions: there is no compat query to draw");
    const widest = [...choices].sort((a, b) => b.kept - a.kept).slice(0, Math.max(1, Math.ceil(choices.length / 4)));
    return this.rng.pick(this.rng.chance(0.5) ? widest : choices);
  }

  private words = (count: number): string[] => Array.from({ length: count }, () => this.word());
  private word = (): string => this.vocabulary.words(this.rng);
  /** The next sort of the shape's round: every sort, `relevance` and `downloads` included, comes round in each shape. */
  private sort = (): string | undefined => {
    const drawn = this.drawn.get(this.shape) ?? 0;
    this.drawn.set(this.shape, drawn + 1);
    return this.sorts[drawn % this.sorts.length];
  };

  /** A third of the time 100 a page. */
  private perPageOf = (thirds: number): string | undefined => (this.rng.int(1, thirds) === 1 ? PER_PAGE : undefined);
}

/** `perShape` paths of every shape, from a random stream of their own (the other lists of `planQueries` stay the same). */
export function planWorst(vocabulary: Vocabulary, perShape: number, seed: number): Record<WorstShape, string[]> {
  const generator = new WorstGenerator(vocabulary, new Random((seed + 7 * 0x9e37_79b9) >>> 0));
  const plan = WORST_SHAPES.map((shape) => [shape, Array.from({ length: perShape }, () => generator.next(shape))] as const);
  return Object.fromEntries(plan) as Record<WorstShape, string[]>;
}
