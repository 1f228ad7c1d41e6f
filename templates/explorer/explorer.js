// @ts-check
/**
 * The explorer page: a view of the public API of its own site (api/plugins,
 * api/plugins/{slug}, api/facets, api/status). The page's URL is its whole
 * state: the list at `?q=…&category=…&web=1&author=…&compat=…&sort=recent&page=2`,
 * defaults left out, and one plugin at `?plugin=SLUG`. Values go to the API as
 * they are, so the API (not this page) decides what is valid, and its
 * problem+json answer is shown when it refuses. What the API does not say (the
 * host's versions for the compat control, which feeds exist) the build wrote
 * into the page itself (site-data.js reads it).
 *
 * `sort` absent means the view's default order: best match (`relevance`) while
 * a search is typed, stars without one. An order the person picks is written
 * to the URL, stars included, and kept while they search.
 *
 * Every URL it asks for is relative to the page, so the site works at the
 * root of a host or under a path. Where the host serves files only (no API
 * answers there), the page computes the same answers itself with the site's
 * catalog/client.js; which of the two, it decides once, when it loads.
 */

import { count, h, hidden, moment, npmPage, number, packageLine, time } from "./dom.js";
import { orderVersions } from "./host-versions.js";
import { readSiteData } from "./site-data.js";

/** @typedef {{ q: string, category: string, web: string, author: string, compat: string, sort: string, page: string }} State */
/** @typedef {{ slug: string, npmName: string, name: string, description: string, version: string, license: string, homepage: string | null, totalStars: number, totalForks: number, hasWebUi: boolean, publishedAt: string, updatedAt: string, tags: string[] }} CatalogPlugin */
/** @typedef {{ total: number, page: number, perPage: number, pages: number, plugins: CatalogPlugin[] }} PluginsPage */
/** @typedef {{ total: number, categories: { category: string, count: number }[], uncategorized: number, webUi: number }} Facets */
/** @typedef {{ readAt: string | null, items: number, stale: number, staleSince: string | null }} SourceStatus */
/** @typedef {{ builtAt: string, plugins: number, sources: Record<string, SourceStatus> }} Status */
/** @typedef {{ title?: string, detail?: string, status?: number, errors?: { parameter: string, message: string }[] }} Problem */
/** @typedef {{ fetch(input: string, init?: RequestInit): Promise<Response> }} Api */
/** @typedef {import("../../src/explorer/readme.js").renderReadme} RenderReadme */

/** @type {(keyof State)[]} */
const KEYS = ["q", "category", "web", "author", "compat", "sort", "page"];
/** Parameters that filter (the facets take these, and ignore sort and page). */
const FILTERS = ["q", "category", "web", "author", "compat"];
/** @type {Partial<State>} */
const DEFAULTS = { page: "1" };
/** The orders the sort control offers, in its order; best match only while a search is typed. */
const SORTS = /** @type {const} */ ([
  ["relevance", "Best match"],
  ["stars", "Most stars"],
  ["downloads", "Most downloads"],
  ["recent", "Recently updated"],
  ["name", "Name"],
]);
/** What a `plugin` in the URL may be (contract section 5's slugs); anything else is no plugin, without asking. */
const SLUG = /^(?!\.{1,2}$)[a-z0-9._~-]{1,256}$/;
/** The README renderer with marked and DOMPurify, bundled at build time; imported when a plugin's view opens. */
const README_MODULE = "./explorer-readme.js";
const TYPING_DELAY_MS = 250;
/** Characters of a description past which a card shows it in a few lines, with a "show all" button. */
const DESCRIPTION_SHOWN = 280;
/** Tags shown on a card before its "and N more" button. */
const TAGS_SHOWN = 8;
/** The site's client, relative to this module (which sits at the site's root, beside the page). */
const CLIENT_MODULE = "./catalog/client.js";
/** Upstreams in the status, with their names and what they count. */
const SOURCES = /** @type {const} */ ([
  ["npm", "npm", "package", "packages"],
  ["github", "GitHub", "repository", "repositories"],
  ["gitlab", "GitLab", "repository", "repositories"],
]);

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
const $ = (id) => /** @type {T} */ (document.getElementById(id));

const listMain = $("list");
const pluginMain = $("plugin");
const skipLink = /** @type {HTMLAnchorElement} */ ($("skip"));
const form = /** @type {HTMLFormElement} */ ($("filters"));
const qInput = /** @type {HTMLInputElement} */ ($("q"));
const authorInput = /** @type {HTMLInputElement} */ ($("author"));
const webInput = /** @type {HTMLInputElement} */ ($("web"));
const sortSelect = /** @type {HTMLSelectElement} */ ($("sort"));
const compatField = $("compat-field");
const compatLabel = $("compat-label");
const compatSelect = /** @type {HTMLSelectElement} */ ($("compat"));
const categoriesBox = $("categories");
const categoryList = $("category-list");
const webCount = $("web-count");
const resultsHeading = $("results-heading");
const summary = $("summary");
const problemBox = $("problem");
const emptyBox = $("empty");
const emptyText = $("empty-text");
const cards = $("cards");
const pagers = [$("pager"), $("pager-top")];
const turnButtons = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button[data-turn]"));
const pageOf = $("page-of");
const freshness = $("freshness");
const feedLinks = $("feeds");
const apiLinks = $("api-links");

/** @type {State} */
let state = readState(location.search);
/** The plugin in the URL, "" on the list. */
let plugin = pluginOf(location.search);
/** The search box pushes one history entry per typing session, then replaces it. */
let typing = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let typingTimer;
/** @type {AbortController | undefined} */
let inFlight;
/** @type {AbortController | undefined} */
let pluginInFlight;
/** False once /api/facets answered 404 (an API without it): the page goes on without categories. */
let facetsServed = true;
/** Orders the API refused as a `sort` (an API older than sections 11's): no longer offered. */
const refusedSorts = new Set();
/**
 * Whether the API answers `api/plugins/{slug}`: unknown until a plugin's view asks; false for an API older than
 * section 11's, whose cards then link to no view.
 * @type {boolean | undefined}
 */
let detailsServed;
/** @type {{ key: string, facets: Facets } | undefined} */
let lastFacets;
/** The list's query that the list's elements show now, so that coming back to it needs no request. */
let shownListQuery = /** @type {string | undefined} */ (undefined);
/** The plugin whose card opened the view: its link takes the focus again when the list is shown again. */
let openedFrom = "";
/** The plugins of the list shown, by slug: what a view can show of a plugin where the API has no detail. */
let shownPlugins = new Map();
/** Lower-cased config categories, known from the facets. */
let categories = new Set();
let statusShown = false;
/**
 * The host's versions and the site's feeds: what the build wrote into the page (the API does not say), read once.
 * The build also linked the whole catalog's feeds in the head; the page adds the selected category's.
 */
const { compat, feeds } = readSiteData(document.getElementById("site-data")?.textContent);
/** @type {Promise<{ api: Api, status: Response | undefined }> | undefined} */
let backend;

// ---------------------------------------------------------------------------
// State and URL
// ---------------------------------------------------------------------------

/** @param {string} search @returns {State} */
function readState(search) {
  const params = new URLSearchParams(search);
  return /** @type {State} */ (Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? ""])));
}

/** @param {string} search */
function pluginOf(search) {
  return new URLSearchParams(search).get("plugin") ?? "";
}

/** The state as a query string, empty and default values left out: the page's URL. @param {State} s @param {readonly string[]} keys */
function queryOf(s, keys = KEYS) {
  const params = new URLSearchParams();
  for (const key of /** @type {(keyof State)[]} */ (keys)) {
    const value = s[key];
    if (value !== "" && value !== DEFAULTS[key]) params.set(key, value);
  }
  return params.toString();
}

/** The order the list is in: the URL's `sort`, else best match while searching (where the API has it), else stars. @param {State} s */
function sortOf(s) {
  if (s.sort) return s.sort;
  return s.q.trim() && !refusedSorts.has("relevance") ? "relevance" : "stars";
}

/**
 * What the API is asked for the current URL: its known parameters as they
 * are, in their order, repeated ones too, so that the API judges them and
 * its problem names them as the URL does; and, while searching with no order
 * picked, `sort=relevance`.
 * @param {readonly string[]} keys
 */
function apiQuery(keys = KEYS) {
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(location.search)) if (keys.includes(key)) params.append(key, value);
  if (keys.includes("sort") && !params.has("sort") && sortOf(state) === "relevance") params.set("sort", "relevance");
  return params.toString();
}

/** @param {Partial<State>} changes */
const withChanges = (changes) => ({ ...state, page: "", ...changes });

/**
 * Applies a user's change: a new history entry ("push") or an update of the
 * current one ("replace", while typing). Nothing happens if the view is the same.
 * @param {State} next @param {"push" | "replace"} mode @param {{ focus?: boolean }} [options]
 */
function commit(next, mode, options = {}) {
  if (mode === "push") typing = false;
  if (queryOf(next) === queryOf(state) && !plugin) return;
  state = next;
  const query = queryOf(state);
  if (mode === "push") rememberScroll();
  history[mode === "push" ? "pushState" : "replaceState"](null, "", hrefOf(query));
  if (plugin) leavePlugin();
  void load(options);
}

/** Shows `state` in the form (after a deep link, the back button or a link). */
function showState() {
  qInput.value = state.q;
  authorInput.value = state.author;
  webInput.checked = state.web === "1";
  showSortOptions();
  showCompatOptions();
  for (const radio of categoryList.querySelectorAll("input")) radio.checked = sameCategory(radio.value, state.category);
}

/** A view's address: its query relative to the page, or the page itself. @param {string} query */
const hrefOf = (query) => (query ? `?${query}` : location.pathname);

/** @param {string} slug */
const pluginHref = (slug) => `?plugin=${encodeURIComponent(slug)}`;

/** @param {string} a @param {string} b */
const sameCategory = (a, b) => a.toLowerCase() === b.toLowerCase();

/** Keeps where the list is scrolled in its history entry, for the back button to restore. */
function rememberScroll() {
  if (!plugin) history.replaceState({ ...history.state, scrollY }, "");
}

// ---------------------------------------------------------------------------
// Talking to the API
// ---------------------------------------------------------------------------

/**
 * Where the answers come from, decided on the first call of this page load: the site's API when it answers
 * `api/status` with JSON (an error too); else, as on a host of static files (a 404 page, a network error), the API
 * computed here by the site's catalog/client.js, from the site's files. `status`: that first answer, if the API gave it.
 * @returns {Promise<{ api: Api, status: Response | undefined }>}
 */
function chooseBackend() {
  backend ??= (async () => {
    const probe = await fetch("api/status", { headers: { Accept: "application/json" } }).catch(() => undefined);
    if (probe && /^application\/([\w.-]+\+)?json\b/i.test(probe.headers.get("Content-Type") ?? "")) {
      return { api: /** @type {Api} */ ({ fetch: (input, init) => fetch(input, init) }), status: probe };
    }
    void probe?.body?.cancel();
    const { openCatalog } = await import(CLIENT_MODULE);
    const catalog = await openCatalog(new URL(".", location.href));
    showComputedHere();
    return { api: /** @type {Api} */ (catalog), status: undefined };
  })().catch((error) => {
    backend = undefined; // "Try again" asks again.
    throw error;
  });
  return backend;
}

/**
 * @param {string} path relative to the site's root, e.g. `api/plugins?q=wind` @param {AbortSignal} [signal]
 * @returns {Promise<{ response: Response, body: any }>}
 */
async function getJson(path, signal) {
  const { api } = await chooseBackend();
  const response = await api.fetch(path, { signal: signal ?? null, headers: { Accept: "application/json" } });
  return jsonOf(response);
}

/** @param {Response} response */
async function jsonOf(response) {
  const body = await response.json().catch(() => null);
  return { response, body };
}

/**
 * The API refused one of section 11's orders as a `sort` (an API that predates them): that order is not offered
 * again. True when the order was the page's own choice (best match while searching), which it then drops by itself.
 * @param {string} sent the sort asked for @param {Response} response @param {any} body
 */
function sortRefused(sent, response, body) {
  if (response.status !== 400 || (sent !== "relevance" && sent !== "downloads")) return false;
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  if (!errors.some((/** @type {any} */ e) => e?.parameter === "sort")) return false;
  refusedSorts.add(sent);
  showSortOptions();
  return sent === "relevance" && !state.sort;
}

/** Loads and shows the current state's plugins (and facets, when their filters changed). @param {{ focus?: boolean, scrollTo?: number }} options */
async function load(options = {}) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const { signal } = controller;
  const shown = state;
  document.title = shown.q ? `“${shown.q}” · Plugin catalog` : "Plugin catalog";
  const results = /** @type {HTMLElement} */ (resultsHeading.parentElement);
  results.setAttribute("aria-busy", "true");
  showFeeds();
  const facetsKey = apiQuery(FILTERS);
  const facetsRequest =
    facetsServed && lastFacets?.key !== facetsKey
      ? getJson(`api/facets${facetsKey ? `?${facetsKey}` : ""}`, signal).catch(() => undefined)
      : undefined;
  try {
    const query = apiQuery();
    const { response, body } = await getJson(`api/plugins${query ? `?${query}` : ""}`, signal);
    if (signal.aborted) return;
    if (sortRefused(sortOf(shown), response, body)) {
      void facetsRequest?.catch(() => undefined);
      return void load(options);
    }
    const facets = await facetsRequest;
    if (signal.aborted) return;
    if (facets !== undefined) {
      if (facets.response.ok && facets.body) lastFacets = { key: facetsKey, facets: facets.body };
      else if (facets.response.status === 404) facetsServed = false;
    }
    if (!statusShown && response.ok) showFreshnessFromHeader(response.headers.get("Last-Modified"));
    shownListQuery = queryOf(shown);
    if (!response.ok || !body) showProblem(body, response.status);
    else showResults(shown, body, lastFacets?.key === facetsKey ? lastFacets.facets : undefined);
  } catch (error) {
    if (signal.aborted) return;
    shownListQuery = undefined;
    showProblem(
      {
        title: "The catalog could not be reached",
        detail: `${/** @type {Error} */ (error).message}. Check your connection and try again.`,
      },
      0,
    );
  } finally {
    if (inFlight === controller) results.removeAttribute("aria-busy");
  }
  if (options.scrollTo !== undefined) scrollTo(0, options.scrollTo);
  if (options.focus) resultsHeading.focus({ preventScroll: options.scrollTo !== undefined });
}

async function loadStatus() {
  try {
    const { status } = await chooseBackend();
    const { response, body } = status && !status.bodyUsed ? await jsonOf(status) : await getJson("api/status");
    if (response.ok && body && typeof body.builtAt === "string") showStatus(body);
  } catch {
    // The line falls back to the plugins' Last-Modified.
  }
}

// ---------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------

/** A link to another view of this page. @param {Partial<State>} view @param {(Node | string)[]} children */
function viewLink(view, ...children) {
  const query = queryOf({ q: "", category: "", web: "", author: "", compat: "", sort: "", page: "", ...view });
  return h("a", { href: hrefOf(query), "data-view": true }, ...children);
}

/** A tag's view: its category where it is one, else a search for it. @param {string} tag */
const tagLink = (tag) => viewLink(categories.has(tag.toLowerCase()) ? { category: tag } : { q: tag }, tag);

/** @param {State} shown @param {PluginsPage} page @param {Facets | undefined} facets */
function showResults(shown, page, facets) {
  problemBox.hidden = true;
  showFacets(shown, facets);
  const { total, pages, plugins } = page;
  const pageNumber = page.page;
  const filters = describeFilters(shown);
  summary.textContent =
    total === 0
      ? "No plugins match."
      : `${count(total, "plugin", "plugins")}${shown.q.trim() ? ` ${total === 1 ? "matches" : "match"}` : ""}${filters}${pages > 1 ? `, page ${number.format(pageNumber)} of ${number.format(pages)}` : ""}.`;
  shownPlugins = new Map(plugins.map((p) => [p.slug, p]));
  cards.replaceChildren(...plugins.map(card));
  emptyBox.hidden = plugins.length > 0;
  if (plugins.length === 0) {
    emptyText.textContent =
      total === 0
        ? `No plugins${shown.q.trim() ? " match" : ""}${filters}.`
        : `There is no page ${number.format(pageNumber)}: the results end on page ${number.format(pages)}.`;
  }
  for (const pager of pagers) pager.hidden = pages <= 1 && pageNumber <= 1;
  for (const button of turnButtons) button.disabled = button.dataset.turn === "1" ? pageNumber >= pages : pageNumber <= 1;
  pageOf.textContent = `Page ${number.format(pageNumber)} of ${number.format(Math.max(pages, 1))}`;
}

/** " “wind” in charts with a web UI by jane for node-red 4.0.2" @param {State} shown */
function describeFilters(shown) {
  let text = "";
  if (shown.q.trim()) text += ` “${shown.q.trim()}”`;
  if (shown.category) text += ` in category ${categoryLabel(shown.category)}`;
  if (shown.web === "1") text += " with a web UI";
  if (shown.author) text += ` by ${shown.author}`;
  if (shown.compat) text += ` that run on ${compat?.host ?? "the host"} ${shown.compat}`;
  return text;
}

/** Category names without the prefix they all share (`acme-category-charts` → `charts`). */
let categoryPrefix = "";
/** @param {string} category */
const categoryLabel = (category) =>
  categoryPrefix && category.toLowerCase().startsWith(categoryPrefix) && category.length > categoryPrefix.length
    ? category.slice(categoryPrefix.length)
    : category;

/** @param {string[]} names */
function commonPrefix(names) {
  if (names.length < 2) return "";
  let prefix = names[0]?.toLowerCase() ?? "";
  for (const name of names) while (!name.toLowerCase().startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.search(/[-_.:/][^-_.:/]*$/);
  return cut < 0 ? "" : prefix.slice(0, cut + 1);
}

/** Category radios are updated in place, so a focused one keeps the focus. @param {State} shown @param {Facets | undefined} facets */
function showFacets(shown, facets) {
  webCount.replaceChildren(facets ? countBadge(facets.webUi) : "");
  if (!facets || facets.categories.length === 0) {
    categoriesBox.hidden = true;
    return;
  }
  categoriesBox.hidden = false;
  const names = facets.categories.map((c) => c.category);
  categories = new Set(names.map((name) => name.toLowerCase()));
  categoryPrefix = commonPrefix(names);
  /** @type {[string, string, number | undefined][]} */
  const options = [
    ["", "All categories", undefined],
    ...facets.categories.map((c) => /** @type {[string, string, number]} */ ([c.category, categoryLabel(c.category), c.count])),
  ];
  // A category from a link or the URL that the config does not list: shown so that it can be seen and left.
  if (shown.category && !categories.has(shown.category.toLowerCase())) options.push([shown.category, shown.category, facets.total]);
  const items = /** @type {HTMLElement[]} */ ([...categoryList.children]);
  options.forEach(([value, label, n], i) => {
    let item = items[i];
    if (!item || item.dataset.category !== value) {
      const id = `category-${i}`;
      item = h(
        "li",
        { "data-category": value },
        h("input", { type: "radio", name: "category", id, value }),
        h("label", { for: id }, h("span", { class: "name" }, label), " ", h("span", { class: "count" })),
      );
      if (items[i]) items[i]?.replaceWith(item);
      else categoryList.append(item);
    }
    const radio = /** @type {HTMLInputElement} */ (item.querySelector("input"));
    radio.checked = sameCategory(value, shown.category);
    const badge = /** @type {HTMLElement} */ (item.querySelector(".count"));
    badge.replaceChildren(n === undefined ? "" : countBadge(n));
    item.classList.toggle("zero", n === 0);
  });
  for (const extra of items.slice(options.length)) extra.remove();
  showFeeds();
}

/** @param {number} n */
const countBadge = (n) => h("span", {}, number.format(n), hidden(n === 1 ? " plugin" : " plugins"));

/** @param {CatalogPlugin} plugin @param {number} index */
function card(plugin, index) {
  const id = `plugin-${index}`;
  const homepage = plugin.homepage && /^https?:\/\//i.test(plugin.homepage) ? plugin.homepage : null;
  return h(
    "li",
    {},
    h(
      "article",
      { class: "card", "aria-labelledby": id },
      h(
        "div",
        { class: "card-head" },
        h(
          "h3",
          { id },
          detailsServed === false ? plugin.name : h("a", { href: pluginHref(plugin.slug), "data-plugin": plugin.slug }, plugin.name),
        ),
        plugin.hasWebUi && h("span", { class: "badge" }, "Web UI"),
      ),
      packageLine(plugin),
      plugin.description && description(plugin, `${id}-description`),
      h(
        "p",
        { class: "stats" },
        h("span", {}, h("span", { "aria-hidden": "true", class: "icon" }, "★"), " ", count(plugin.totalStars, "star", "stars")),
        h("span", {}, count(plugin.totalForks, "fork", "forks")),
        h("span", {}, "updated ", time(plugin.updatedAt)),
        h("span", {}, "first published ", time(plugin.publishedAt)),
      ),
      plugin.tags.length > 0 && tagList(plugin, `${id}-tags`),
      h(
        "p",
        { class: "links" },
        h("a", { href: npmPage(plugin.npmName), rel: "noopener" }, "npm", hidden(` page of ${plugin.name}`)),
        homepage && h("a", { href: homepage, rel: "noopener nofollow" }, "Homepage", hidden(` of ${plugin.name}`)),
      ),
    ),
  );
}

/**
 * The description; a long one is shown in a few lines, with a button that shows the rest (and the whole text stays
 * readable to a screen reader, which ignores the visual cut).
 * @param {CatalogPlugin} plugin @param {string} id
 */
function description(plugin, id) {
  const text = h("p", { class: "description", id }, plugin.description);
  if (plugin.description.length <= DESCRIPTION_SHOWN) return text;
  text.classList.add("clamped");
  const label = h("span", {}, "show all");
  const button = h("button", { type: "button", class: "more-text", "aria-expanded": "false", "aria-controls": id }, label);
  button.append(hidden(` of the description of ${plugin.name}`));
  button.addEventListener("click", () => {
    const expand = button.getAttribute("aria-expanded") !== "true";
    text.classList.toggle("clamped", !expand);
    button.setAttribute("aria-expanded", String(expand));
    label.textContent = expand ? "show less" : "show all";
  });
  return h("div", { class: "description-block" }, text, button);
}

/**
 * Each tag a link to its view; past the first few, the rest behind an "and N more" button that shows and hides them.
 * @param {CatalogPlugin} plugin @param {string} id
 */
function tagList(plugin, id) {
  const items = plugin.tags.map((tag) => h("li", {}, tagLink(tag)));
  const list = h("ul", { class: "tags", id, "aria-label": `Tags of ${plugin.name}` }, ...items);
  const more = items.slice(TAGS_SHOWN);
  if (more.length === 0) return list;
  for (const item of more) item.hidden = true;
  const label = h("span", {}, `and ${number.format(more.length)} more`);
  const button = h("button", { type: "button", class: "more-tags", "aria-expanded": "false", "aria-controls": id }, label);
  button.append(hidden(` tags of ${plugin.name}`));
  button.addEventListener("click", () => {
    const expand = button.getAttribute("aria-expanded") !== "true";
    for (const item of more) item.hidden = !expand;
    button.setAttribute("aria-expanded", String(expand));
    label.textContent = expand ? "show fewer" : `and ${number.format(more.length)} more`;
  });
  list.append(h("li", { class: "more" }, button));
  return list;
}

/** @param {Problem | null} problem @param {number} status */
function showProblem(problem, status) {
  summary.textContent = "The catalog could not answer.";
  cards.replaceChildren();
  emptyBox.hidden = true;
  for (const pager of pagers) pager.hidden = true;
  problemBox.replaceChildren(problemText(problem, status));
  problemBox.hidden = false;
}

/** @param {Problem | null} problem @param {number} status */
function problemText(problem, status) {
  const errors = Array.isArray(problem?.errors) ? problem.errors : [];
  const title =
    status === 400 ? "This view asks for something the catalog does not accept" : problem?.title || `The catalog answered ${status}`;
  return h(
    "div",
    {},
    h("h3", {}, title),
    problem?.detail ? h("p", {}, problem.detail) : null,
    errors.length > 0 && h("ul", {}, ...errors.map((e) => h("li", {}, h("code", {}, String(e.parameter)), `: ${e.message}`))),
    h(
      "p",
      { class: "actions" },
      status === 400
        ? h("button", { type: "button", "data-action": "reset" }, "Start over")
        : h("button", { type: "button", "data-action": "retry" }, "Try again"),
    ),
  );
}

/** The sort control's options: best match only while a search is typed, none the API refused. */
function showSortOptions() {
  const searching = state.q.trim() !== "";
  const offered = SORTS.filter(([value]) => !refusedSorts.has(value) && (value !== "relevance" || searching));
  const current = sortOf(state);
  // An order in the URL that the control does not offer (one the API refused, or none it knows) is shown as it is.
  const extra = offered.some(([value]) => value === current) || (current === "relevance" && !searching) ? [] : [[current, current]];
  sortSelect.replaceChildren(...[...offered, ...extra].map(([value, label]) => h("option", { value }, label)));
  sortSelect.value = current === "relevance" && !searching ? "stars" : current;
}

// ---------------------------------------------------------------------------
// The host's versions and the feeds, from the site's data
// ---------------------------------------------------------------------------

/** The compat control: any version, the host's dist-tags, its versions newest first (prereleases among them). */
function showCompatOptions() {
  if (!compat) {
    compatField.hidden = !state.compat;
    if (state.compat)
      compatSelect.replaceChildren(h("option", { value: "" }, "Any version"), h("option", { value: state.compat }, state.compat));
    compatSelect.value = state.compat;
    return;
  }
  compatField.hidden = false;
  compatLabel.textContent = `Runs on ${compat.host}`;
  if (compatSelect.dataset.host !== compat.host) {
    compatSelect.dataset.host = compat.host;
    const { newestFirst, others } = orderVersions(compat.versions);
    /** @param {string} label @param {string[][]} options @returns {HTMLElement | false} */
    const group = (label, options) => {
      if (options.length === 0) return false;
      // Appended one at a time: a host may have thousands of versions, too many to spread into one call.
      const optgroup = h("optgroup", { label });
      for (const [value, text] of options) optgroup.append(h("option", { value }, text ?? value));
      return optgroup;
    };
    compatSelect.replaceChildren(
      h("option", { value: "" }, "Any version"),
      ...[
        group(
          "Tags",
          compat.distTags.map(([tag, version]) => [tag, `${tag} (${version})`]),
        ),
        group(
          "Versions",
          newestFirst.map((v) => [v, v === compat.latest ? `${v} (latest)` : v]),
        ),
        group(
          "Other versions",
          others.map((v) => [v]),
        ),
      ].filter((g) => g !== false),
    );
  }
  if (state.compat && ![...compatSelect.options].some((option) => option.value === state.compat)) {
    compatSelect.append(h("option", { value: state.compat, "data-extra": true }, state.compat));
  }
  for (const option of compatSelect.querySelectorAll("option[data-extra]"))
    if (option.getAttribute("value") !== state.compat) option.remove();
  compatSelect.value = state.compat;
}

/**
 * The feeds as links for people, in the footer; and the selected category's in the head too, for feed readers (the
 * build linked the whole catalog's there already). Only the link this page added is ever taken out.
 */
function showFeeds() {
  for (const link of document.head.querySelectorAll("link[data-feed]")) link.remove();
  if (!feeds) {
    feedLinks.hidden = true;
    return;
  }
  const category = state.category && !plugin ? state.category : "";
  const categoryFeed = category ? feeds.categories.get(category.toLowerCase()) : undefined;
  /** @type {[string, string][]} */
  const list = [];
  if (feeds.new) list.push([feeds.new, "New plugins"]);
  if (feeds.updated) list.push([feeds.updated, "Recently updated plugins"]);
  if (categoryFeed) {
    const title = `Recently updated plugins in ${categoryLabel(category)}`;
    list.push([categoryFeed, title]);
    document.head.append(h("link", { rel: "alternate", type: "application/atom+xml", href: categoryFeed, title, "data-feed": true }));
  }
  feedLinks.hidden = list.length === 0;
  feedLinks.replaceChildren(
    "Atom feeds: ",
    ...list.flatMap(([href, title], i) => [i > 0 ? ", " : "", h("a", { href, type: "application/atom+xml" }, title)]),
    ".",
  );
}

// ---------------------------------------------------------------------------
// The status line
// ---------------------------------------------------------------------------

/** @param {Status} status */
function showStatus(status) {
  statusShown = true;
  const parts = [
    h(
      "span",
      {},
      `${count(status.plugins, "plugin", "plugins")}, built `,
      h("time", { datetime: status.builtAt }, `${moment.format(new Date(status.builtAt))} UTC`),
    ),
  ];
  const stale = SOURCES.flatMap(([key, label, one, many]) => {
    const source = status.sources?.[key];
    return source && source.stale > 0
      ? [
          {
            text: `${number.format(source.stale)} of ${number.format(source.items)} ${label} ${source.items === 1 ? one : many}`,
            since: source.staleSince,
          },
        ]
      : [];
  });
  if (stale.length > 0) {
    const since = stale
      .map((s) => s.since)
      .filter((t) => t !== null)
      .sort()[0];
    parts.push(
      h(
        "span",
        { class: "stale" },
        h("strong", {}, "Partly out of date: "),
        `${stale.map((s) => s.text).join(" and ")} could not be read for this build and show earlier data`,
        since && h("span", {}, " (the oldest from ", time(since), ")"),
        ".",
      ),
    );
  }
  freshness.replaceChildren(...parts);
}

/** On a host without the API: say where the answers come from, and point to the client instead of api/. */
function showComputedHere() {
  apiLinks.replaceChildren(
    "Data from the npm registry, GitHub and GitLab. This host serves files only: this page computes the API's answers itself with ",
    h("a", { href: CLIENT_MODULE }, h("code", {}, "catalog/client.js")),
    ", which any page or script can import too.",
  );
}

/** @param {string | null} lastModified */
function showFreshnessFromHeader(lastModified) {
  if (statusShown || !lastModified || Number.isNaN(Date.parse(lastModified))) return;
  const date = new Date(lastModified);
  freshness.replaceChildren(h("span", {}, "Built ", h("time", { datetime: date.toISOString() }, `${moment.format(date)} UTC`)));
}

// ---------------------------------------------------------------------------
// One plugin
// ---------------------------------------------------------------------------

/** Opens a plugin's view from the list: a new history entry, which the back button leaves for the list as it was. @param {string} slug */
function openPlugin(slug) {
  clearTimeout(typingTimer);
  typingTimer = undefined;
  typing = false;
  rememberScroll();
  history.pushState({ fromList: `${location.pathname}${location.search}` }, "", pluginHref(slug));
  plugin = slug;
  openedFrom = slug;
  void showPlugin({ focus: true });
}

/** Shows the list again, where it was left. */
function leavePlugin() {
  pluginInFlight?.abort();
  plugin = "";
  pluginMain.hidden = true;
  pluginMain.replaceChildren();
  listMain.hidden = false;
  skipLink.setAttribute("href", "#results-heading");
  skipLink.textContent = "Skip to results";
  showFeeds();
}

/** The view of the plugin in the URL. @param {{ focus?: boolean }} options */
async function showPlugin(options = {}) {
  inFlight?.abort();
  pluginInFlight?.abort();
  const controller = new AbortController();
  pluginInFlight = controller;
  const { signal } = controller;
  const slug = plugin;
  listMain.hidden = true;
  pluginMain.hidden = false;
  pluginMain.setAttribute("aria-busy", "true");
  pluginMain.replaceChildren(h("p", { class: "summary", role: "status" }, "Loading the plugin…"));
  skipLink.setAttribute("href", "#plugin-name");
  skipLink.textContent = "Skip to the plugin";
  showFeeds();
  scrollTo(0, 0);
  const view = import("./plugin-view.js");
  try {
    const answer = SLUG.test(slug) ? await getJson(`api/plugins/${encodeURIComponent(slug)}`, signal) : undefined;
    if (signal.aborted) return;
    if (answer?.response.ok && answer.body) await showDetail(await view, answer.body, signal);
    else if (!answer || answer.response.status === 404) await showMissing(slug, signal);
    else showPluginProblem(answer.body, answer.response.status);
  } catch (error) {
    if (signal.aborted) return;
    showPluginProblem(
      {
        title: "The catalog could not be reached",
        detail: `${/** @type {Error} */ (error).message}. Check your connection and try again.`,
      },
      0,
    );
  } finally {
    if (pluginInFlight === controller) pluginMain.removeAttribute("aria-busy");
  }
  if (options.focus && !signal.aborted) ($("plugin-name") ?? pluginMain.querySelector("h2"))?.focus();
}

/** @param {typeof import("./plugin-view.js")} module @param {unknown} body @param {AbortSignal} signal */
async function showDetail(module, body, signal) {
  detailsServed = true;
  const detail = module.readDetail(body);
  document.title = `${detail.name} · Plugin catalog`;
  const element = module.pluginView(detail, { backHref: backHref(), host: compat?.host ?? null, tagLink });
  pluginMain.replaceChildren(element);
  if (detail.readme === null) return;
  const rendered = await renderReadme(detail);
  if (!signal.aborted) module.showReadme(element, detail, rendered);
}

/** @param {import("./plugin-view.js").PluginDetail} detail */
async function renderReadme(detail) {
  try {
    const { renderReadme } = /** @type {{ renderReadme: RenderReadme }} */ (await import(README_MODULE));
    return await renderReadme(detail.readme ?? "", detail.repositories);
  } catch {
    return undefined;
  }
}

/** Where "Back to the plugins" goes: the list this view was opened from, else the whole list. */
const backHref = () => (typeof history.state?.fromList === "string" ? history.state.fromList : location.pathname);

/**
 * A 404: no plugin has this slug, or the API has no plugin details at all (a site built before section 11). One
 * question tells them apart: whether the API knows a plugin that certainly exists.
 * @param {string} slug @param {AbortSignal} signal
 */
async function showMissing(slug, signal) {
  if (detailsServed === undefined) detailsServed = await probeDetails(signal);
  if (signal.aborted) return;
  const known = shownPlugins.get(slug);
  document.title = `${known?.name ?? "No such plugin"} · Plugin catalog`;
  const back = h("p", {}, h("a", { href: location.pathname, "data-back": true }, "Browse all plugins"));
  if (detailsServed === false) {
    pluginMain.replaceChildren(
      h(
        "div",
        { class: "problem" },
        h("h2", { id: "plugin-name", tabindex: "-1" }, known ? known.name : "Plugin details are not available"),
        h("p", {}, "This catalog's API does not serve plugin details: its site was built by an older plugin-catalog."),
        known && h("p", {}, h("a", { href: npmPage(known.npmName), rel: "noopener" }, "Its page on npm", hidden(` (${known.name})`))),
        back,
      ),
    );
    return;
  }
  pluginMain.replaceChildren(
    h(
      "div",
      { class: "problem" },
      h("h2", { id: "plugin-name", tabindex: "-1" }, "No such plugin"),
      h("p", {}, "No plugin of this catalog has the id ", h("code", {}, slug), ". It may have been removed, or the link is mistyped."),
      back,
    ),
  );
}

/** Whether the API answers the detail of the first plugin it lists. @param {AbortSignal} signal */
async function probeDetails(signal) {
  try {
    const first = await getJson("api/plugins?per_page=1", signal);
    const slug = first.body?.plugins?.[0]?.slug;
    if (typeof slug !== "string") return undefined;
    const { response } = await getJson(`api/plugins/${encodeURIComponent(slug)}`, signal);
    return response.ok;
  } catch {
    return undefined;
  }
}

/**
 * A README's link to one of its own headings: there, with the focus, and the fragment in the URL of the same history
 * entry (which keeps the list this view came from).
 * @param {HTMLAnchorElement} link
 */
function followInPageLink(link) {
  const fragment = link.hash;
  const heading = document.getElementById(decodeURIComponent(fragment.slice(1)));
  history.replaceState(history.state, "", fragment);
  if (!heading) return;
  heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  heading.scrollIntoView();
}

/** @param {Problem | null} problem @param {number} status */
function showPluginProblem(problem, status) {
  document.title = "Plugin catalog";
  pluginMain.replaceChildren(
    h("p", { class: "back" }, h("a", { href: location.pathname, "data-back": true }, "Back to the plugins")),
    h("div", { class: "problem", role: "alert" }, problemText(problem, status)),
  );
}

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

qInput.addEventListener("input", () => {
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => {
    typingTimer = undefined;
    const mode = typing ? "replace" : "push";
    commit(withChanges({ q: qInput.value.trim() ? qInput.value : "" }), mode);
    typing = document.activeElement === qInput;
    showSortOptions();
  }, TYPING_DELAY_MS);
});
qInput.addEventListener("blur", () => {
  if (typingTimer === undefined) typing = false;
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  clearTimeout(typingTimer);
  typingTimer = undefined;
  commit(withChanges({ q: qInput.value.trim() ? qInput.value : "", author: authorInput.value.trim() }), "push", { focus: false });
  showSortOptions();
});
authorInput.addEventListener("change", () => commit(withChanges({ author: authorInput.value.trim() }), "push"));
webInput.addEventListener("change", () => commit(withChanges({ web: webInput.checked ? "1" : "" }), "push"));
// Best match is what a search is ordered by when no order is picked: choosing it takes `sort` out of the URL.
sortSelect.addEventListener("change", () =>
  commit(withChanges({ sort: sortSelect.value === "relevance" ? "" : sortSelect.value }), "push"),
);
compatSelect.addEventListener("change", () => commit(withChanges({ compat: compatSelect.value }), "push"));
categoryList.addEventListener("change", (event) => {
  const radio = /** @type {HTMLInputElement} */ (event.target);
  commit(withChanges({ category: radio.value }), "push");
});
for (const button of turnButtons) button.addEventListener("click", () => turnPage(Number(button.dataset.turn)));

/** @param {number} by */
function turnPage(by) {
  const current = Number(state.page || "1");
  commit({ ...state, page: String(Math.max(1, (Number.isSafeInteger(current) ? current : 1) + by)) }, "push", { focus: true });
}

/** @param {boolean} keepSort */
function clearAll(keepSort) {
  commit({ q: "", category: "", web: "", author: "", compat: "", sort: keepSort ? state.sort : "", page: "" }, "push");
  showState();
  qInput.focus();
}

/** @param {MouseEvent} event */
const plainClick = (event) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

document.addEventListener("click", (event) => {
  const target = /** @type {Element} */ (event.target);
  const action = target.closest("[data-action]")?.getAttribute("data-action");
  if (action === "clear" || action === "reset") return clearAll(action === "clear");
  if (action === "retry") return void (plugin ? showPlugin({ focus: true }) : load({ focus: true }));
  if (!plainClick(event)) return;
  const inPage = /** @type {HTMLAnchorElement | null} */ (target.closest('#readme-box a[href^="#"]'));
  if (inPage) {
    event.preventDefault();
    return followInPageLink(inPage);
  }
  const pluginLink = target.closest("a[data-plugin]");
  if (pluginLink) {
    event.preventDefault();
    return openPlugin(pluginLink.getAttribute("data-plugin") ?? "");
  }
  if (target.closest("a[data-back]") && history.state?.fromList) {
    // The list this view came from is the entry before: going back restores it, scrolled where it was.
    event.preventDefault();
    return history.back();
  }
  const link = /** @type {HTMLAnchorElement | null} */ (target.closest("a[data-view], a[data-back]"));
  if (!link) return;
  event.preventDefault();
  commit(readState(link.search), "push", { focus: true });
  showState();
});

addEventListener("popstate", (event) => {
  clearTimeout(typingTimer);
  typingTimer = undefined;
  typing = false;
  const slug = pluginOf(location.search);
  if (slug) {
    // A link inside the README to one of its own headings changes only the URL's fragment: the view stays.
    if (slug === plugin && !pluginMain.hidden) return;
    plugin = slug;
    return void showPlugin({ focus: true });
  }
  const scrollY = typeof event.state?.scrollY === "number" ? event.state.scrollY : undefined;
  const wasPlugin = plugin !== "";
  if (wasPlugin) leavePlugin();
  state = readState(location.search);
  showState();
  if (wasPlugin && shownListQuery === queryOf(state)) {
    // The list is still the one this plugin was opened from: shown again as it was, no request.
    document.title = state.q ? `“${state.q}” · Plugin catalog` : "Plugin catalog";
    scrollTo(0, scrollY ?? 0);
    const link = [...cards.querySelectorAll("a[data-plugin]")].find((a) => a.getAttribute("data-plugin") === openedFrom);
    /** @type {HTMLElement | undefined} */ (link)?.focus({ preventScroll: true });
    return;
  }
  void load({ scrollTo: scrollY });
});

history.scrollRestoration = "manual";
showState();
void loadStatus();
if (plugin) void showPlugin();
else void load();
