// @ts-check
/**
 * What the explorer's views share: building elements from data (text is
 * always text, never HTML) and the formats of numbers and dates.
 */

export const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
export const moment = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC", hourCycle: "h23" });
export const number = new Intl.NumberFormat("en");

/**
 * @param {string} tag
 * @param {Record<string, string | boolean | undefined>} [attributes]
 * @param {(Node | string | null | undefined | false)[]} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, "");
    else if (typeof value === "string") element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Text only screen readers read. @param {string} text */
export const hidden = (text) => h("span", { class: "vh" }, text);

/** @param {string} iso */
export const time = (iso) => h("time", { datetime: iso }, Number.isNaN(Date.parse(iso)) ? iso : day.format(new Date(iso)));

/** @param {number} n @param {string} one @param {string} many */
export const count = (n, one, many) => `${number.format(n)} ${n === 1 ? one : many}`;

/** An http(s) URL of any host, or null: what a page may link to from the API's data. @param {unknown} url */
export const webUrl = (url) => (typeof url === "string" && url.length <= 2048 && /^https?:\/\/[^\s]+$/i.test(url) ? url : null);

/** A plugin's page on npm. @param {string} npmName */
export const npmPage = (npmName) => `https://www.npmjs.com/package/${encodeURI(npmName)}`;

/**
 * A plugin's package line: npm name, version, license.
 * @param {{ npmName: string, version: string, license: string }} plugin
 */
export const packageLine = (plugin) =>
  h(
    "p",
    { class: "meta" },
    h("code", {}, plugin.npmName),
    " ",
    h("span", {}, `v${plugin.version}`),
    " ",
    plugin.license ? h("span", {}, hidden("license "), plugin.license) : h("span", { class: "muted" }, "no license"),
  );
