// @ts-check
/**
 * The explorer page: a view of the public API of its own site (api/plugins,
 * api/facets, api/status). The page's URL is its whole state:
 * `?q=…&category=…&web=1&author=…&sort=recent&page=2`, defaults left out.
 * Values go to the API as they are, so the API (not this page) decides what
 * is valid, and its problem+json answer is shown when it refuses.
 *
 * Every URL it asks for is relative to the page, so the site works at the
 * root of a host or under a path. Where the host serves files only (no API
 * answers there), the page computes the same answers itself with the site's
 * catalog/client.js; which of the two, it decides once, when it loads.
 */

/** @typedef {{ q: string, category: string, web: string, author: string, sort: string, page: string }} State */
/** @typedef {{ slug: string, npmName: string, name: string, description: string, version: string, license: string, homepage: string | null, totalStars: number, totalForks: number, hasWebUi: boolean, publishedAt: string, updatedAt: string, tags: string[] }} CatalogPlugin */
/** @typedef {{ total: number, page: number, perPage: number, pages: number, plugins: CatalogPlugin[] }} PluginsPage */
/** @typedef {{ total: number, categories: { category: string, count: number }[], uncategorized: number, webUi: number }} Facets */
/** @typedef {{ readAt: string | null, items: number, stale: number, staleSince: string | null }} SourceStatus */
/** @typedef {{ builtAt: string, plugins: number, sources: Record<string, SourceStatus> }} Status */
/** @typedef {{ title?: string, detail?: string, status?: number, errors?: { parameter: string, message: string }[] }} Problem */
/** @typedef {{ fetch(input: string, init?: RequestInit): Promise<Response> }} Api */

/** @type {(keyof State)[]} */
const KEYS = ["q", "category", "web", "author", "sort", "page"];
/** Parameters that filter (the facets take these, and ignore sort and page). */
const FILTERS = ["q", "category", "web", "author"];
/** @type {Partial<State>} */
const DEFAULTS = { sort: "stars", page: "1" };
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

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
const moment = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC", hourCycle: "h23" });
const number = new Intl.NumberFormat("en");

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
const $ = (id) => /** @type {T} */ (document.getElementById(id));

const form = /** @type {HTMLFormElement} */ ($("filters"));
const qInput = /** @type {HTMLInputElement} */ ($("q"));
const authorInput = /** @type {HTMLInputElement} */ ($("author"));
const webInput = /** @type {HTMLInputElement} */ ($("web"));
const sortSelect = /** @type {HTMLSelectElement} */ ($("sort"));
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
const apiLinks = $("api-links");

/** @type {State} */
let state = readState(location.search);
/** The search box pushes one history entry per typing session, then replaces it. */
let typing = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let typingTimer;
/** @type {AbortController | undefined} */
let inFlight;
/** False once /api/facets answered 404 (an API without it): the page goes on without categories. */
let facetsServed = true;
/** @type {{ key: string, facets: Facets } | undefined} */
let lastFacets;
/** Lower-cased config categories, known from the facets. */
let categories = new Set();
let statusShown = false;
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

/** The state as a query string, empty and default values left out: the page's URL. @param {State} s @param {readonly string[]} keys */
function queryOf(s, keys = KEYS) {
  const params = new URLSearchParams();
  for (const key of /** @type {(keyof State)[]} */ (keys)) {
    const value = s[key];
    if (value !== "" && value !== DEFAULTS[key]) params.set(key, value);
  }
  return params.toString();
}

/**
 * What the API is asked for the current URL: its known parameters as they
 * are, in their order, repeated ones too, so that the API judges them and
 * its problem names them as the URL does.
 * @param {readonly string[]} keys
 */
function apiQuery(keys = KEYS) {
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(location.search)) if (keys.includes(key)) params.append(key, value);
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
  if (queryOf(next) === queryOf(state)) return;
  state = next;
  const query = queryOf(state);
  history[mode === "push" ? "pushState" : "replaceState"](null, "", hrefOf(query));
  void load(options);
}

/** Shows `state` in the form (after a deep link, the back button or a link). */
function showState() {
  qInput.value = state.q;
  authorInput.value = state.author;
  webInput.checked = state.web === "1";
  sortSelect.value = state.sort || "stars";
  for (const radio of categoryList.querySelectorAll("input")) radio.checked = sameCategory(radio.value, state.category);
}

/** A view's address: its query relative to the page, or the page itself. @param {string} query */
const hrefOf = (query) => (query ? `?${query}` : location.pathname);

/** @param {string} a @param {string} b */
const sameCategory = (a, b) => a.toLowerCase() === b.toLowerCase();

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

/** Loads and shows the current state's plugins (and facets, when their filters changed). @param {{ focus?: boolean }} options */
async function load(options = {}) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const { signal } = controller;
  const shown = state;
  document.title = shown.q ? `“${shown.q}” · Plugin catalog` : "Plugin catalog";
  const results = /** @type {HTMLElement} */ (resultsHeading.parentElement);
  results.setAttribute("aria-busy", "true");
  const facetsKey = apiQuery(FILTERS);
  const facetsRequest =
    facetsServed && lastFacets?.key !== facetsKey
      ? getJson(`api/facets${facetsKey ? `?${facetsKey}` : ""}`, signal).catch(() => undefined)
      : undefined;
  try {
    const query = apiQuery();
    const { response, body } = await getJson(`api/plugins${query ? `?${query}` : ""}`, signal);
    const facets = await facetsRequest;
    if (signal.aborted) return;
    if (facets !== undefined) {
      if (facets.response.ok && facets.body) lastFacets = { key: facetsKey, facets: facets.body };
      else if (facets.response.status === 404) facetsServed = false;
    }
    if (!statusShown && response.ok) showFreshnessFromHeader(response.headers.get("Last-Modified"));
    if (!response.ok || !body) showProblem(body, response.status);
    else showResults(shown, body, lastFacets?.key === facetsKey ? lastFacets.facets : undefined);
  } catch (error) {
    if (signal.aborted) return;
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
  if (options.focus) resultsHeading.focus();
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
// Rendering
// ---------------------------------------------------------------------------

/**
 * @param {string} tag
 * @param {Record<string, string | boolean | undefined>} [attributes]
 * @param {(Node | string | null | undefined | false)[]} children
 * @returns {HTMLElement}
 */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, "");
    else if (typeof value === "string") element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Text only screen readers read. @param {string} text */
const hidden = (text) => h("span", { class: "vh" }, text);

/** @param {string} iso */
const time = (iso) => h("time", { datetime: iso }, Number.isNaN(Date.parse(iso)) ? iso : day.format(new Date(iso)));

/** @param {number} n @param {string} one @param {string} many */
const count = (n, one, many) => `${number.format(n)} ${n === 1 ? one : many}`;

/** A link to another view of this page. @param {Partial<State>} view @param {(Node | string)[]} children */
function viewLink(view, ...children) {
  const query = queryOf({ q: "", category: "", web: "", author: "", sort: "", page: "", ...view });
  return h("a", { href: hrefOf(query), "data-view": true }, ...children);
}

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

/** " “wind” in charts with a web UI by jane" @param {State} shown */
function describeFilters(shown) {
  let text = "";
  if (shown.q.trim()) text += ` “${shown.q.trim()}”`;
  if (shown.category) text += ` in category ${categoryLabel(shown.category)}`;
  if (shown.web === "1") text += " with a web UI";
  if (shown.author) text += ` by ${shown.author}`;
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
      h("div", { class: "card-head" }, h("h3", { id }, plugin.name), plugin.hasWebUi && h("span", { class: "badge" }, "Web UI")),
      h(
        "p",
        { class: "meta" },
        h("code", {}, plugin.npmName),
        " ",
        h("span", {}, `v${plugin.version}`),
        " ",
        plugin.license ? h("span", {}, hidden("license "), plugin.license) : h("span", { class: "muted" }, "no license"),
      ),
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
        h(
          "a",
          { href: `https://www.npmjs.com/package/${encodeURI(plugin.npmName)}`, rel: "noopener" },
          "npm",
          hidden(` page of ${plugin.name}`),
        ),
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
  const items = plugin.tags.map((tag) => h("li", {}, viewLink(categories.has(tag.toLowerCase()) ? { category: tag } : { q: tag }, tag)));
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
  const errors = Array.isArray(problem?.errors) ? problem.errors : [];
  const title =
    status === 400 ? "This view asks for something the catalog does not accept" : problem?.title || `The catalog answered ${status}`;
  problemBox.replaceChildren(
    h(
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
    ),
  );
  problemBox.hidden = false;
}

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
// Events
// ---------------------------------------------------------------------------

qInput.addEventListener("input", () => {
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => {
    typingTimer = undefined;
    const mode = typing ? "replace" : "push";
    commit(withChanges({ q: qInput.value.trim() ? qInput.value : "" }), mode);
    typing = document.activeElement === qInput;
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
});
authorInput.addEventListener("change", () => commit(withChanges({ author: authorInput.value.trim() }), "push"));
webInput.addEventListener("change", () => commit(withChanges({ web: webInput.checked ? "1" : "" }), "push"));
sortSelect.addEventListener("change", () => commit(withChanges({ sort: sortSelect.value }), "push"));
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
  commit({ q: "", category: "", web: "", author: "", sort: keepSort ? state.sort : "", page: "" }, "push");
  showState();
  qInput.focus();
}

document.addEventListener("click", (event) => {
  const target = /** @type {Element} */ (event.target);
  const action = target.closest("[data-action]")?.getAttribute("data-action");
  if (action === "clear" || action === "reset") return clearAll(action === "clear");
  if (action === "retry") return void load({ focus: true });
  const link = /** @type {HTMLAnchorElement | null} */ (target.closest("a[data-view]"));
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  commit(readState(link.search), "push", { focus: true });
  showState();
});

addEventListener("popstate", () => {
  clearTimeout(typingTimer);
  typingTimer = undefined;
  typing = false;
  state = readState(location.search);
  showState();
  void load();
});

showState();
void loadStatus();
void load();
