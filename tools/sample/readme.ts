/**
 * Whole READMEs: a size drawn first, then Markdown blocks appended until the
 * size is reached. Drawing the size up front is what gives the catalog its
 * long-tailed README lengths (most a few KB, a few near the cap, some empty)
 * independently of how verbose any one block type is.
 */
import { Buffer } from "node:buffer";
import {
  badges,
  bulletList,
  codeBlock,
  details,
  heading,
  image,
  installBlock,
  logo,
  optionsTable,
  type ReadmeSubject,
} from "./markdown.js";
import { paragraph, sentence } from "./prose.js";
import type { Random } from "./random.js";
import { WeightedTable } from "./weighted.js";

/** Largest README the generator writes, in UTF-8 bytes. */
export const MAX_README_BYTES = 60 * 1024;
const EMPTY_SHARE = 0.05;
const MEDIAN_BYTES = 2_400;
const SIGMA = 1.05;
/** Blocks that would overshoot are skipped; this many in a row ends the README. */
const MAX_MISSES = 3;

/** Target size in UTF-8 bytes: 0 for about 5%, else log-normal, capped. */
export function readmeSize(random: Random): number {
  if (random.chance(EMPTY_SHARE)) return 0;
  return Math.min(MAX_README_BYTES, Math.max(40, Math.round(random.logNormal(MEDIAN_BYTES, SIGMA))));
}

/**
 * A README of at most `targetBytes` UTF-8 bytes (the `# title` line is
 * always kept, so a tiny target still gives a non-empty README); "" for 0.
 */
export function readme(random: Random, subject: ReadmeSubject, targetBytes: number): string {
  if (targetBytes <= 0) return "";
  const kept: string[] = [];
  let size = 1;
  let misses = 0;
  for (const block of readmeBlocks(random, subject)) {
    const bytes = Buffer.byteLength(block) + 2;
    if (kept.length === 0 || size + bytes <= targetBytes) {
      kept.push(block);
      size += bytes;
      misses = 0;
    } else if (++misses >= MAX_MISSES) break;
  }
  return `${kept.join("\n\n")}\n`;
}

type Section = "prose" | "features" | "options" | "api" | "screenshot" | "faq" | "changelog" | "steps" | "note";
const sections = new WeightedTable<Section>([
  ["prose", 30],
  ["features", 10],
  ["options", 8],
  ["api", 14],
  ["screenshot", 6],
  ["faq", 6],
  ["changelog", 8],
  ["steps", 6],
  ["note", 4],
]);

/**
 * An endless README: a conventional opening, then sections in random order.
 * Each yielded block is a whole unit (a section with its heading), so a
 * README cut to size never ends on a dangling heading.
 */
function* readmeBlocks(random: Random, subject: ReadmeSubject): Generator<string, never> {
  yield `# ${subject.title}`;
  if (random.chance(0.45)) yield badges(subject);
  if (random.chance(0.15)) yield logo(subject);
  yield paragraph(random, random.int(1, 3));
  yield `## Installation\n\n${installBlock(subject)}`;
  yield ["## Usage", paragraph(random), codeBlock(random, subject)].join("\n\n");
  for (;;) yield [heading(random, 2), ...sectionBody(random, subject, sections.draw(random))].join("\n\n");
}

function sectionBody(random: Random, subject: ReadmeSubject, kind: Section): string[] {
  const times = (min: number, max: number, make: () => string[]): string[] => {
    const out: string[] = [];
    for (let i = random.int(min, max); i > 0; i--) out.push(...make());
    return out;
  };
  switch (kind) {
    case "prose":
      return times(1, 4, () => [paragraph(random)]);
    case "features":
      return [bulletList(random)];
    case "options":
      return [paragraph(random, 1), optionsTable(random)];
    case "api":
      return times(1, 3, () => [heading(random, 3), paragraph(random, random.int(1, 3)), codeBlock(random, subject)]);
    case "screenshot":
      return [image(random)];
    case "faq":
      return times(1, 3, () => [details(random)]);
    case "changelog":
      return times(1, 4, () => [`### ${random.int(0, 5)}.${random.int(0, 20)}.${random.int(0, 9)}`, bulletList(random)]);
    case "steps":
      return [bulletList(random, true)];
    case "note":
      return [`> **Note**\n> ${sentence(random)}`];
  }
}
