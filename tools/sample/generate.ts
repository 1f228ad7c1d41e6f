/**
 * The sample catalog: a seeded, deterministic stream of plugins shaped like a
 * real npm plugin ecosystem, valid against the snapshot schema at any size.
 * Used for the committed example, for tests that need a realistic catalog,
 * and for benchmarks that need a big one.
 */
import { type CatalogSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type SnapshotPlugin } from "../../src/snapshot/schema.js";
import { DEFAULT_GENERATED_AT, parseGeneratedAt, ReleaseClock } from "./dates.js";
import { DisplayNames } from "./display-names.js";
import { facts } from "./facts.js";
import { sampleCompatibility } from "./host.js";
import { mirrorOwner, Repositories } from "./mirrors.js";
import { NameRegistry } from "./names.js";
import { creatorLogins, People } from "./people.js";
import { description } from "./prose.js";
import { Random } from "./random.js";
import { readme, readmeSize } from "./readme.js";
import { homepage, license, registry, version } from "./release.js";
import { CATEGORIES, hasWebUi, tags } from "./tags.js";

export interface SampleOptions {
  /** How many plugins, a non-negative integer. */
  plugins: number;
  /** An integer 0 … 2^32 - 1; the same seed always gives the same snapshot. */
  seed: number;
  /** The snapshot's build time and the upper bound of every date in it; default {@link DEFAULT_GENERATED_AT}. */
  generatedAt?: string;
}

/** @example generateSnapshot({ plugins: 300, seed: 1 }) */
export function generateSnapshot(options: SampleOptions): CatalogSnapshot {
  const generatedAt = options.generatedAt ?? DEFAULT_GENERATED_AT;
  return { ...snapshotHeader(generatedAt), plugins: [...generatePlugins(options)] };
}

/**
 * Everything but the plugins; the category keywords the tags draw from are the catalog's configured categories, and
 * the host the plugins' `engines.host` ranges are of.
 */
export function snapshotHeader(generatedAt: string): Omit<CatalogSnapshot, "plugins"> {
  return {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_VERSION,
    generatedAt,
    categories: [...CATEGORIES],
    compatibility: sampleCompatibility(parseGeneratedAt(generatedAt)),
  };
}

/** The facts' own stream: a second generator, so that the first draws every other value as it did before they existed. */
const FACTS_SEED_OFFSET = 0x9e37_79b9;

/**
 * The plugins of {@link generateSnapshot}, one at a time, so that a writer
 * can stream a large catalog to disk without holding it all in memory.
 */
export function* generatePlugins(options: SampleOptions): Generator<SnapshotPlugin, void> {
  const generatedAt = checkSampleOptions(options);
  const random = new Random(options.seed);
  const factsRandom = new Random((options.seed + FACTS_SEED_OFFSET) >>> 0);
  const people = new People(random);
  const repositories = new Repositories(people, generatedAt, factsRandom);
  const names = new NameRegistry();
  const displayNames = new DisplayNames();
  const clock = new ReleaseClock(generatedAt);

  for (let i = 0; i < options.plugins; i++) {
    const plan = repositories.plan(random);
    const { npmName, slug, words } = names.claim(random, plan.owner);
    const mirrors = repositories.mirrors(random, plan, npmName);
    const mirrorOwners = mirrors.map(mirrorOwner).filter((owner): owner is string => owner !== undefined);
    const github = mirrors.find((mirror) => mirror.platform === "github");
    const first = mirrors[0];
    const repositoryUrl = first === undefined ? undefined : `https://${first.platform}.com/${first.path}`;
    const name = displayNames.next(random, npmName, words);
    const tagList = tags(random);
    const { publishedAt, updatedAt } = clock.next(random);
    // In the order the stream always drew them: description, then version.
    const pluginDescription = description(random);
    const pluginVersion = version(random);
    const plugin: SnapshotPlugin = {
      slug,
      npmName,
      name,
      description: pluginDescription,
      version: pluginVersion,
      license: license(random),
      homepage: homepage(random, repositoryUrl, npmName),
      totalStars: mirrors.reduce((sum, mirror) => sum + mirror.stars, 0),
      totalForks: mirrors.reduce((sum, mirror) => sum + mirror.forks, 0),
      hasWebUi: hasWebUi(tagList),
      publishedAt,
      updatedAt,
      tags: tagList,
      readme: readme(random, { npmName, title: name, githubPath: github?.path }, readmeSize(random)),
      creators: creatorLogins(people.maintainers(random, plan.owner), mirrorOwners),
      mirrors,
      ...facts(factsRandom, { version: pluginVersion, publishedAt, updatedAt, generatedAt }),
    };
    const validators = registry(random);
    if (validators !== undefined) plugin.registry = validators;
    yield plugin;
  }
}

/**
 * Returns `generatedAt` in milliseconds.
 * @throws RangeError for a bad count, seed or generatedAt
 */
export function checkSampleOptions(options: SampleOptions): number {
  const { plugins, seed } = options;
  if (!Number.isSafeInteger(plugins) || plugins < 0) throw new RangeError(`plugins must be a non-negative integer, got ${plugins}`);
  // pure-rand reads the seed as 32 bits: a wider range would alias seeds silently.
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff)
    throw new RangeError(`seed must be an integer 0 … 4294967295, got ${seed}`);
  return parseGeneratedAt(options.generatedAt ?? DEFAULT_GENERATED_AT);
}
