/**
 * The mirror phase: every distinct repository the members name is read once
 * per platform, then each member gets its mirrors de-duplicated by the
 * canonical repository the platform returned. A mirror that cannot be read
 * today keeps all of yesterday's values; one read today keeps yesterday's
 * value of each fact the answer did not give well-formed.
 */
import type { Mirror, SnapshotPlugin } from "../snapshot/schema.js";
import { FACT_KEYS, hasEveryFact, type RepositoryFacts } from "./mirrors/facts.js";
import { isRepositoryPath, type MirrorOutcome } from "./mirrors/outcome.js";
import { type MirrorRef, mirrorFromWebUrl, mirrorKey, type Platform } from "./mirrors/parse.js";
import type { BuildReport } from "./report.js";

export type MirrorReader = (platform: Platform, paths: readonly string[]) => Promise<Map<string, MirrorOutcome>>;

/** The mirrors each package names, plus the config's extra ones for it. */
export function mirrorRefsOf(packageRefs: readonly MirrorRef[], configMirrors: readonly string[]): MirrorRef[] {
  const refs = new Map<string, MirrorRef>();
  // Yesterday's records (an older version wrote them) may name paths no longer accepted: those are asked for nothing.
  for (const ref of [...packageRefs, ...configMirrors.map(mirrorFromWebUrl)])
    if (ref !== undefined && isRepositoryPath(ref.path) && !refs.has(mirrorKey(ref))) refs.set(mirrorKey(ref), ref);
  return [...refs.values()];
}

/**
 * Where yesterday a name led to a repository under another name (renamed,
 * transferred), today asks for that repository by its current name: GitLab's
 * GraphQL does not follow renames, so this saves a REST request a day each.
 */
export function renamesKnownFrom(previous: readonly SnapshotPlugin[] | undefined): Map<string, string> {
  const canonical = new Map<string, string>();
  for (const plugin of previous ?? []) {
    for (const mirror of plugin.mirrors)
      for (const name of mirror.names ?? [])
        if (name !== mirrorKey(mirror) && isRepositoryPath(mirror.path)) canonical.set(name, mirror.path);
  }
  return canonical;
}

export async function readAllMirrors(
  refsByPackage: ReadonlyMap<string, readonly MirrorRef[]>,
  read: MirrorReader,
  report: BuildReport,
  renames: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, MirrorOutcome>> {
  const unique = new Map<string, MirrorRef>();
  for (const refs of refsByPackage.values()) for (const ref of refs) unique.set(mirrorKey(ref), ref);
  const asked = (ref: MirrorRef) => renames.get(mirrorKey(ref)) ?? ref.path;
  const outcomes = new Map<string, MirrorOutcome>();
  // The two platforms are independent hosts: read them at the same time.
  const platforms = await Promise.all(
    (["github", "gitlab"] as const).map(async (platform) => {
      const refs = [...unique.values()].filter((ref) => ref.platform === platform);
      return { platform, refs, answers: await read(platform, [...new Set(refs.map(asked))]) };
    }),
  );
  for (const { platform, refs, answers } of platforms) {
    for (const ref of refs) {
      const outcome = answers.get(asked(ref)) ?? { kind: "unavailable", reason: "not answered" };
      outcomes.set(mirrorKey(ref), outcome);
      if (outcome.kind === "found") report.mirrors[platform].found++;
      if (outcome.kind === "found" && !hasEveryFact(outcome.facts)) report.mirrors[platform].partial++;
      if (outcome.kind === "missing") report.mirrors[platform].missing++;
    }
  }
  return outcomes;
}

/** One package's mirrors after reading: found ones, and yesterday's for the unreadable. */
export function mirrorsOfPackage(
  refs: readonly MirrorRef[],
  outcomes: ReadonlyMap<string, MirrorOutcome>,
  before: SnapshotPlugin | undefined,
  checkedAt: string,
  report: BuildReport,
): Mirror[] {
  const byRepository = new Map<string, Mirror>();
  const add = (mirror: Mirror, name: string) => {
    const key = mirrorKey(mirror);
    const existing = byRepository.get(key);
    byRepository.set(
      key,
      existing === undefined ? { ...mirror, names: [name] } : { ...existing, names: [...new Set([...(existing.names ?? []), name])] },
    );
  };
  for (const ref of refs) {
    const name = mirrorKey(ref);
    const outcome = outcomes.get(name);
    const previous = before?.mirrors.find(
      (m) => m.platform === ref.platform && (m.names?.includes(name) === true || mirrorKey(m) === name),
    );
    if (outcome?.kind === "found") {
      add(
        {
          platform: ref.platform,
          path: outcome.canonicalPath,
          stars: outcome.stars,
          forks: outcome.forks,
          owner: outcome.owner,
          checkedAt,
          ...factsWithFallback(outcome.facts, previous),
        },
        name,
      );
    } else if (outcome?.kind !== "missing") {
      if (previous === undefined) report.mirrors[ref.platform].unreadNoPrevious++;
      else {
        report.mirrors[ref.platform].keptPrevious++;
        add(previous, name);
      }
    }
  }
  return [...byRepository.values()];
}

/** Today's facts, each missing one from yesterday's record of the repository when it had it. */
function factsWithFallback(today: RepositoryFacts, previous: Mirror | undefined): RepositoryFacts {
  const facts: Record<string, unknown> = {};
  for (const key of FACT_KEYS) {
    // Not `??`: a null (no push yet, no default branch) is today's answer, not a missing one.
    const value = today[key] !== undefined ? today[key] : previous?.[key];
    if (value !== undefined) facts[key] = value;
  }
  return facts as RepositoryFacts;
}
