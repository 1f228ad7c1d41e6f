/**
 * Random API queries of each class the bench times, drawn from the catalog's
 * own vocabulary (see `vocabulary.ts`) with random sorts and pages.
 */
import type { Rng } from "./random.js";
import { countMatching, type FilterChoice, type Vocabulary } from "./vocabulary.js";

export const QUERY_CLASSES = ["default", "unfiltered", "filter", "q1", "qPrefix", "qFilters"] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];
export const Q_CLASSES: readonly QueryClass[] = ["q1", "qPrefix", "qFilters"];

export const API_PATH = "/api/plugins";
const SORTS = [undefined, "stars", "recent", "name"] as const;
const DEFAULT_PER_PAGE = 50;

export class QueryGenerator {
  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly rng: Rng,
  ) {}

  /** A request path with query string, e.g. `/api/plugins?q=chart+da&sort=name`. */
  next(kind: QueryClass): string {
    switch (kind) {
      case "default":
        return API_PATH;
      case "unfiltered":
        return this.unfiltered();
      case "filter":
        return this.filtered();
      case "q1":
        return this.searched(this.word());
      case "qPrefix":
        return this.searched(this.typeAhead());
      case "qFilters":
        return this.searched(this.rng.chance(0.5) ? this.word() : this.typeAhead(), this.filters());
    }
  }

  private unfiltered(): string {
    let perPage = this.rng.int(1, 99);
    if (perPage >= DEFAULT_PER_PAGE) perPage++; // 1 … 100 without 50
    const pages = Math.ceil(this.vocabulary.plugins / perPage);
    return path({ sort: this.sort(), page: String(this.rng.int(1, Math.max(1, pages))), per_page: String(perPage) });
  }

  private filtered(): string {
    const filters = this.filters();
    const perPage = this.perPage();
    const pages = Math.ceil(countMatching(this.vocabulary, filters) / (perPage ?? DEFAULT_PER_PAGE));
    const page = this.rng.int(1, Math.max(1, pages));
    return path({ ...filterParams(filters), sort: this.sort(), page: page === 1 && this.rng.chance(0.5) ? undefined : String(page), per_page: perPage?.toString() });
  }

  /** Search results are mostly read on their first page. */
  private searched(q: string, filters: FilterChoice = {}): string {
    const page = this.rng.chance(0.8) ? undefined : String(this.rng.int(2, 5));
    return path({ q, ...filterParams(filters), sort: this.sort(), page, per_page: this.perPage()?.toString() });
  }

  /** A non-empty combination of category, author and web. */
  private filters(): FilterChoice {
    const mask = this.rng.int(1, 7);
    const filters: { category?: string; author?: string; web?: boolean } = {};
    if (mask & 1) filters.category = this.vocabulary.tags.mixed(this.rng);
    if (mask & 2) filters.author = `${this.rng.chance(0.2) ? "@" : ""}${this.vocabulary.creators.mixed(this.rng)}`;
    if (mask & 4) filters.web = true;
    return filters;
  }

  private word(): string {
    return this.vocabulary.words.mixed(this.rng);
  }

  /** 1–2 whole words, then 2–4 characters of a real word still being typed. */
  private typeAhead(): string {
    const whole = Array.from({ length: this.rng.int(1, 2) }, () => this.word());
    let typing = this.word();
    for (let tries = 0; typing.length < 3 && tries < 100; tries++) typing = this.word();
    const prefix = typing.slice(0, this.rng.int(2, Math.max(2, Math.min(4, typing.length - 1))));
    return [...whole, prefix].join(" ");
  }

  private sort(): string | undefined {
    return this.rng.pick(SORTS);
  }

  /** Mostly the default page size. */
  private perPage(): number | undefined {
    return this.rng.chance(0.7) ? undefined : this.rng.int(1, 100);
  }
}

function filterParams(filters: FilterChoice): Record<string, string | undefined> {
  return { category: filters.category, author: filters.author, web: filters.web === true ? "1" : undefined };
}

function path(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text === "" ? API_PATH : `${API_PATH}?${text}`;
}
