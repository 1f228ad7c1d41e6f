/**
 * The 200 body of `GET /api/plugins/{slug}` (docs/API.md#one-plugin): the
 * listing's Plugin, then the facts a person chooses by. Written whole by the
 * build (src/site/detail/); the shim serves its bytes as they were written.
 */
import type { Plugin } from "./plugin.js";

export interface Repository {
  readonly url: string;
  readonly host: "github" | "gitlab";
  readonly stars: number;
  readonly forks: number;
  readonly archived: boolean;
  readonly openIssues: number;
  readonly pushedAt: string | null;
  readonly defaultBranch: string | null;
}

export interface WeeklyDownloads {
  readonly date: string;
  readonly count: number;
}

export interface Downloads {
  readonly lastWeek: number;
  readonly lastMonth: number;
  readonly weekly: readonly WeeklyDownloads[];
}

export interface Release {
  readonly version: string;
  readonly publishedAt: string;
}

export interface Releases {
  readonly count: number;
  readonly lastYear: number;
  readonly recent: readonly Release[];
}

export interface Engines {
  readonly node: string | null;
  readonly host: string | null;
}

export interface Trust {
  readonly provenance: boolean;
  readonly installScripts: boolean;
  readonly spdxLicense: boolean;
}

export interface Score {
  readonly total: number;
  readonly popularity: number;
  readonly maintenance: number;
  readonly quality: number;
}

/** The keys after the Plugin's, in the body's order. */
export interface DetailFacts {
  readonly readme: string | null;
  readonly repositories: readonly Repository[];
  readonly downloads: Downloads;
  readonly dependents: number;
  readonly releases: Releases;
  readonly engines: Engines;
  readonly trust: Trust;
  readonly score: Score;
}

export type PluginDetail = Plugin & DetailFacts;
