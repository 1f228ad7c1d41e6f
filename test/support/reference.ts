/**
 * A deliberately naive model of the listing API (docs/API.md#listing-plugins,
 * #sorting, #search), written straight from its sentences and independent of
 * `src/`: filter every plugin, sort with the documented comparators, slice a
 * page; and the facets, from the same model.
 *
 * README text is taken as plain words, so callers must only feed it READMEs
 * without Markdown syntax (the Markdown rules have their own contract tests).
 * Stop words and stemming come from lunr itself, which is what the contract
 * names ("Porter, as Lunr's `lunr.stemmer`").
 */
import lunr from "lunr";
import type { SnapshotPlugin } from "../../src/snapshot/schema.js";

export type Sort = "stars" | "recent" | "name" | "downloads" | "relevance";

export interface ReferenceQuery {
  q?: string;
  category?: string;
  author?: string;
  web?: boolean;
  sort?: Sort;
  page?: number;
  perPage?: number;
  /** A further filter (compat's model): a plugin is kept only when it holds. Relevance still scores over the whole catalog. */
  keep?: (plugin: SnapshotPlugin) => boolean;
}

const stopWordFilter = lunr.stopWordFilter as unknown as (token: lunr.Token) => lunr.Token | undefined;
const stemmer = lunr.stemmer as unknown as (token: lunr.Token) => lunr.Token;

export function referenceIsStopWord(word: string): boolean {
  return stopWordFilter(new lunr.Token(word, {})) === undefined;
}

export function referenceStem(word: string): string {
  return stemmer(new lunr.Token(word, {})).toString();
}

/** NFKD, combining marks removed, lower-cased, split at every non-letter non-digit. */
export function referenceWords(text: string): string[] {
  const folded = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
  return folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
}

const termCache = new WeakMap<SnapshotPlugin, Set<string>>();

function indexedTerms(p: SnapshotPlugin): Set<string> {
  const cached = termCache.get(p);
  if (cached !== undefined) return cached;
  const text = [p.name, p.npmName, p.description, p.readme].join("\n");
  const terms = new Set(
    referenceWords(text)
      .filter((w) => !referenceIsStopWord(w))
      .map(referenceStem),
  );
  termCache.set(p, terms);
  return terms;
}

interface ParsedQ {
  readonly exact: readonly string[];
  readonly typed: string;
  readonly stemmed: string;
}

/** Query words without stop words; null when none is left (such a q matches nothing). */
function parseQ(q: string): ParsedQ | null {
  const words = referenceWords(q).filter((w) => !referenceIsStopWord(w));
  const typed = words.pop();
  if (typed === undefined) return null;
  return { exact: words.map(referenceStem), typed, stemmed: referenceStem(typed) };
}

function matchesParsed(p: SnapshotPlugin, parsed: ParsedQ | null): boolean {
  if (parsed === null) return false;
  const terms = indexedTerms(p);
  if (!parsed.exact.every((s) => terms.has(s))) return false;
  if (terms.has(parsed.stemmed)) return true;
  for (const term of terms) if (term.startsWith(parsed.stemmed) || term.startsWith(parsed.typed)) return true;
  return false;
}

export function referenceMatchesQ(p: SnapshotPlugin, q: string): boolean {
  return matchesParsed(p, parseQ(q));
}

export function referenceMatches(p: SnapshotPlugin, query: ReferenceQuery): boolean {
  return makeMatcher(query)(p);
}

/**
 * The same rule as `matchesParsed`, computed per catalog through an inverted
 * index (stem → plugins, and the sorted list of stems for prefixes), so that
 * big catalogs can be checked against thousands of queries quickly.
 */
interface ReferenceIndex {
  readonly postings: ReadonlyMap<string, ReadonlySet<SnapshotPlugin>>;
  readonly sortedTerms: readonly string[];
}

const indexCache = new WeakMap<readonly SnapshotPlugin[], ReferenceIndex>();

function referenceIndex(plugins: readonly SnapshotPlugin[]): ReferenceIndex {
  const cached = indexCache.get(plugins);
  if (cached !== undefined) return cached;
  const postings = new Map<string, Set<SnapshotPlugin>>();
  for (const p of plugins) {
    for (const term of indexedTerms(p)) {
      let set = postings.get(term);
      if (set === undefined) postings.set(term, (set = new Set()));
      set.add(p);
    }
  }
  const index = { postings, sortedTerms: [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
  indexCache.set(plugins, index);
  return index;
}

function termsStartingWith(sorted: readonly string[], prefix: string): string[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? "") < prefix) low = mid + 1;
    else high = mid;
  }
  const found: string[] = [];
  for (let i = low; i < sorted.length && (sorted[i] ?? "").startsWith(prefix); i++) found.push(sorted[i] ?? "");
  return found;
}

function searchSet(plugins: readonly SnapshotPlugin[], parsed: ParsedQ | null): ReadonlySet<SnapshotPlugin> {
  if (parsed === null) return new Set();
  const index = referenceIndex(plugins);
  const last = new Set<SnapshotPlugin>(index.postings.get(parsed.stemmed) ?? []);
  for (const prefix of [parsed.typed, parsed.stemmed]) {
    for (const term of termsStartingWith(index.sortedTerms, prefix)) for (const p of index.postings.get(term) ?? []) last.add(p);
  }
  return new Set([...last].filter((p) => parsed.exact.every((stem) => index.postings.get(stem)?.has(p) === true)));
}

function makeMatcher(query: ReferenceQuery, plugins?: readonly SnapshotPlugin[]): (p: SnapshotPlugin) => boolean {
  const parsed = query.q !== undefined && query.q !== "" ? parseQ(query.q) : undefined;
  const found = parsed !== undefined && plugins !== undefined ? searchSet(plugins, parsed) : undefined;
  const category = query.category !== undefined && query.category !== "" ? query.category.toLowerCase() : undefined;
  const author =
    query.author !== undefined && query.author !== ""
      ? (query.author.startsWith("@") ? query.author.slice(1) : query.author).toLowerCase()
      : undefined;
  return (p) => {
    if (found !== undefined ? !found.has(p) : parsed !== undefined && !matchesParsed(p, parsed)) return false;
    if (category !== undefined && !p.tags.some((t) => t.toLowerCase() === category)) return false;
    if (author !== undefined && !p.creators.some((c) => c.toLowerCase() === author)) return false;
    if (query.web === true && !p.hasWebUi) return false;
    return true;
  };
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function bySlug(a: SnapshotPlugin, b: SnapshotPlugin): number {
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

export const REFERENCE_COMPARATORS: Readonly<Record<Exclude<Sort, "relevance">, (a: SnapshotPlugin, b: SnapshotPlugin) => number>> = {
  stars: (a, b) => (a.totalStars !== b.totalStars ? b.totalStars - a.totalStars : bySlug(a, b)),
  recent: (a, b) => (a.updatedAt !== b.updatedAt ? (a.updatedAt < b.updatedAt ? 1 : -1) : bySlug(a, b)),
  name: (a, b) => collator.compare(a.name, b.name) || bySlug(a, b),
  downloads: (a, b) => {
    const [x, y] = [a.downloads?.lastMonth ?? 0, b.downloads?.lastMonth ?? 0];
    return x !== y ? y - x : REFERENCE_COMPARATORS.stars(a, b);
  },
};

const sortedCache = new WeakMap<readonly SnapshotPlugin[], Map<Exclude<Sort, "relevance">, SnapshotPlugin[]>>();

/** The whole catalog in `sort` order (memoized per plugins array, which callers must not mutate). */
export function referenceSorted(plugins: readonly SnapshotPlugin[], sort: Exclude<Sort, "relevance">): SnapshotPlugin[] {
  let bySort = sortedCache.get(plugins);
  if (bySort === undefined) sortedCache.set(plugins, (bySort = new Map()));
  let sorted = bySort.get(sort);
  if (sorted === undefined) bySort.set(sort, (sorted = [...plugins].sort(REFERENCE_COMPARATORS[sort])));
  return [...sorted];
}

export interface ReferencePage {
  total: number;
  page: number;
  perPage: number;
  pages: number;
  slugs: string[];
}

export function referenceAnswer(plugins: readonly SnapshotPlugin[], query: ReferenceQuery): ReferencePage {
  const sort = query.sort ?? "stars";
  const matcher = makeMatcher(query, plugins);
  const keep = query.keep ?? (() => true);
  const filtered = referenceSorted(plugins, sort === "relevance" ? "stars" : sort).filter((p) => matcher(p) && keep(p));
  const matching = sort === "relevance" && query.q !== undefined && query.q !== "" ? byRelevance(plugins, filtered, query.q) : filtered;
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 50;
  return {
    total: matching.length,
    page,
    perPage,
    pages: Math.ceil(matching.length / perPage),
    slugs: matching.slice((page - 1) * perPage, page * perPage).map((p) => p.slug),
  };
}

const KNOWN = ["q", "category", "author", "web", "sort", "page", "per_page"] as const;

function validValue(name: (typeof KNOWN)[number], value: string): boolean {
  switch (name) {
    case "q":
    case "category":
    case "author":
      return [...value].length <= 256;
    case "web":
      return value === "1";
    case "sort":
      return value === "stars" || value === "recent" || value === "name";
    case "page":
      return /^[0-9]+$/.test(value) && Number(value) >= 1 && Number(value) <= 1_000_000;
    case "per_page":
      return /^[0-9]+$/.test(value) && Number(value) >= 1 && Number(value) <= 100;
  }
}

/**
 * The parameters a 400 must name, in order of first appearance: each known
 * parameter given more than once (even with empty values), or once with a
 * non-empty value outside its accepted values. Empty when the query is valid.
 */
export function referenceProblems(params: URLSearchParams): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const known = KNOWN.find((k) => k === name);
    if (known === undefined) continue;
    const values = params.getAll(name);
    const value = values[0] ?? "";
    if (values.length > 1 || (value !== "" && !validValue(known, value))) problems.push(name);
  }
  return problems;
}

export interface ReferenceFacets {
  total: number;
  categories: { category: string; count: number }[];
  uncategorized: number;
  webUi: number;
}

/**
 * `/api/facets` (docs/API.md#facets) from its sentences: each count is the
 * reference total of the same filters with that facet's own filter replaced.
 */
export function referenceFacets(plugins: readonly SnapshotPlugin[], query: ReferenceQuery, categories: readonly string[]): ReferenceFacets {
  const { category: _category, ...exceptCategory } = query;
  const configured = new Set(categories.map((c) => c.toLowerCase()));
  const matchesExceptCategory = makeMatcher(exceptCategory, plugins);
  return {
    total: referenceAnswer(plugins, query).total,
    categories: categories.map((category) => ({ category, count: referenceAnswer(plugins, { ...exceptCategory, category }).total })),
    uncategorized: plugins.filter((p) => matchesExceptCategory(p) && !p.tags.some((t) => configured.has(t.toLowerCase()))).length,
    webUi: referenceAnswer(plugins, { ...query, web: true }).total,
  };
}

// ---------------------------------------------------------------------------
// sort=relevance: BM25F over name (3), description (2) and README (1), straight from contract section 11.
// ---------------------------------------------------------------------------

const FIELD_WEIGHTS = [3, 2, 1] as const;
const K1 = 1.2;
const B = 0.75;

const fieldTermsCache = new WeakMap<SnapshotPlugin, [string[], string[], string[]]>();

/** A plugin's terms per field: name (the npm name's words too when it is not the display name), description, README. */
function fieldTerms(p: SnapshotPlugin): [string[], string[], string[]] {
  const cached = fieldTermsCache.get(p);
  if (cached !== undefined) return cached;
  const terms = (text: string) =>
    referenceWords(text)
      .filter((w) => !referenceIsStopWord(w))
      .map(referenceStem);
  const name = p.name === p.npmName ? terms(p.name) : [...terms(p.name), ...terms(p.npmName)];
  const fields: [string[], string[], string[]] = [name, terms(p.description), terms(p.readme)];
  fieldTermsCache.set(p, fields);
  return fields;
}

interface ScoringTerm {
  readonly stem: string;
  /** Set for the query's last term: it also matches terms starting with the stem or the typed form. */
  readonly typed?: string;
}

/** Each distinct stem once, at its last place; the last word is a prefix. */
function scoringTermsOf(q: string): ScoringTerm[] {
  const words = referenceWords(q).filter((w) => !referenceIsStopWord(w));
  const lastPlace = new Map<string, number>();
  for (const [i, word] of words.entries()) lastPlace.set(referenceStem(word), i);
  return [...lastPlace].map(([stem, i]) => (i === words.length - 1 ? { stem, typed: words[i]! } : { stem }));
}

function termMatches(term: ScoringTerm, token: string): boolean {
  if (term.typed === undefined) return token === term.stem;
  return token.startsWith(term.stem) || token.startsWith(term.typed);
}

/** BM25F scores of every plugin of the catalog for `q`, by slug. */
export function referenceScores(plugins: readonly SnapshotPlugin[], q: string): Map<string, number> {
  const fields = plugins.map(fieldTerms);
  const averages = [0, 1, 2].map((f) => fields.reduce((sum, terms) => sum + terms[f]!.length, 0) / plugins.length);
  const scores = new Map(plugins.map((p) => [p.slug, 0]));
  for (const term of scoringTermsOf(q)) {
    const tf = fields.map((terms) => terms.map((tokens) => tokens.filter((token) => termMatches(term, token)).length));
    const df = tf.filter((counts) => counts.some((count) => count > 0)).length;
    const idf = Math.log(1 + (plugins.length - df + 0.5) / (df + 0.5));
    for (const [d, p] of plugins.entries()) {
      let x = 0;
      for (let f = 0; f < 3; f++) {
        if (tf[d]![f] === 0) continue;
        x += (FIELD_WEIGHTS[f]! * tf[d]![f]!) / (1 - B + (B * fields[d]![f]!.length) / averages[f]!);
      }
      scores.set(p.slug, scores.get(p.slug)! + (idf * x * (K1 + 1)) / (x + K1));
    }
  }
  return scores;
}

/** `matching` ordered by score, highest first; scores within 1e-9 of each other tie, broken by stars, then slug. */
function byRelevance(plugins: readonly SnapshotPlugin[], matching: readonly SnapshotPlugin[], q: string): SnapshotPlugin[] {
  const scores = referenceScores(plugins, q);
  return [...matching].sort((a, b) => {
    const [x, y] = [scores.get(a.slug)!, scores.get(b.slug)!];
    const high = Math.max(x, y);
    if (high - Math.min(x, y) <= 1e-9 * high) return REFERENCE_COMPARATORS.stars(a, b);
    return y - x;
  });
}
