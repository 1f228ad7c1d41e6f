import { Buffer } from "node:buffer";
import semver from "semver";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogSnapshot, SnapshotPlugin } from "../../../src/snapshot/schema.js";
import { slugFor } from "../../../src/snapshot/slug.js";
import { parseSnapshot } from "../../../src/snapshot/validate.js";
import { generatePlugins, generateSnapshot } from "../../../tools/sample/generate.js";
import { MAX_README_BYTES } from "../../../tools/sample/readme.js";

const DEFAULT_GENERATED_AT = "2026-11-20T02:00:00.000Z";

function share(plugins: readonly SnapshotPlugin[], test: (plugin: SnapshotPlugin) => boolean): number {
  return plugins.filter(test).length / plugins.length;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Repositories (case-insensitively) that two plugins spell or count differently, as `slug: platform:path`. */
function repositoryClashes(plugins: readonly SnapshotPlugin[]): string[] {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const p of plugins) {
    for (const m of p.mirrors) {
      const key = `${m.platform}:${m.path.toLowerCase()}`;
      const value = JSON.stringify([m.path, m.stars, m.forks, m.checkedAt, m.url, m.archived, m.openIssues, m.pushedAt, m.defaultBranch]);
      if ((seen.get(key) ?? value) !== value) clashes.push(`${p.slug}: ${key}`);
      seen.set(key, value);
    }
  }
  return clashes;
}

const onGithub = (p: SnapshotPlugin): boolean => p.mirrors.some((m) => m.platform === "github");
const onGitlab = (p: SnapshotPlugin): boolean => p.mirrors.some((m) => m.platform === "gitlab");

describe("generateSnapshot: determinism", () => {
  it("gives byte-identical JSON for the same seed", () => {
    const a = JSON.stringify(generateSnapshot({ plugins: 150, seed: 42 }));
    const b = JSON.stringify(generateSnapshot({ plugins: 150, seed: 42 }));
    expect(a).toBe(b);
  });

  it("gives different catalogs for different seeds", () => {
    const a = generateSnapshot({ plugins: 150, seed: 1 });
    const b = generateSnapshot({ plugins: 150, seed: 2 });
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    const namesA = new Set(a.plugins.map((p) => p.npmName));
    expect(b.plugins.filter((p) => !namesA.has(p.npmName)).length).toBeGreaterThan(50);
  });

  it("generates the first plugins of a larger catalog identically (a prefix)", () => {
    const small = generateSnapshot({ plugins: 40, seed: 9 });
    const large = generateSnapshot({ plugins: 80, seed: 9 });
    expect(large.plugins.slice(0, 40)).toEqual(small.plugins);
  });

  it("streams exactly the plugins of the snapshot", () => {
    expect([...generatePlugins({ plugins: 30, seed: 5 })]).toEqual(generateSnapshot({ plugins: 30, seed: 5 }).plugins);
  });
});

describe("generateSnapshot: validity", () => {
  it.each([0, 1, 2, 25, 700, 3000])("passes parseSnapshot with %i plugins", (plugins) => {
    const snapshot = generateSnapshot({ plugins, seed: plugins + 11 });
    expect(snapshot.plugins).toHaveLength(plugins);
    expect(() => parseSnapshot(JSON.stringify(snapshot), "x")).not.toThrow();
  });

  it("passes parseSnapshot at the largest supported size, 20,000 plugins", { timeout: 120_000 }, () => {
    const snapshot = generateSnapshot({ plugins: 20_000, seed: 3 });
    expect(parseSnapshot(JSON.stringify(snapshot), "x").plugins).toHaveLength(20_000);
    expect(repositoryClashes(snapshot.plugins)).toEqual([]);
  });

  it("uses the default generatedAt, or the one given, as the bound of every date", () => {
    expect(generateSnapshot({ plugins: 0, seed: 1 }).generatedAt).toBe(DEFAULT_GENERATED_AT);
    const generatedAt = "2019-03-04T05:06:07.089Z";
    const snapshot = generateSnapshot({ plugins: 300, seed: 1, generatedAt });
    expect(snapshot.generatedAt).toBe(generatedAt);
    for (const p of snapshot.plugins) {
      expect(p.updatedAt <= generatedAt).toBe(true);
      for (const m of p.mirrors) if (m.checkedAt !== undefined) expect(m.checkedAt <= generatedAt).toBe(true);
    }
  });

  it("rejects bad options with a RangeError", () => {
    for (const options of [
      { plugins: -1, seed: 1 },
      { plugins: 1.5, seed: 1 },
      { plugins: 1, seed: -1 },
      { plugins: 1, seed: 2 ** 32 },
      { plugins: 1, seed: 0.5 },
      { plugins: 1, seed: 1, generatedAt: "2026-11-20" },
      { plugins: 1, seed: 1, generatedAt: "2026-13-40T00:00:00.000Z" },
      { plugins: 1, seed: 1, generatedAt: "2014-06-01T00:00:00.000Z" },
    ]) {
      expect(() => generateSnapshot(options), JSON.stringify(options)).toThrow(RangeError);
    }
  });
});

describe("generateSnapshot: the catalog's own rules (beyond the schema)", () => {
  let snapshot: CatalogSnapshot;
  beforeAll(() => {
    snapshot = generateSnapshot({ plugins: 2000, seed: 20 });
  });

  /** Slugs of the plugins that break `rule`: one assertion, and a readable failure. */
  function offenders(rule: (p: SnapshotPlugin) => boolean): string[] {
    return snapshot.plugins.filter((p) => !rule(p)).map((p) => p.slug);
  }

  it("derives every slug from the npm name, and npm names are ASCII", () => {
    expect(offenders((p) => p.slug === slugFor(p.npmName) && /^[\x21-\x7e]+$/.test(p.npmName))).toEqual([]);
  });

  it("sets hasWebUi exactly when a tag is acme-webapp in any case", () => {
    expect(offenders((p) => p.hasWebUi === p.tags.some((t) => t.toLowerCase() === "acme-webapp"))).toEqual([]);
  });

  it("keeps 1–12 trimmed tags, unique case-insensitively, always with the catalog keyword", () => {
    expect(
      offenders(
        (p) =>
          p.tags.length >= 1 &&
          p.tags.length <= 12 &&
          p.tags.includes("acme-plugin") &&
          new Set(p.tags.map((t) => t.toLowerCase())).size === p.tags.length &&
          p.tags.every((t) => t !== "" && t === t.trim()),
      ),
    ).toEqual([]);
  });

  it("orders dates: 2015 ≤ publishedAt ≤ updatedAt ≤ generatedAt", () => {
    expect(
      offenders((p) => p.publishedAt >= "2015-01-01T00:00:00.000Z" && p.updatedAt >= p.publishedAt && p.updatedAt <= snapshot.generatedAt),
    ).toEqual([]);
  });

  it("lists creators once each (case-insensitively), mirror owners included", () => {
    expect(
      offenders((p) => {
        const lower = p.creators.map((c) => c.toLowerCase());
        const owners = p.mirrors.map((m) => m.path.split("/")[0]?.toLowerCase() ?? "");
        return lower.length >= 1 && new Set(lower).size === lower.length && owners.every((o) => lower.includes(o));
      }),
    ).toEqual([]);
  });

  it("gives one repository the same spelling and counts wherever it appears", () => {
    expect(repositoryClashes(snapshot.plugins)).toEqual([]);
  });

  it("keeps forks at most stars, and totals 0 without mirrors", () => {
    expect(offenders((p) => p.totalForks <= p.totalStars && (p.mirrors.length > 0 || p.totalStars + p.totalForks === 0))).toEqual([]);
  });
});

describe("generateSnapshot: distributions on 2,000 plugins", () => {
  let plugins: SnapshotPlugin[];
  beforeAll(() => {
    plugins = generateSnapshot({ plugins: 2000, seed: 1234 }).plugins;
  });

  it("splits mirrors about 55% GitHub only, 15% GitLab only, 10% both, 20% neither", () => {
    expect(share(plugins, (p) => onGithub(p) && !onGitlab(p))).toBeGreaterThan(0.47);
    expect(share(plugins, (p) => onGithub(p) && !onGitlab(p))).toBeLessThan(0.63);
    expect(share(plugins, (p) => onGitlab(p) && !onGithub(p))).toBeGreaterThan(0.1);
    expect(share(plugins, (p) => onGitlab(p) && !onGithub(p))).toBeLessThan(0.2);
    expect(share(plugins, (p) => onGithub(p) && onGitlab(p))).toBeGreaterThan(0.06);
    expect(share(plugins, (p) => onGithub(p) && onGitlab(p))).toBeLessThan(0.14);
    expect(share(plugins, (p) => p.mirrors.length === 0)).toBeGreaterThan(0.14);
    expect(share(plugins, (p) => p.mirrors.length === 0)).toBeLessThan(0.26);
    expect(plugins.some((p) => p.mirrors.some((m) => m.platform === "gitlab" && m.path.split("/").length === 3))).toBe(true);
  });

  it("scopes about a quarter of the npm names and has a few legacy names with ~~hash slugs", () => {
    expect(share(plugins, (p) => p.npmName.startsWith("@"))).toBeGreaterThan(0.2);
    expect(share(plugins, (p) => p.npmName.startsWith("@"))).toBeLessThan(0.3);
    const legacy = share(plugins, (p) => p.slug.includes("~~"));
    expect(legacy).toBeGreaterThan(0.005);
    expect(legacy).toBeLessThan(0.05);
    expect(plugins.some((p) => /[A-Z]/.test(p.npmName))).toBe(true);
  });

  it("has display names in several scripts, with accents and with emoji", () => {
    const names = plugins.map((p) => p.name);
    const nonAscii = share(plugins, (p) => /[^\x00-\x7f]/.test(p.name));
    expect(nonAscii).toBeGreaterThan(0.05);
    expect(nonAscii).toBeLessThan(0.25);
    for (const script of [
      /\p{Script=Cyrillic}/u,
      /\p{Script=Greek}/u,
      /\p{Script=Han}/u,
      /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
      /\p{Extended_Pictographic}/u,
      /[à-ÿ]/u,
    ]) {
      expect(
        names.some((n) => script.test(n)),
        String(script),
      ).toBe(true);
    }
  });

  it("has names that tie under the name sort's collator, and numbered names", () => {
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    const sorted = plugins.map((p) => p.name).sort(collator.compare);
    const ties = sorted.filter((n, i) => i > 0 && n !== sorted[i - 1] && collator.compare(n, sorted[i - 1] ?? "") === 0);
    expect(ties.length).toBeGreaterThan(5);
    const numbered = plugins.map((p) => /^\p{L}+ (\d+)$/u.exec(p.name)?.[1]).filter((n) => n !== undefined);
    expect(numbered.some((n) => n.length === 1)).toBe(true);
    expect(numbered.some((n) => n.length >= 2)).toBe(true);
  });

  it("has empty and accented descriptions", () => {
    expect(share(plugins, (p) => p.description === "")).toBeGreaterThan(0.02);
    expect(share(plugins, (p) => p.description === "")).toBeLessThan(0.12);
    expect(plugins.some((p) => /[éïü]/.test(p.description))).toBe(true);
  });

  it("sizes READMEs long-tailed: some empty, median 1–8 KB, none above 60 KB", () => {
    const sizes = plugins.map((p) => Buffer.byteLength(p.readme));
    const empty = share(plugins, (p) => p.readme === "");
    expect(empty).toBeGreaterThan(0.02);
    expect(empty).toBeLessThan(0.09);
    expect(median(sizes)).toBeGreaterThan(1024);
    expect(median(sizes)).toBeLessThan(8 * 1024);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_README_BYTES);
    expect(Math.max(...sizes)).toBeGreaterThan(30 * 1024);
  });

  it("writes READMEs with every Markdown construct the indexer must handle", () => {
    const all = plugins.map((p) => p.readme);
    for (const construct of [
      "```js\n",
      "\n~~~sh\n",
      "<details>",
      '<p align="center">',
      "[![",
      "](https://img.shields.io/",
      "![",
      "| --- |",
      "\n## ",
      "\n- ",
      "\n1. ",
      "`",
    ]) {
      expect(
        all.some((r) => r.includes(construct)),
        construct,
      ).toBe(true);
    }
    expect(all.some((r) => /\[[^\]]+\]\(https:\/\/[^)]+\)/.test(r))).toBe(true);
    expect(all.some((r) => /\b(grafanalytics|mqttbridge)\b/.test(r))).toBe(true);
  });

  it("gives long-tailed stars: many zero, ties, a few in the thousands", () => {
    const stars = plugins.map((p) => p.totalStars);
    expect(share(plugins, (p) => p.totalStars === 0)).toBeGreaterThan(0.3);
    expect(Math.max(...stars)).toBeGreaterThan(1000);
    const nonZero = stars.filter((s) => s > 0);
    expect(new Set(nonZero).size).toBeLessThan(nonZero.length / 2);
    expect(median(nonZero)).toBeLessThan(100);
  });

  it("marks about 15% with a web UI, in more than one spelling", () => {
    expect(share(plugins, (p) => p.hasWebUi)).toBeGreaterThan(0.1);
    expect(share(plugins, (p) => p.hasWebUi)).toBeLessThan(0.2);
    const spellings = new Set(plugins.flatMap((p) => p.tags.filter((t) => t.toLowerCase() === "acme-webapp")));
    expect(spellings.size).toBeGreaterThan(1);
    expect(share(plugins, (p) => p.tags.some((t) => t.startsWith("acme-category-")))).toBeGreaterThan(0.7);
  });

  it("lets prolific authors own several plugins, in mixed-case logins", () => {
    const perCreator = new Map<string, number>();
    for (const p of plugins) for (const c of p.creators) perCreator.set(c.toLowerCase(), (perCreator.get(c.toLowerCase()) ?? 0) + 1);
    expect(Math.max(...perCreator.values())).toBeGreaterThan(20);
    expect(perCreator.size).toBeGreaterThan(200);
    expect(plugins.some((p) => p.creators.some((c) => /[A-Z]/.test(c)))).toBe(true);
  });

  it("has exact updatedAt ties, single-release packages and other field mixes", () => {
    const updated = plugins.map((p) => p.updatedAt);
    expect(new Set(updated).size).toBeLessThan(updated.length - 20);
    expect(share(plugins, (p) => p.updatedAt === p.publishedAt)).toBeGreaterThan(0.05);
    expect(share(plugins, (p) => p.license === "")).toBeGreaterThan(0.02);
    expect(share(plugins, (p) => p.license === "")).toBeLessThan(0.09);
    expect(share(plugins, (p) => p.homepage === null)).toBeGreaterThan(0.24);
    expect(share(plugins, (p) => p.homepage === null)).toBeLessThan(0.36);
    expect(plugins.some((p) => p.version.includes("-"))).toBe(true);
    expect(plugins.some((p) => p.registry === undefined)).toBe(true);
    expect(plugins.some((p) => p.registry?.etag?.startsWith('"') === true)).toBe(true);
  });
});

describe("generateSnapshot: the facts of contract sections 11 and 12", () => {
  let snapshot: CatalogSnapshot;
  let plugins: SnapshotPlugin[];
  beforeAll(() => {
    snapshot = generateSnapshot({ plugins: 2000, seed: 77 });
    plugins = snapshot.plugins;
  });

  function offenders(rule: (p: SnapshotPlugin) => boolean): string[] {
    return plugins.filter((p) => !rule(p)).map((p) => p.slug);
  }

  it("releases: the latest is the plugin's version at updatedAt, the first at publishedAt, newest first, the last year's times", () => {
    const yearBefore = new Date(Date.parse(snapshot.generatedAt) - 365 * 86_400_000).toISOString();
    expect(
      offenders((p) => {
        const r = p.releases;
        if (r === undefined) return false;
        const dates = r.recent.map((x) => x.publishedAt);
        return (
          r.recent[0]?.version === p.version &&
          r.recent[0]?.publishedAt === p.updatedAt &&
          r.count >= r.recent.length &&
          (r.count > 10 || r.recent.at(-1)?.publishedAt === p.publishedAt) &&
          dates.every((d, i) => i === 0 || d <= (dates[i - 1] ?? "")) &&
          new Set(r.recent.map((x) => x.version)).size === r.recent.length &&
          r.times.every((t, i) => t >= yearBefore && t <= snapshot.generatedAt && (i === 0 || t <= (r.times[i - 1] ?? ""))) &&
          r.recent.every((x) => x.publishedAt >= yearBefore === r.times.includes(x.publishedAt))
        );
      }),
    ).toEqual([]);
    expect(share(plugins, (p) => (p.releases?.count ?? 0) > 10)).toBeGreaterThan(0.05);
    expect(share(plugins, (p) => p.releases?.count === 1)).toBeGreaterThan(0.05);
  });

  it("downloads: heavy-tailed with some zeros; a history of 0 to 26 weeks, one a week, oldest first, ending with the build's week", () => {
    const months = plugins.map((p) => p.downloads?.lastMonth ?? 0);
    expect(share(plugins, (p) => p.downloads?.lastMonth === 0)).toBeGreaterThan(0.05);
    expect(Math.max(...months)).toBeGreaterThan(100 * median(months));
    expect(share(plugins, (p) => p.downloads?.weekly.length === 0)).toBeGreaterThan(0.01);
    expect(plugins.some((p) => p.downloads?.weekly.length === 26)).toBe(true);
    const day = snapshot.generatedAt.slice(0, 10);
    expect(
      offenders((p) => {
        const weekly = p.downloads?.weekly ?? [];
        const last = weekly.at(-1);
        return (
          weekly.every((w, i) => i === 0 || Date.parse(w.date) - Date.parse(weekly[i - 1]?.date ?? "") === 7 * 86_400_000) &&
          (last === undefined || (last.date === day && last.count === p.downloads?.lastWeek))
        );
      }),
    ).toEqual([]);
    expect(share(plugins, (p) => p.dependents === 0)).toBeGreaterThan(0.4);
    expect(Math.max(...plugins.map((p) => p.dependents ?? 0))).toBeGreaterThan(20);
  });

  it("engines: Node.js ranges valid and not, as written; host ranges valid or none; trust flags set for a few", () => {
    const nodes = plugins.map((p) => p.engines?.node).filter((n): n is string => typeof n === "string");
    expect(nodes.some((n) => semver.validRange(n) !== null)).toBe(true);
    expect(nodes.some((n) => semver.validRange(n) === null)).toBe(true);
    expect(offenders((p) => p.engines?.host === null || semver.validRange(p.engines?.host ?? "") !== null)).toEqual([]);
    expect(share(plugins, (p) => p.engines?.host !== null)).toBeGreaterThan(0.3);
    expect(share(plugins, (p) => p.trust?.provenance === true)).toBeGreaterThan(0.05);
    expect(share(plugins, (p) => p.trust?.installScripts === true)).toBeGreaterThan(0.02);
  });

  it("mirrors: the facts of every mirror read, a few archived, a few empty", () => {
    const mirrors = plugins.flatMap((p) => p.mirrors);
    const read = mirrors.filter((m) => m.checkedAt !== undefined);
    expect(read.every((m) => m.url === `https://${m.platform}.com/${m.path}` && typeof m.archived === "boolean")).toBe(true);
    expect(mirrors.filter((m) => m.checkedAt === undefined).every((m) => m.url === undefined)).toBe(true);
    expect(read.filter((m) => m.archived).length / read.length).toBeGreaterThan(0.01);
    expect(read.some((m) => m.defaultBranch === null && m.pushedAt === null)).toBe(true);
  });

  it("the host: distinct versions newest first, prereleases among them, latest a release and next a later beta", () => {
    const compatibility = snapshot.compatibility;
    const versions = compatibility?.versions ?? [];
    expect(compatibility).toMatchObject({
      host: "node-red",
      ranges: ["node-red.version", "engines.node-red"],
      readAt: snapshot.generatedAt,
    });
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions.length).toBeGreaterThan(100);
    expect(versions.some((v) => semver.prerelease(v) !== null)).toBe(true);
    const { latest = "", next = "" } = compatibility?.distTags ?? {};
    expect(versions).toContain(latest);
    expect(versions.indexOf(next)).toBeLessThan(versions.indexOf(latest));
    expect(semver.prerelease(latest)).toBeNull();
    expect(semver.gt(next, latest)).toBe(true);
  });
});
