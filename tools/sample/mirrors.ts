/**
 * Source mirrors and their counts. A repository keeps one spelling and one
 * pair of counts per catalog, even when several packages of a monorepo name
 * it, exactly as a real build would read it once from the platform.
 */
import type { Mirror } from "../../src/snapshot/schema.js";
import { iso } from "./dates.js";
import type { People } from "./people.js";
import type { Random } from "./random.js";
import { WeightedTable } from "./weighted.js";

type Layout = "github" | "gitlab" | "both" | "none";

export interface MirrorPlan {
  layout: Layout | "shared";
  owner: string | undefined;
  /** The sibling's mirrors when `layout` is `shared`, else empty. */
  shared: readonly Mirror[];
}
const layouts = new WeightedTable<Layout>([
  ["github", 55],
  ["gitlab", 15],
  ["both", 10],
  ["none", 20],
]);

const MONOREPO_SHARE = 0.04;
const SUBGROUPS = "plugins tools acme frontend iot ops community".split(" ");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export class Repositories {
  /** Earlier plugins' mirror lists, for monorepo siblings to share. */
  readonly #sets: Mirror[][] = [];
  /**
   * Every repository so far, by platform and lower-cased path: two packages
   * whose names lead to the same repository (or to spellings of it that
   * differ only in case) must see one repository with one set of counts.
   */
  readonly #known = new Map<string, Mirror>();

  /**
   * @param factsRandom the facts' own stream (archived, issues, last push, branch): drawn from it, they leave every
   *   other value of a seed as it was before they existed
   */
  constructor(
    private readonly people: People,
    private readonly generatedAt: number,
    private readonly factsRandom: Random,
  ) {}

  /**
   * Drawn before the package name, because the first mirror's owner often
   * gives the package its npm scope. A few plugins share an earlier
   * plugin's repositories (monorepo siblings).
   */
  plan(random: Random): MirrorPlan {
    if (this.#sets.length > 0 && random.chance(MONOREPO_SHARE)) {
      const shared = random.pick(this.#sets);
      return { layout: "shared", owner: mirrorOwner(shared[0]), shared };
    }
    const layout = layouts.draw(random);
    return { layout, owner: layout === "none" ? undefined : this.people.owner(random), shared: [] };
  }

  mirrors(random: Random, plan: MirrorPlan, npmName: string): Mirror[] {
    const { layout, owner } = plan;
    if (layout === "shared") return plan.shared.map((mirror) => ({ ...mirror }));
    if (owner === undefined || layout === "none") return [];
    const repo = repoName(random, npmName);
    const stars = popularity(random);
    const mirrors: Mirror[] = [];
    if (layout === "github" || layout === "both") mirrors.push(this.#mirror(random, "github", `${owner}/${repo}`, stars));
    if (layout === "gitlab" || layout === "both") {
      const gitlabOwner = layout === "both" && random.chance(0.4) ? this.people.owner(random) : owner;
      const group = random.chance(0.3) ? `${gitlabOwner}/${random.pick(SUBGROUPS)}` : gitlabOwner;
      // GitLab projects collect far fewer stars; a GitLab copy of a GitHub project fewer still.
      const gitlabStars = Math.floor(stars * (layout === "both" ? 0.03 : 0.3) * random.float());
      mirrors.push(this.#mirror(random, "gitlab", `${group}/${repo}`, gitlabStars));
    }
    this.#sets.push(mirrors);
    return mirrors;
  }

  #mirror(random: Random, platform: Mirror["platform"], path: string, stars: number): Mirror {
    const key = `${platform}:${path.toLowerCase()}`;
    const known = this.#known.get(key);
    if (known !== undefined) return { ...known };
    const mirror = this.#counted(random, platform, path, stars);
    this.#known.set(key, mirror);
    return { ...mirror };
  }

  #counted(random: Random, platform: Mirror["platform"], path: string, stars: number): Mirror {
    const forks = Math.floor(stars * (0.02 + 0.3 * random.float() ** 2));
    const mirror: Mirror = { platform, path, stars, forks };
    const roll = random.float();
    // Most mirrors were read during this build, which stamps them with its time; some kept earlier counts
    // (rate limit, outage); a few were never read.
    if (roll < 0.93) {
      random.int(0, 45 * MINUTE); // Drawn and dropped: the seeded stream, so every other value of a sample, stays as it was.
      mirror.checkedAt = iso(this.generatedAt);
    } else if (roll < 0.98) mirror.checkedAt = iso(this.generatedAt - random.int(1, 3) * DAY - random.int(0, 45 * MINUTE));
    // A mirror never read has no facts either.
    return mirror.checkedAt === undefined
      ? mirror
      : { ...mirror, ...repositoryFacts(this.factsRandom, platform, path, Date.parse(mirror.checkedAt)) };
  }
}

/** Facts of a repository read at `readAt`: a few archived, a few empty (no push, no branch), issues long-tailed. */
function repositoryFacts(random: Random, platform: Mirror["platform"], path: string, readAt: number): Partial<Mirror> {
  const empty = random.chance(0.02);
  const pushedAt = empty ? null : iso(readAt - Math.floor(random.float() ** 2 * 4 * 365 * DAY));
  return {
    url: `https://${platform}.com/${path}`,
    archived: random.chance(0.04),
    openIssues: random.chance(0.25) ? 0 : Math.floor(random.logNormal(4, 1.3)),
    pushedAt,
    defaultBranch: empty ? null : random.chance(0.7) ? "main" : random.chance(0.8) ? "master" : "develop",
  };
}

/** Stars of a repository: many zero, median around ten, a rare few in the tens of thousands. */
export function popularity(random: Random): number {
  if (random.chance(0.3)) return 0;
  return Math.min(90_000, Math.floor(random.logNormal(10, 2.2)));
}

function repoName(random: Random, npmName: string): string {
  const unscoped = npmName.replace(/^@[^/]+\//, "");
  const roll = random.float();
  if (roll < 0.7) return unscoped;
  if (roll < 0.82)
    return unscoped
      .split("-")
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join("-");
  if (roll < 0.92) return `${unscoped}.js`;
  return `acme-${unscoped.replace(/^acme-/, "")}s`;
}

/** The login or top-level group in a mirror's path: a creator of the plugin. */
export function mirrorOwner(mirror: Mirror | undefined): string | undefined {
  return mirror?.path.split("/")[0];
}
