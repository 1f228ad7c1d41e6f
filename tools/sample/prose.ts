/**
 * Sentences and paragraphs drawn word by word from Zipf tables: the token
 * statistics of real documentation (stop words everywhere, a steep head of
 * technical terms, a long tail of rare and invented words), without any
 * pretence of grammar beyond capitalization and punctuation.
 */
import type { Random } from "./random.js";
import { WeightedTable, zipfTable } from "./weighted.js";
import { ACCENTED_WORDS, CONTENT_WORDS, STOP_WORDS } from "./words.js";

const contentWords = zipfTable(CONTENT_WORDS, 1.05);

/**
 * Every word of prose in one table, so a word costs a single draw: stop
 * words take about 42% of the weight, a sprinkle of accented words 0.4%,
 * content words the rest, each group Zipf-distributed within itself.
 */
const proseWords = new WeightedTable([
  ...scaled(STOP_WORDS, 0.42, 1.5),
  ...scaled(ACCENTED_WORDS, 0.004, 0),
  ...scaled(CONTENT_WORDS, 0.576, 2.7, 1.05),
]);

function scaled(ranked: readonly string[], share: number, shift: number, exponent = 1): (readonly [string, number])[] {
  const raw = ranked.map((_, rank) => 1 / (rank + 1 + shift) ** exponent);
  const total = raw.reduce((sum, weight) => sum + weight, 0);
  return ranked.map((w, rank) => [w, Math.max(1, Math.round((1e8 * share * (raw[rank] ?? 0)) / total))] as const);
}

export function word(random: Random): string {
  return proseWords.draw(random);
}

export function contentWord(random: Random): string {
  return contentWords.draw(random);
}

/** `https://…` URLs of the shapes READMEs link to. */
export function url(random: Random): string {
  switch (random.int(0, 3)) {
    case 0:
      return `https://github.com/${contentWord(random)}/${contentWord(random)}`;
    case 1:
      return `https://docs.example.com/${contentWord(random)}/${contentWord(random)}.html`;
    case 2:
      return `https://www.npmjs.com/package/${contentWord(random)}`;
    default:
      return `https://${contentWord(random)}.dev/`;
  }
}

/**
 * One sentence of `min`..`max` words. With `markup`, a few words become
 * inline code, emphasis or a link, as in real Markdown paragraphs.
 */
export function sentence(random: Random, min = 6, max = 18, markup = true): string {
  const count = random.int(min, max);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(word(random));
  // Decorating per sentence rather than per word keeps prose at one draw per word.
  if (markup && random.chance(count * 0.03)) {
    const at = random.int(0, count - 1);
    parts[at] = decorate(random, parts[at] ?? "");
  }
  const first = parts[0] ?? "";
  parts[0] = first.charAt(0).toUpperCase() + first.slice(1);
  if (count > 9 && random.chance(0.3)) parts[random.int(2, count - 3)] += ",";
  return parts.join(" ") + (random.chance(0.9) ? "." : random.pick(["!", "?", ":"]));
}

function decorate(random: Random, w: string): string {
  switch (random.int(0, 5)) {
    case 0:
    case 1:
      return `\`${w}\``;
    case 2:
      return `**${w}**`;
    case 3:
      return `_${w}_`;
    default:
      return `[${w} ${contentWord(random)}](${url(random)})`;
  }
}

export function paragraph(random: Random, sentences = random.int(1, 5)): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(random));
  return out.join(" ");
}

const VERBS = "Adds Provides Displays Exports Sends Shows Renders Imports Monitors Connects Visualizes Syncs Streams Collects".split(" ");
const TAILS = [
  "to your dashboards",
  "for Acme",
  "in the Acme web UI",
  "with dark mode support",
  "via webhooks",
  "from MQTT brokers",
  "as CSV or PDF",
  "on a schedule",
  "with OAuth authentication",
  "for Kubernetes clusters",
  "in real time",
  "to Slack",
];

/** One-sentence package description; "" for packages that declare none. */
export function description(random: Random): string {
  const roll = random.float();
  if (roll < 0.07) return "";
  if (roll < 0.25) return sentence(random, 4, 14, false);
  const object: string[] = [];
  const count = random.int(1, 3);
  while (object.length < count) object.push(contentWord(random));
  if (random.chance(0.06)) object.splice(random.int(0, object.length), 0, random.pick(ACCENTED_WORDS));
  const tail = random.chance(0.6) ? ` ${random.pick(TAILS)}` : "";
  return `${random.pick(VERBS)} ${object.join(" ")}${tail}.`;
}
