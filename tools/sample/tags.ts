/**
 * Registry keywords. Every member carries the catalog keyword (that is how
 * the registry search found it); most add category keywords; some mark a
 * web UI, in whatever casing their author typed. The list is stored as the
 * build would store it: trimmed, no empties, no case-insensitive duplicates.
 */

import { contentWord } from "./prose.js";
import type { Random } from "./random.js";

export const CATALOG_KEYWORD = "acme-plugin";
export const WEB_UI_KEYWORD = "acme-webapp";
export const CATEGORIES: readonly string[] = "charts ais alerts auth data export themes maps iot devops notifications widgets"
  .split(" ")
  .map((category) => `acme-category-${category}`);

const MAX_TAGS = 12;
const WEB_UI_SHARE = 0.15;
const WEB_UI_SPELLINGS = [WEB_UI_KEYWORD, WEB_UI_KEYWORD, WEB_UI_KEYWORD, "Acme-WebApp", "ACME-WEBAPP"];
/** How authors capitalize a few keywords; the first spelling in a list wins. */
const SHOUTED = new Map([
  ["influxdb", "InfluxDB"],
  ["mqtt", "MQTT"],
  ["csv", "CSV"],
  ["pdf", "PDF"],
  ["grafana", "Grafana"],
  ["oauth", "OAuth"],
]);

export function tags(random: Random): string[] {
  const wanted: string[] = [];
  const categories = random.chance(0.15) ? 0 : random.chance(0.8) ? 1 : random.int(2, 3);
  wanted.push(...random.sample(CATEGORIES, categories));
  if (random.chance(WEB_UI_SHARE)) wanted.push(random.pick(WEB_UI_SPELLINGS));
  for (let free = random.int(0, Math.min(8, MAX_TAGS - 1 - wanted.length)); free > 0; free--) {
    const word = contentWord(random);
    wanted.push(random.chance(0.3) ? (SHOUTED.get(word) ?? word) : word);
  }
  // The catalog keyword usually leads, as authors copy it from the docs; sometimes it trails.
  if (random.chance(0.8)) wanted.unshift(CATALOG_KEYWORD);
  else wanted.push(CATALOG_KEYWORD);
  return dedupe(wanted);
}

/** The catalog's rule for `hasWebUi`: a web UI keyword among the tags, in any case. */
export function hasWebUi(tagList: readonly string[]): boolean {
  return tagList.some((tag) => tag.toLowerCase() === WEB_UI_KEYWORD);
}

function dedupe(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((tag) => {
    const key = tag.trim().toLowerCase();
    if (key === "" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
