/**
 * Every query a bench sends, by class, drawn up front from the catalog's own vocabulary (its searchable words, stop
 * words and pure numbers dropped, weighted by document frequency; its tags and creator logins weighted by how many
 * plugins carry them; per plugin the facts the filters test, so that filtered queries pick pages in range, and its first
 * words), with random sorts and pages and the run's seed: the same seed always sends the same queries.
 */
import { DEFAULT_PER_PAGE } from "../../src/core/parameters.js";
import { PLUGINS_PATH as API_PATH, FACETS_PATH, PLUGIN_PATH_PREFIX } from "../../src/core/routes.js";
import { isStopWord } from "../../src/core/search/terms.js";
import { MANIFEST_PATH } from "../../src/core/site-format.js";
import { searchableWords } from "../../src/site/build-site.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { Random } from "../../tools/sample/random.js";
import { WeightedTable } from "../../tools/sample/weighted.js";
import { modelHostOf, modelKept, modelResolve } from "../support/compat-model.js";

/** Draws as users type: half the time in proportion to weight (common terms), half uniformly (in a long tail, rare ones). */
export type Draw<T> = (rng: Random) => T;

function weighted<T>(entries: Iterable<readonly [T, number]>): Draw<T> {
  const list = [...entries];
  const [table, items] = [new WeightedTable(list), list.map(([item]) => item)];
  return (rng) => (rng.chance(0.5) ? table.draw(rng) : rng.pick(items));
}

/** `words`: its first distinct searchable words (as `words` draws them), at most `PLUGIN_WORDS`: a text to search for it by. */
type PluginFacts = Readonly<{ tags: ReadonlySet<string>; creators: ReadonlySet<string>; web: boolean; words: readonly string[] }>;
const PLUGIN_WORDS = 16;
/** `compat`: each value `compat` accepts (versions and dist-tags) with how many plugins it keeps; none without a host. */
export type CompatChoice = Readonly<{ value: string; kept: number }>;
/** `tags` as spelled in the snapshot; `facts` lower-cased, as the filters compare. */
export type Vocabulary = {
  readonly plugins: number;
  readonly facts: readonly PluginFacts[];
  readonly compat: readonly CompatChoice[];
  readonly slugs: readonly string[];
} & Readonly<Record<"words" | "tags" | "creators", Draw<string>>>;
const HAS_LETTER = /\p{L}/u;
const isQueryWord = (word: string): boolean => HAS_LETTER.test(word) && !isStopWord(word);

function firstWords(words: Iterable<string>, count: number): string[] {
  const first: string[] = [];
  for (const word of words) {
    if (first.length === count) break;
    if (isQueryWord(word)) first.push(word);
  }
  return first;
}

export function buildVocabulary(snapshot: CatalogSnapshot): Vocabulary {
  const [documentFrequency, tags, creators] = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const tally = (counts: Map<string, number>, keys: Iterable<string>): void => {
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const lower = (list: readonly string[]): Set<string> => new Set(list.map((item) => item.toLowerCase()));
  const facts = snapshot.plugins.map((plugin): PluginFacts => {
    const words = new Set(searchableWords(plugin));
    tally(documentFrequency, words);
    tally(tags, plugin.tags);
    tally(creators, plugin.creators);
    return { tags: lower(plugin.tags), creators: lower(plugin.creators), web: plugin.hasWebUi, words: firstWords(words, PLUGIN_WORDS) };
  });
  const words = weighted([...documentFrequency].filter(([word]) => isQueryWord(word)));
  return {
    plugins: snapshot.plugins.length,
    words,
    tags: weighted(tags),
    creators: weighted(creators),
    facts,
    compat: compatChoices(snapshot),
    slugs: snapshot.plugins.map((plugin) => plugin.slug),
  };
}

/** What `compat` accepts in this catalog (as the model reads it), with how many plugins each keeps. */
function compatChoices(snapshot: CatalogSnapshot): CompatChoice[] {
  const host = modelHostOf(snapshot);
  if (host === undefined) return [];
  const values = [...new Set([...host.versions, ...Object.keys(host.distTags)])];
  return values.flatMap((value) => {
    const version = modelResolve(host, value);
    return version === undefined ? [] : [{ value, kept: modelKept(snapshot.plugins, version).length }];
  });
}

export type FilterChoice = { readonly category?: string; readonly author?: string; readonly web?: boolean };

/** How many plugins pass these filters (docs/API.md#parameters: case-insensitive, one leading `@` ignored). */
export function countMatching(vocabulary: Vocabulary, { category, author, web }: FilterChoice): number {
  const [tag, login] = [category?.toLowerCase(), author?.replace(/^@/, "").toLowerCase()];
  const passes = (plugin: PluginFacts): boolean =>
    (tag === undefined || plugin.tags.has(tag)) && (login === undefined || plugin.creators.has(login)) && (web !== true || plugin.web);
  return vocabulary.facts.filter(passes).length;
}

/** The classes the query bench has always timed. */
export const QUERY_CLASSES = ["default", "unfiltered", "filter", "q1", "qPrefix", "qFilters"] as const;
/** Searches ordered by relevance (issue 27): one word, two words the last a prefix, a search with filters. */
export const RELEVANCE_CLASSES = ["rel1", "relPrefix", "relFilters"] as const;
export type QueryClass =
  | (typeof QUERY_CLASSES)[number]
  | (typeof RELEVANCE_CLASSES)[number]
  | "author"
  | "facets"
  | "compat"
  | "compatFilters"
  | "detail";
export const Q_CLASSES: readonly QueryClass[] = ["q1", "qPrefix", "qFilters"];

/**
 * The classes both benches time; `author` is one filter alone, the dearest at the edge. `compat` is a host version or
 * dist-tag alone, at any page of any sort; `compatFilters` one with a search or other filters, on /api/plugins or
 * /api/facets; `detail` one plugin in full.
 */
export const BENCH_CLASSES: readonly QueryClass[] = [
  ...QUERY_CLASSES.slice(0, 3),
  "author",
  ...QUERY_CLASSES.slice(3),
  "facets",
  ...RELEVANCE_CLASSES,
  "compat",
  "compatFilters",
  "detail",
];
/** The classes whose answers the Worker shares through `caches.default` (a detail is a file read: it does not). */
export const EDGE_CACHED_CLASSES: readonly QueryClass[] = BENCH_CLASSES.filter((kind) => kind !== "detail");
export { FACETS_PATH, PLUGINS_PATH as API_PATH } from "../../src/core/routes.js";
/** A static file: served by a host without the Worker, the baseline of the workerd bench. */
export const BASELINE_PATH = `/${MANIFEST_PATH}`;
/** The sorts the classes before issue 27 draw from, so that their figures stay comparable with earlier runs. */
const SORTS = [undefined, "stars", "recent", "name"] as const;
export type Params = Record<string, string | undefined>;

class QueryGenerator {
  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly rng: Random,
  ) {}
  /** A request path with its query string, e.g. `/api/plugins?q=chart+da&sort=name`. */
  next(kind: QueryClass): string {
    const make: Record<QueryClass, () => string> = {
      default: () => API_PATH,
      unfiltered: () => this.unfiltered(),
      filter: () => this.filtered(this.filters()),
      author: () => this.filtered({ author: this.author() }),
      q1: () => this.searched(this.word()),
      qPrefix: () => this.searched(this.typeAhead()),
      qFilters: () => this.searched(this.rng.chance(0.5) ? this.word() : this.typeAhead(), this.filters()),
      facets: () => path({ q: this.rng.chance(0.5) ? this.word() : undefined, ...filterParams(this.filters()) }, FACETS_PATH),
      rel1: () => this.searched(this.word(), {}, { sort: "relevance" }),
      relPrefix: () => this.searched(`${this.word()} ${this.prefixOfWord()}`, {}, { sort: "relevance" }),
      relFilters: () => this.searched(this.rng.chance(0.5) ? this.word() : this.typeAhead(), this.filters(), { sort: "relevance" }),
      compat: () => this.compatible(),
      compatFilters: () => {
        const compat = this.compat().value;
        if (this.rng.chance(1 / 3))
          return path({ q: this.rng.chance(0.5) ? this.word() : undefined, ...filterParams(this.filters()), compat }, FACETS_PATH);
        return this.rng.chance(0.5) ? this.searched(this.typeAhead(), {}, { compat }) : this.filtered(this.filters(), compat);
      },
      detail: () => `${PLUGIN_PATH_PREFIX}${this.rng.pick(this.vocabulary.slugs)}`,
    };
    return make[kind]();
  }

  private unfiltered(): string {
    let perPage = this.rng.int(1, 99);
    if (perPage >= DEFAULT_PER_PAGE) perPage++; // 1 … 100 without 50
    const pages = Math.ceil(this.vocabulary.plugins / perPage);
    return path({ sort: this.sort(), page: String(this.rng.int(1, Math.max(1, pages))), per_page: String(perPage) });
  }

  /** `compat`, when given, narrows further: the page is drawn from the filters' pages alone. */
  private filtered(filters: FilterChoice, compat?: string): string {
    const perPage = this.perPage();
    const pages = Math.ceil(countMatching(this.vocabulary, filters) / (perPage ?? DEFAULT_PER_PAGE));
    const page = this.rng.int(1, Math.max(1, pages));
    const shownPage = page === 1 && this.rng.chance(0.5) ? undefined : String(page);
    return path({ ...filterParams(filters), compat, sort: this.sort(), page: shownPage, per_page: perPage?.toString() });
  }

  /** Search results are mostly read on their first page. */
  private searched(q: string, filters: FilterChoice = {}, { compat, sort }: { compat?: string; sort?: "relevance" } = {}): string {
    const page = this.rng.chance(0.8) ? undefined : String(this.rng.int(2, 5));
    // Drawn where it always was: the classes before issue 27 send the queries they sent before it.
    return path({ q, ...filterParams(filters), compat, sort: sort ?? this.sort(), page, per_page: this.perPage()?.toString() });
  }

  /** A version or dist-tag alone, at a page within what it keeps. */
  private compatible(): string {
    const { value, kept } = this.compat();
    const perPage = this.perPage();
    const page = this.rng.int(1, Math.max(1, Math.ceil(kept / (perPage ?? DEFAULT_PER_PAGE))));
    const shownPage = page === 1 && this.rng.chance(0.5) ? undefined : String(page);
    return path({ compat: value, sort: this.sort(), page: shownPage, per_page: perPage?.toString() });
  }

  private compat(): CompatChoice {
    if (this.vocabulary.compat.length === 0) throw new Error("the catalog names no host with versions: there is no compat query to draw");
    return this.rng.pick(this.vocabulary.compat);
  }

  /** A non-empty combination of category, author and web. */
  private filters(): FilterChoice {
    const mask = this.rng.int(1, 7);
    const category = mask & 1 ? this.vocabulary.tags(this.rng) : undefined;
    const author = mask & 2 ? this.author() : undefined;
    return { ...(category && { category }), ...(author && { author }), ...(mask & 4 ? { web: true } : {}) };
  }

  /** 1–2 whole words, then 2–4 characters of a real word still being typed. */
  private typeAhead(): string {
    const whole = Array.from({ length: this.rng.int(1, 2) }, () => this.word());
    return [...whole, this.prefixOfWord()].join(" ");
  }

  /** 2–4 characters of a real word still being typed. */
  private prefixOfWord(): string {
    let typing = this.word();
    for (let tries = 0; typing.length < 3 && tries < 100; tries++) typing = this.word();
    return typing.slice(0, this.rng.int(2, Math.max(2, Math.min(4, typing.length - 1))));
  }

  private author = (): string => `${this.rng.chance(0.2) ? "@" : ""}${this.vocabulary.creators(this.rng)}`;
  private word = (): string => this.vocabulary.words(this.rng);
  private sort = (): string | undefined => this.rng.pick(SORTS);
  /** Mostly the default page size. */
  private perPage = (): number | undefined => (this.rng.chance(0.7) ? undefined : this.rng.int(1, 100));
}

export const filterParams = ({ category, author, web }: FilterChoice): Params => ({ category, author, web: web ? "1" : undefined });

/** A request path: `base`, then the given parameters in order (`undefined` ones left out). */
export function path(params: Params, base = API_PATH): string {
  const given = Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]]));
  const text = new URLSearchParams(given).toString();
  return text === "" ? base : `${base}?${text}`;
}

/** Cold samples per list and per class (a new process or workerd each), timed requests per class, untimed warm-up ones, HTTP `q`s. */
export type PlanSizes = Record<"coldSamples" | "coldPerClass" | "warmPerClass" | "warmup" | "httpQueries", number>;

/**
 * Each list from a random stream of its own, so that one list's size leaves the others alone. `coldUnfiltered` starts
 * with `/api/plugins`; `coldQuery` rotates through the `q` classes; `warmup` mixes the classes; `timed` interleaves them.
 */
export function planQueries(vocabulary: Vocabulary, sizes: PlanSizes, seed: number, classes: readonly QueryClass[]) {
  const stream = (n: number): { generator: QueryGenerator; rng: Random } => {
    const rng = new Random((seed + n * 0x9e37_79b9) >>> 0);
    return { generator: new QueryGenerator(vocabulary, rng), rng };
  };
  const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
  const [coldUnfiltered, coldQuery, warmup, timed, http, perClass] = [stream(1), stream(2), stream(3), stream(4), stream(5), stream(6)];
  return {
    coldUnfiltered: times(sizes.coldSamples, (i) => (i === 0 ? API_PATH : coldUnfiltered.generator.next("unfiltered"))),
    coldQuery: times(sizes.coldSamples, (i) => coldQuery.generator.next(Q_CLASSES[i % Q_CLASSES.length]!)),
    coldByClass: Object.fromEntries(classes.map((kind) => [kind, times(sizes.coldPerClass, () => perClass.generator.next(kind))])),
    warmup: times(sizes.warmup, () => warmup.generator.next(warmup.rng.pick(classes))),
    timed: shuffle(
      timed.rng,
      classes.flatMap((kind) => times(sizes.warmPerClass, () => ({ kind, path: timed.generator.next(kind) }))),
    ),
    http: times(sizes.httpQueries, () => http.generator.next("qPrefix")),
  };
}

export const shuffle = <T>(rng: Random, items: readonly T[]): T[] => rng.sample(items, items.length);
