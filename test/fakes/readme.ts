/**
 * Package READMEs, generated on demand from (seed, package index) so a 10,000-package
 * world never holds them in memory. Sizes are skewed like real READMEs: median a few KB,
 * a long tail of big ones. They contain what the catalog's text extraction has to strip:
 * fenced code, HTML tags with attributes, images with alt text, link targets.
 */
import { type Rng, rngFor } from "./random.js";
import { WORDS } from "./vocabulary.js";

/** What the registry stores as `readme` when a package was published without one. */
export const NO_README = "ERROR: No README data found!";

function sentence(rng: Rng, words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) parts.push(rng.pick(WORDS));
  const text = parts.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(rng: Rng): string {
  const sentences: string[] = [];
  const count = rng.int(3, 7);
  for (let i = 0; i < count; i++) {
    const s = sentence(rng, rng.int(6, 16));
    sentences.push(rng.chance(0.15) ? `${s} See [the ${rng.pick(WORDS)} guide](https://docs.example.org/${rng.int(1, 999)}).` : s);
  }
  return sentences.join(" ");
}

function extras(rng: Rng, name: string): string {
  switch (rng.int(0, 3)) {
    case 0:
      return `\`\`\`js\nconst plugin = require('${name}')\nplugin.start({ interval: ${rng.int(1, 60)} })\n\`\`\``;
    case 1:
      return `<img src="https://img.example.org/${rng.int(1, 9999)}.png" alt="${rng.pick(WORDS)} screenshot" width="${rng.int(200, 800)}">`;
    case 2:
      return `<details><summary>${sentence(rng, 3)}</summary>\n\n${sentence(rng, 12)}\n\n</details>`;
    default:
      return `| option | default |\n| --- | --- |\n| ${rng.pick(WORDS)} | ${rng.int(0, 100)} |`;
  }
}

/**
 * The README of package `index`: same inputs, same text.
 * @example readmeFor(1, 0, "acme-foo", "Shows wind").startsWith("# acme-foo")
 */
export function readmeFor(seed: number, index: number, name: string, description: string | undefined): string {
  const rng = rngFor(seed, "readme", index);
  // e^U(0,3.2) paragraphs: median ≈ 5 (≈ 3 KB), a tail past 25 (≈ 15 KB).
  const paragraphs = Math.round(Math.exp(rng.float() * 3.2));
  const out = [`# ${name}`, `![build](https://img.shields.io/badge/build-passing-green.svg)`];
  if (description) out.push(description);
  out.push("## Install", `\`\`\`sh\nnpm install ${name}\n\`\`\``, "## Usage");
  for (let i = 0; i < paragraphs; i++) {
    out.push(paragraph(rng));
    if (rng.chance(0.3)) out.push(extras(rng, name));
    if (rng.chance(0.15)) out.push(`## ${sentence(rng, 2).slice(0, -1)}`);
  }
  return `${out.join("\n\n")}\n`;
}
