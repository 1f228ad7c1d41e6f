// @ts-check
/**
 * One plugin in full (`/?plugin=SLUG`): the answer of `GET /api/plugins/{slug}`
 * (contract section 11) as a page. `readDetail` reads the answer into a
 * bounded shape whatever it holds (an older or newer API, a value of another
 * type); `pluginView` turns that shape into elements, with the README's place
 * left for `showReadme`, which the caller fills once the renderer is loaded.
 * No request is made here: the caller fetches and navigates.
 */
import { count, day, h, hidden, npmPage, number, packageLine, time, webUrl } from "./dom.js";

/** @typedef {{ url: string, host: string, stars: number, forks: number, archived: boolean, openIssues: number, pushedAt: string | null, defaultBranch: string | null }} Repository */
/** @typedef {{ date: string, count: number }} Week */
/** @typedef {{ version: string, publishedAt: string }} Release */
/**
 * @typedef {{
 *   slug: string, npmName: string, name: string, description: string, version: string, license: string,
 *   homepage: string | null, totalStars: number, totalForks: number, hasWebUi: boolean, publishedAt: string,
 *   updatedAt: string, tags: string[], readme: string | null, repositories: Repository[],
 *   downloads: { lastWeek: number, lastMonth: number, weekly: Week[] }, dependents: number,
 *   releases: { count: number, lastYear: number, recent: Release[] },
 *   engines: { node: string | null, host: string | null },
 *   trust: { provenance: boolean, installScripts: boolean, spdxLicense: boolean },
 *   score: { total: number, popularity: number, maintenance: number, quality: number },
 * }} PluginDetail
 */
/**
 * @typedef {{
 *   backHref: string,
 *   host: string | null,
 *   tagLink: (tag: string) => HTMLElement,
 * }} ViewOptions
 */

/** What the view shows of a list at most, whatever the answer holds (the API's own bounds, with room). */
const MAX_ITEMS = { tags: 100, repositories: 50, weeks: 26, releases: 10 };
/** Characters of any one string shown; the API cuts long ones well before. */
const MAX_TEXT = 2048;

/** The score's parts, each with what it measures in a sentence (docs/API.md, "The score"). */
const SCORE_PARTS = /** @type {const} */ ([
  [
    "popularity",
    "Popularity",
    "How much it is used and watched next to the other plugins of this catalog: its downloads in the last 30 days count half, its stars 30 % and the packages that depend on it 20 %, each as its rank among all plugins.",
  ],
  [
    "maintenance",
    "Maintenance",
    "How recently its latest version was published: 100 on the day of a release, halving with every year since; 0 when each of its repositories is archived.",
  ],
  [
    "quality",
    "Quality",
    "What comes with it: a README (25 points), a valid SPDX license (25), a public repository (25), npm provenance (15), no install scripts (10).",
  ],
]);

// ---------------------------------------------------------------------------
// Reading the answer
// ---------------------------------------------------------------------------

/** @param {unknown} value @returns {Record<string, unknown>} */
const objectOr = (value) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : {};
/** @param {unknown} value @param {number} [max] */
const text = (value, max = MAX_TEXT) => (typeof value === "string" ? (value.length > max ? `${value.slice(0, max)}…` : value) : "");
/** @param {unknown} value */
const textOrNull = (value) => (typeof value === "string" && value !== "" ? text(value) : null);
/** @param {unknown} value */
const whole = (value) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0);
/** @param {unknown} value */
const yes = (value) => value === true;
/** @template T @param {unknown} value @param {number} max @param {(item: unknown) => T} read @returns {T[]} */
const listOf = (value, max, read) => (Array.isArray(value) ? value.slice(0, max).map(read) : []);

/**
 * The answer of `GET /api/plugins/{slug}` as the view reads it: every key present and of its type, lists bounded.
 * @param {unknown} body @returns {PluginDetail}
 */
export function readDetail(body) {
  const d = objectOr(body);
  const downloads = objectOr(d.downloads);
  const releases = objectOr(d.releases);
  const engines = objectOr(d.engines);
  const trust = objectOr(d.trust);
  const score = objectOr(d.score);
  return {
    slug: text(d.slug),
    npmName: text(d.npmName),
    name: text(d.name) || text(d.npmName) || text(d.slug),
    description: text(d.description),
    version: text(d.version),
    license: text(d.license),
    homepage: webUrl(d.homepage),
    totalStars: whole(d.totalStars),
    totalForks: whole(d.totalForks),
    hasWebUi: yes(d.hasWebUi),
    publishedAt: text(d.publishedAt),
    updatedAt: text(d.updatedAt),
    tags: listOf(d.tags, MAX_ITEMS.tags, (tag) => text(tag)).filter((tag) => tag !== ""),
    readme: typeof d.readme === "string" && d.readme !== "" ? d.readme : null,
    repositories: listOf(d.repositories, MAX_ITEMS.repositories, readRepository),
    downloads: {
      lastWeek: whole(downloads.lastWeek),
      lastMonth: whole(downloads.lastMonth),
      weekly: listOf(downloads.weekly, MAX_ITEMS.weeks, (week) => ({
        date: text(objectOr(week).date, 32),
        count: whole(objectOr(week).count),
      })),
    },
    dependents: whole(d.dependents),
    releases: {
      count: whole(releases.count),
      lastYear: whole(releases.lastYear),
      recent: listOf(releases.recent, MAX_ITEMS.releases, (release) => ({
        version: text(objectOr(release).version, 256),
        publishedAt: text(objectOr(release).publishedAt, 32),
      })),
    },
    engines: { node: textOrNull(engines.node), host: textOrNull(engines.host) },
    trust: { provenance: yes(trust.provenance), installScripts: yes(trust.installScripts), spdxLicense: yes(trust.spdxLicense) },
    score: {
      total: Math.min(100, whole(score.total)),
      popularity: Math.min(100, whole(score.popularity)),
      maintenance: Math.min(100, whole(score.maintenance)),
      quality: Math.min(100, whole(score.quality)),
    },
  };
}

/** @param {unknown} value @returns {Repository} */
function readRepository(value) {
  const r = objectOr(value);
  return {
    url: text(r.url),
    host: text(r.host, 32),
    stars: whole(r.stars),
    forks: whole(r.forks),
    archived: yes(r.archived),
    openIssues: whole(r.openIssues),
    pushedAt: textOrNull(r.pushedAt),
    defaultBranch: textOrNull(r.defaultBranch),
  };
}

// ---------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------

/**
 * The whole view; its README section says "Loading" until `showReadme` fills it.
 * @param {PluginDetail} plugin @param {ViewOptions} options @returns {HTMLElement}
 */
export function pluginView(plugin, options) {
  return h(
    "article",
    { class: "plugin", "aria-labelledby": "plugin-name" },
    h(
      "p",
      { class: "back" },
      h("a", { href: options.backHref, "data-back": true }, h("span", { "aria-hidden": "true" }, "← "), "Back to the plugins"),
    ),
    head(plugin, options),
    h(
      "div",
      { class: "plugin-body" },
      h(
        "section",
        { class: "readme-section", "aria-labelledby": "readme-heading" },
        h("h3", { id: "readme-heading" }, "README"),
        h(
          "div",
          { id: "readme-box", class: "readme-box", "aria-busy": plugin.readme === null ? undefined : "true" },
          readmePlaceholder(plugin),
        ),
      ),
      h(
        "div",
        { class: "facts" },
        scoreSection(plugin),
        downloadsSection(plugin),
        repositoriesSection(plugin),
        releasesSection(plugin),
        enginesSection(plugin, options.host),
        trustSection(plugin),
      ),
    ),
  );
}

/** @param {PluginDetail} plugin @param {ViewOptions} options */
function head(plugin, options) {
  return h(
    "header",
    { class: "plugin-head" },
    h(
      "div",
      { class: "card-head" },
      h("h2", { id: "plugin-name", tabindex: "-1" }, plugin.name),
      plugin.hasWebUi && h("span", { class: "badge" }, "Web UI"),
    ),
    packageLine(plugin),
    plugin.description && h("p", { class: "description" }, plugin.description),
    h(
      "p",
      { class: "stats" },
      h("span", {}, h("span", { "aria-hidden": "true", class: "icon" }, "★"), " ", count(plugin.totalStars, "star", "stars")),
      h("span", {}, count(plugin.totalForks, "fork", "forks")),
      plugin.updatedAt && h("span", {}, "updated ", time(plugin.updatedAt)),
      plugin.publishedAt && h("span", {}, "first published ", time(plugin.publishedAt)),
    ),
    h(
      "p",
      { class: "links" },
      plugin.npmName && h("a", { href: npmPage(plugin.npmName), rel: "noopener" }, "npm", hidden(` page of ${plugin.name}`)),
      plugin.homepage && h("a", { href: plugin.homepage, rel: "noopener nofollow" }, "Homepage", hidden(` of ${plugin.name}`)),
    ),
    plugin.tags.length > 0 &&
      h("ul", { class: "tags", "aria-label": `Tags of ${plugin.name}` }, ...plugin.tags.map((tag) => h("li", {}, options.tagLink(tag)))),
  );
}

/** @param {PluginDetail} plugin */
const readmePlaceholder = (plugin) =>
  plugin.readme === null ? h("p", { class: "muted" }, "This plugin has no README.") : h("p", { class: "muted" }, "Loading the README…");

/**
 * Puts the rendered README in its place, with a note when part of it is not shown.
 * @param {HTMLElement} view @param {PluginDetail} plugin
 * @param {{ element: HTMLElement, cut: "length" | "depth" | null } | undefined} rendered undefined: the renderer could not be loaded
 */
export function showReadme(view, plugin, rendered) {
  const box = view.querySelector("#readme-box");
  if (!box) return;
  box.removeAttribute("aria-busy");
  if (rendered === undefined) {
    box.replaceChildren(h("p", { class: "problem" }, "The README could not be shown: its renderer did not load. ", npmReadme(plugin)));
    return;
  }
  const notes = {
    length: "The README is cut here: it is longer than a page shows (65,536 characters).",
    depth: "The README is cut here: what follows nests deeper than a page shows.",
  };
  box.replaceChildren(rendered.element, rendered.cut ? h("p", { class: "cut" }, notes[rendered.cut], " ", npmReadme(plugin)) : "");
}

/** @param {PluginDetail} plugin */
const npmReadme = (plugin) =>
  h("a", { href: npmPage(plugin.npmName), rel: "noopener" }, "Read it in full on npm", hidden(` (${plugin.name})`));

/**
 * @param {string} id @param {string} title @param {(Node | string | null | false)[]} children
 */
const section = (id, title, ...children) => h("section", { class: "fact", "aria-labelledby": id }, h("h3", { id }, title), ...children);

/** A list of facts: each a term and its value. @param {[string, Node | string][]} pairs */
const facts = (pairs) => h("dl", { class: "pairs" }, ...pairs.flatMap(([term, value]) => [h("dt", {}, term), h("dd", {}, value)]));

/** @param {PluginDetail} plugin */
function scoreSection({ score }) {
  return section(
    "score-heading",
    "Score",
    h(
      "p",
      { class: "score-total" },
      h("strong", {}, number.format(score.total)),
      " of 100. ",
      h("span", { class: "note" }, "Total: 40 % popularity, 35 % maintenance and 25 % quality, within this catalog."),
    ),
    h(
      "dl",
      { class: "score-parts" },
      ...SCORE_PARTS.flatMap(([key, label, meaning]) => {
        const value = score[key];
        const id = `score-${key}`;
        return [
          h("dt", { id }, `${label}: ${number.format(value)}`),
          h(
            "dd",
            {},
            h("meter", { min: "0", max: "100", value: String(value), "aria-labelledby": id }, `${value} of 100`),
            h("p", { class: "explain" }, meaning),
          ),
        ];
      }),
    ),
  );
}

/** @param {PluginDetail} plugin */
function downloadsSection({ downloads, dependents }) {
  return section(
    "downloads-heading",
    "Downloads",
    facts([
      ["Last week", number.format(downloads.lastWeek)],
      ["Last 30 days", number.format(downloads.lastMonth)],
      ["Dependent packages", number.format(dependents)],
    ]),
    downloads.weekly.length === 0
      ? h("p", { class: "muted" }, "No weekly history yet: the catalog adds a week with each week's builds.")
      : weeklyChart(downloads.weekly),
  );
}

const SVG = "http://www.w3.org/2000/svg";
const BAR = { width: 10, gap: 2, height: 64 };

/**
 * The weeks as bars, drawn for the eye (each bar's title shows on hover), and the same numbers as a table that only
 * screen readers read (the picture is hidden from them).
 * @param {Week[]} weeks
 */
function weeklyChart(weeks) {
  const most = Math.max(1, ...weeks.map((week) => week.count));
  const svg = document.createElementNS(SVG, "svg");
  const width = weeks.length * (BAR.width + BAR.gap);
  svg.setAttribute("viewBox", `0 0 ${width} ${BAR.height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", "chart");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  weeks.forEach((week, i) => {
    const tall = Math.max(1, Math.round((week.count / most) * BAR.height));
    const bar = document.createElementNS(SVG, "rect");
    bar.setAttribute("x", String(i * (BAR.width + BAR.gap)));
    bar.setAttribute("y", String(BAR.height - tall));
    bar.setAttribute("width", String(BAR.width));
    bar.setAttribute("height", String(tall));
    const title = document.createElementNS(SVG, "title");
    title.textContent = weekLabel(week);
    bar.append(title);
    svg.append(bar);
  });
  const first = weeks[0];
  const last = weeks.at(-1);
  return h(
    "figure",
    { class: "weekly" },
    svg,
    h(
      "figcaption",
      {},
      `Downloads per week, ${count(weeks.length, "week", "weeks")}`,
      first && last ? h("span", { "aria-hidden": "true" }, ` from ${dateText(first.date)} to ${dateText(last.date)}`) : "",
    ),
    h(
      "table",
      { class: "vh" },
      h("caption", {}, "Downloads per week, oldest first"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Week of"), h("th", { scope: "col" }, "Downloads"))),
      h("tbody", {}, ...weeks.map((week) => h("tr", {}, h("td", {}, dateText(week.date)), h("td", {}, number.format(week.count))))),
    ),
  );
}

/** @param {Week} week */
const weekLabel = (week) => `Week of ${dateText(week.date)}: ${count(week.count, "download", "downloads")}`;
/** @param {string} date */
const dateText = (date) => (Number.isNaN(Date.parse(date)) ? date : day.format(new Date(date)));

/** @param {PluginDetail} plugin */
function repositoriesSection({ repositories }) {
  return section(
    "repositories-heading",
    "Repositories",
    repositories.length === 0
      ? h("p", { class: "muted" }, "None found on GitHub or GitLab.")
      : h("ul", { class: "repositories" }, ...repositories.map(repositoryItem)),
  );
}

const HOSTS = /** @type {Record<string, string>} */ ({ github: "GitHub", gitlab: "GitLab" });

/** @param {Repository} repository */
function repositoryItem(repository) {
  const url = webUrl(repository.url);
  const label = repository.url.replace(/^https?:\/\//i, "");
  return h(
    "li",
    {},
    h(
      "p",
      { class: "repository-name" },
      url ? h("a", { href: url, rel: "noopener nofollow" }, label) : h("span", {}, label),
      " ",
      h("span", { class: "muted" }, `on ${HOSTS[repository.host] ?? repository.host}`),
      repository.archived ? h("span", { class: "badge archived" }, "Archived") : "",
    ),
    facts([
      ["Stars", number.format(repository.stars)],
      ["Forks", number.format(repository.forks)],
      ["Open issues", number.format(repository.openIssues)],
      ["Last push", repository.pushedAt ? time(repository.pushedAt) : "unknown"],
      ["Default branch", repository.defaultBranch ? h("code", {}, repository.defaultBranch) : "unknown"],
    ]),
  );
}

/** @param {PluginDetail} plugin */
function releasesSection({ releases }) {
  return section(
    "releases-heading",
    "Releases",
    h("p", {}, `${count(releases.count, "release", "releases")}, ${number.format(releases.lastYear)} in the last year.`),
    releases.recent.length > 0 &&
      h(
        "ol",
        { class: "releases", "aria-label": "Latest releases, newest first" },
        ...releases.recent.map((release) => h("li", {}, h("code", {}, release.version), " ", time(release.publishedAt))),
      ),
  );
}

/** @param {PluginDetail} plugin @param {string | null} host */
function enginesSection({ engines }, host) {
  const declared = (/** @type {string | null} */ range) =>
    range === null ? h("span", { class: "muted" }, "not declared") : h("code", {}, range);
  return section(
    "engines-heading",
    "Runs on",
    facts([
      ["Node.js", declared(engines.node)],
      [host ?? "Host", declared(engines.host)],
    ]),
  );
}

/** @param {PluginDetail} plugin */
function trustSection({ trust, license }) {
  return section(
    "trust-heading",
    "Trust",
    h(
      "ul",
      { class: "trust" },
      h(
        "li",
        {},
        mark(trust.provenance),
        trust.provenance
          ? "Provenance: npm holds a signed attestation of where and how its latest version was built."
          : "No provenance: npm holds no attestation of where its latest version was built.",
      ),
      h(
        "li",
        {},
        mark(!trust.installScripts),
        trust.installScripts
          ? "Install scripts: installing it runs its own preinstall, install or postinstall script."
          : "No install scripts: installing it runs none of its own code.",
      ),
      h(
        "li",
        {},
        mark(trust.spdxLicense && license !== ""),
        license === ""
          ? "No license declared."
          : trust.spdxLicense
            ? `License: ${license} is a valid SPDX expression.`
            : `License: ${license} is not a valid SPDX expression.`,
      ),
    ),
  );
}

/** @param {boolean} good */
const mark = (good) => h("span", { class: good ? "mark good" : "mark bad", "aria-hidden": "true" }, good ? "✓ " : "✗ ");
