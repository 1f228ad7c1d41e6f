/**
 * Markdown building blocks for READMEs: every construct the search indexer
 * must treat specially (fenced code in both fence styles, HTML with
 * attributes, images, badges, links, tables) so the indexer meets them in
 * the sample catalog, not first in production.
 */
import { capitalize } from "./people.js";
import { contentWord, paragraph, sentence, url } from "./prose.js";
import type { Random } from "./random.js";

export interface ReadmeSubject {
  npmName: string;
  title: string;
  /** `owner/repo` on GitHub, for badges; absent when the plugin has no GitHub mirror. */
  githubPath: string | undefined;
}

export function heading(random: Random, level: number): string {
  const words = [capitalize(contentWord(random))];
  if (random.chance(0.4)) words.push(contentWord(random));
  return `${"#".repeat(level)} ${words.join(" ")}`;
}

export function badges(subject: ReadmeSubject): string {
  const npm = encodeURIComponent(subject.npmName);
  const lines = [`[![npm](https://img.shields.io/npm/v/${npm}.svg)](https://www.npmjs.com/package/${subject.npmName})`];
  if (subject.githubPath !== undefined) {
    const repo = subject.githubPath;
    lines.push(
      `[![build](https://img.shields.io/github/actions/workflow/status/${repo}/ci.yml?branch=main)](https://github.com/${repo}/actions)`,
    );
    lines.push(`[![stars](https://img.shields.io/github/stars/${repo}?style=social)](https://github.com/${repo})`);
  }
  lines.push(`[![license](https://img.shields.io/npm/l/${npm}.svg)](LICENSE)`);
  return lines.join(" ");
}

export function logo(subject: ReadmeSubject): string {
  return `<p align="center">\n  <img src="docs/logo.png" alt="${subject.title} logo" width="160">\n</p>`;
}

export function image(random: Random): string {
  const alt = `${capitalize(contentWord(random))} ${contentWord(random)} screenshot`;
  return `![${alt}](docs/${contentWord(random)}.png)`;
}

export function details(random: Random): string {
  return `<details>\n<summary>${sentence(random, 3, 8, false)}</summary>\n\n${paragraph(random)}\n\n</details>`;
}

export function bulletList(random: Random, ordered = false): string {
  const items: string[] = [];
  const count = random.int(2, 8);
  for (let i = 1; i <= count; i++) items.push(`${ordered ? `${i}.` : random.pick(["-", "*"])} ${sentence(random, 3, 12)}`);
  return items.join("\n");
}

export function optionsTable(random: Random): string {
  const rows = ["| Option | Type | Default | Description |", "| --- | --- | --- | --- |"];
  const count = random.int(2, 9);
  for (let i = 0; i < count; i++) {
    const [type, fallback] = random.pick([
      ["number", String(random.int(0, 600))],
      ["string", `"${contentWord(random)}"`],
      ["boolean", "false"],
    ] as const);
    rows.push(`| \`${identifier(random)}\` | \`${type}\` | \`${fallback}\` | ${sentence(random, 3, 12, false)} |`);
  }
  return rows.join("\n");
}

/** camelCase identifiers that appear in code only, never in prose. */
export function identifier(random: Random): string {
  return contentWord(random).replace(/[^a-z0-9]/gi, "") + capitalize(contentWord(random).replace(/[^a-z0-9]/gi, ""));
}

export function codeBlock(random: Random, subject: ReadmeSubject): string {
  switch (random.int(0, 4)) {
    case 0: {
      const fn = identifier(random);
      const lines = [`import { ${fn} } from "${subject.npmName}";`, "", `const ${identifier(random)} = ${fn}({`];
      for (let i = random.int(1, 6); i > 0; i--)
        lines.push(`  ${identifier(random)}: ${random.chance(0.5) ? random.int(0, 1000) : `"${contentWord(random)}"`},`);
      lines.push("});");
      return fence("```", "js", lines);
    }
    case 1:
      return fence("```", "json", [
        "{",
        `  "${identifier(random)}": {`,
        `    "enabled": true,`,
        `    "${contentWord(random)}": "${url(random)}"`,
        "  }",
        "}",
      ]);
    case 2:
      return fence("```", "yaml", [`${contentWord(random)}:`, `  ${identifier(random)}: ${random.int(1, 100)}`, `  url: ${url(random)}`]);
    case 3:
      return fence("~~~", "sh", [
        `$ npx ${subject.npmName} --${contentWord(random)} ${random.int(1, 9)}`,
        `> ${sentence(random, 3, 8, false)}`,
      ]);
    default:
      return fence("```", "", [`${identifier(random)} = ${contentWord(random)} | ${contentWord(random)}`]);
  }
}

export function installBlock(subject: ReadmeSubject): string {
  return fence("```", "sh", [`npm install ${subject.npmName}`]);
}

function fence(marker: string, language: string, lines: readonly string[]): string {
  return `${marker}${language}\n${lines.join("\n")}\n${marker}`;
}
