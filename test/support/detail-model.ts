/**
 * A deliberately naive model of `GET /api/plugins/{slug}` (contract section
 * 11, docs/API.md#one-plugin), written from their sentences and independent
 * of `src/`: percentiles by counting every plugin, the weighted sums as exact
 * fractions, maintenance by comparing powers of integers, dates as
 * milliseconds, the README cut by code points. It reads a snapshot's facts as
 * docs/API.md says an absent one reads (0, null, false, none).
 */
import parseSpdx from "spdx-expression-parse";
import type { Mirror, SnapshotPlugin } from "../../src/snapshot/schema.js";
import { PLUGIN_KEYS } from "./fixtures.js";

export const DETAIL_KEYS = ["readme", "repositories", "downloads", "dependents", "releases", "engines", "trust", "score"] as const;

const DAY = 86_400_000;
const README_MAX = 65_536;
const SHORT_MAX = 256;

/** Exact non-negative fractions n / d. */
export class Fraction {
  constructor(
    readonly n: bigint,
    readonly d: bigint,
  ) {}
  static of(n: number | bigint, d: number | bigint = 1): Fraction {
    return new Fraction(BigInt(n), BigInt(d));
  }
  plus(other: Fraction): Fraction {
    return new Fraction(this.n * other.d + other.n * this.d, this.d * other.d);
  }
  times(other: Fraction): Fraction {
    return new Fraction(this.n * other.n, this.d * other.d);
  }
  /** round() half up: the greatest integer k with k ≤ x + ½. */
  roundHalfUp(): number {
    return Number((2n * this.n + this.d) / (2n * this.d));
  }
}

/** pct_v(d) = 100 · (#{e : v(e) < v(d)} + ½ · #{e : v(e) = v(d)}) / N, counted over every plugin. */
export function modelPct(values: readonly number[], value: number): Fraction {
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < value) below++;
    else if (v === value) equal++;
  }
  return Fraction.of(100).times(Fraction.of(2 * below + equal, 2 * values.length));
}

const POWERS = Array.from({ length: 101 }, (_, m) => (m === 0 ? 0n : BigInt(2 * m - 1) ** 365n));
const LIMIT = 200n ** 365n;

/**
 * round(100 · 0.5^(days / 365)), half up: the greatest m with m − ½ ≤ 100 · 2^(−days/365), that is
 * (2m − 1)^365 · 2^days ≤ 200^365, all integers.
 */
export function modelMaintenance(days: number): number {
  let m = 100;
  while (m > 0 && POWERS[m]! << BigInt(days) > LIMIT) m--;
  return m;
}

export function modelRoundHalfUp(n: number, d: number): number {
  return Fraction.of(n, d).roundHalfUp();
}

/** Section 5's cleaning, code unit by code unit; CR line ends are line feeds first (docs/API.md#bounds). */
function clean(text: string): string {
  const lines = text.replaceAll("\r\n", "\n").replaceAll("\r", "\n");
  let out = "";
  for (let i = 0; i < lines.length; i++) {
    const code = lines.charCodeAt(i);
    const next = lines.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += lines[i]! + lines[i + 1]!;
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) out += "\ufffd";
    else if ((code <= 0x1f && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)) continue;
    else out += lines[i]!;
  }
  return out;
}

/** At most `max` code points; a longer text keeps its first `max − 1` and ends with "…". */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

export function modelReadme(plugin: SnapshotPlugin): string | null {
  const points = Array.from(plugin.readme);
  const longer = plugin.readmeCut === true || points.length > README_MAX;
  const kept = clean(points.slice(0, README_MAX).join(""));
  if (kept === "") return null;
  return longer
    ? `${Array.from(kept)
        .slice(0, README_MAX - 1)
        .join("")}…`
    : kept;
}

function modelRepository(mirror: Mirror) {
  const branch = mirror.defaultBranch === undefined || mirror.defaultBranch === null ? null : clean(mirror.defaultBranch);
  return {
    url: mirror.url ?? `https://${mirror.platform}.com/${mirror.path}`,
    host: mirror.platform,
    stars: mirror.stars,
    forks: mirror.forks,
    archived: mirror.archived ?? false,
    openIssues: mirror.openIssues ?? 0,
    pushedAt: mirror.pushedAt ?? null,
    defaultBranch: branch === null || branch === "" || Array.from(branch).length > SHORT_MAX ? null : branch,
  };
}

const short = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : cut(clean(value), SHORT_MAX);

type Columns = Record<"lastMonth" | "totalStars" | "dependents", number[]>;
const columnsSeen = new WeakMap<readonly SnapshotPlugin[], Columns>();

/** Each plugin's value of the three that popularity compares, in catalog order (once per catalog). */
function columnsOf(plugins: readonly SnapshotPlugin[]): Columns {
  let columns = columnsSeen.get(plugins);
  if (columns === undefined) {
    columns = {
      lastMonth: plugins.map((p) => p.downloads?.lastMonth ?? 0),
      totalStars: plugins.map((p) => p.totalStars),
      dependents: plugins.map((p) => p.dependents ?? 0),
    };
    columnsSeen.set(plugins, columns);
  }
  return columns;
}

export interface ModelCatalog {
  readonly plugins: readonly SnapshotPlugin[];
  readonly builtAt: string;
}

/** "`license` parses with `spdx-expression-parse` 4": the contract names the parser. */
function isSpdx(license: string): boolean {
  try {
    parseSpdx(license);
    return true;
  } catch {
    return false;
  }
}

/** The exact body `GET /api/plugins/{slug}` answers for `plugin`. */
export function modelDetailJson(plugin: SnapshotPlugin, catalog: ModelCatalog): string {
  return JSON.stringify(modelDetail(plugin, catalog));
}

export function modelDetail(plugin: SnapshotPlugin, catalog: ModelCatalog): Record<string, unknown> {
  const builtAt = Date.parse(catalog.builtAt);
  const readme = modelReadme(plugin);
  const repositories = plugin.mirrors.map(modelRepository);
  const downloads = plugin.downloads ?? { lastWeek: 0, lastMonth: 0, weekly: [] };
  const releases = plugin.releases ?? { count: 0, recent: [], times: [] };
  const trust = {
    provenance: plugin.trust?.provenance ?? false,
    installScripts: plugin.trust?.installScripts ?? false,
    spdxLicense: isSpdx(plugin.license),
  };
  const columns = columnsOf(catalog.plugins);
  const popularity = Fraction.of(5, 10)
    .times(modelPct(columns.lastMonth, downloads.lastMonth))
    .plus(Fraction.of(3, 10).times(modelPct(columns.totalStars, plugin.totalStars)))
    .plus(Fraction.of(2, 10).times(modelPct(columns.dependents, plugin.dependents ?? 0)))
    .roundHalfUp();
  const days = Math.max(0, Math.floor((builtAt - Date.parse(plugin.updatedAt)) / DAY));
  const everyArchived = repositories.length > 0 && repositories.every((r) => r.archived);
  const maintenance = everyArchived ? 0 : modelMaintenance(days);
  const quality =
    (readme !== null ? 25 : 0) +
    (trust.spdxLicense ? 25 : 0) +
    (repositories.length > 0 ? 25 : 0) +
    (trust.provenance ? 15 : 0) +
    (trust.installScripts ? 0 : 10);
  const total = Fraction.of(4, 10)
    .times(Fraction.of(popularity))
    .plus(Fraction.of(35, 100).times(Fraction.of(maintenance)))
    .plus(Fraction.of(25, 100).times(Fraction.of(quality)))
    .roundHalfUp();
  const listed = Object.fromEntries(PLUGIN_KEYS.map((key) => [key, plugin[key]]));
  return {
    ...listed,
    readme,
    repositories,
    downloads: {
      lastWeek: downloads.lastWeek,
      lastMonth: downloads.lastMonth,
      weekly: downloads.weekly.map((w) => ({ date: w.date, count: w.count })),
    },
    dependents: plugin.dependents ?? 0,
    releases: {
      count: releases.count,
      lastYear: releases.times.filter((time) => {
        const at = Date.parse(time);
        return at <= builtAt && at >= builtAt - 365 * DAY;
      }).length,
      recent: releases.recent.map((r) => ({ version: cut(clean(r.version), SHORT_MAX), publishedAt: r.publishedAt })),
    },
    engines: { node: short(plugin.engines?.node), host: short(plugin.engines?.host) },
    trust,
    score: { total, popularity, maintenance, quality },
  };
}
